import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyField } from './CopyField.tsx';

const URL = 'https://t.example/click?key=abc';

describe('CopyField', () => {
  it('cannot be edited, and selects the whole value on focus for a manual copy', async () => {
    render(<CopyField label="Campaign URL" description="Paste it into the traffic source" value={URL} />);
    const box = screen.getByRole('textbox', { name: 'Campaign URL' });
    expect(box).toHaveAttribute('readonly');
    expect(box).toHaveAccessibleDescription('Paste it into the traffic source');
    await userEvent.type(box, 'x');
    expect(box).toHaveValue(URL);
    box.blur();
    await userEvent.click(box);
    const input = box as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, URL.length]);
  });

  it('tells the caller whether the copy worked', async () => {
    const onCopy = vi.fn();
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.resolve() },
      configurable: true,
    });
    const { unmount } = render(<CopyField label="URL" value={URL} onCopy={onCopy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(onCopy).toHaveBeenLastCalledWith(true);
    unmount();

    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    render(<CopyField label="URL" value={URL} onCopy={onCopy} failedLabel="Copy it by hand" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(onCopy).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('button', { name: 'Copy it by hand' })).toBeInTheDocument();
    // The value is left selected, ready for Ctrl+C.
    const input = screen.getByRole('textbox', { name: 'URL' }) as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, URL.length]);
  });
});
