import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextArea } from './TextArea.tsx';

function Notes() {
  const [value, setValue] = useState('');
  return (
    <>
      <TextArea label="Notes" value={value} onChange={(event) => setValue(event.target.value)} />
      <output>{JSON.stringify(value)}</output>
    </>
  );
}

describe('TextArea', () => {
  it('is a labelled multi-line box that keeps line breaks', async () => {
    render(<Notes />);
    const box = screen.getByRole('textbox', { name: 'Notes' });
    expect(box.tagName).toBe('TEXTAREA');
    await userEvent.type(box, 'first{Enter}second');
    expect(screen.getByRole('status')).toHaveTextContent('"first\\nsecond"');
  });

  it('announces its error and description, and its required state', () => {
    render(
      <TextArea label="Notes" required description="Only admins see notes" error="Notes are required" />,
    );
    const box = screen.getByRole('textbox', { name: /Notes/ });
    expect(box).toBeRequired();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Notes are required Only admins see notes');
  });

  it('does not spell-check code-like text unless asked to', () => {
    render(
      <>
        <TextArea label="IPs" monospace />
        <TextArea label="Sub ids" monospace spellCheck />
        <TextArea label="Notes" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'IPs' })).toHaveAttribute('spellcheck', 'false');
    expect(screen.getByRole('textbox', { name: 'Sub ids' })).toHaveAttribute('spellcheck', 'true');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('spellcheck', 'true');
  });

  it('takes no typing while disabled', async () => {
    render(<TextArea label="Notes" disabled defaultValue="fixed" />);
    const box = screen.getByRole('textbox', { name: 'Notes' });
    await userEvent.type(box, 'more');
    expect(box).toHaveValue('fixed');
    expect(box).toBeDisabled();
  });
});
