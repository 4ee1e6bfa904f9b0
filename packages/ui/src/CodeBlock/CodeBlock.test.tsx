import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeBlock } from './CodeBlock.tsx';

const SCRIPT = '<script src="https://t.example/lp.js"></script>\n<a href="{click_url}">Go</a>';

describe('CodeBlock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the code verbatim, line breaks and markup included, in a scroll area reachable by keyboard', () => {
    render(<CodeBlock language="html" code={SCRIPT} />);
    const code = screen.getByText((_, element) => element?.tagName === 'CODE');
    expect(code.textContent).toBe(SCRIPT);
    expect(code.closest('pre')).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('html')).toBeInTheDocument();
  });

  it('says it copied, then offers to copy again', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();
    render(<CodeBlock code="{clickid}" copyLabel="Copy postback" copiedLabel="Postback copied" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy postback' }));
    });
    expect(writeText).toHaveBeenCalledWith('{clickid}');
    expect(screen.getByRole('button', { name: 'Postback copied' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('button', { name: 'Copy postback' })).toBeInTheDocument();
  });

  it('has no copy button when it is not copyable', () => {
    render(<CodeBlock code="secret" copyable={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
