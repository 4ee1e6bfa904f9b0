import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Each test takes fresh modules: whether the sanitiser was fetched is state of the module.
async function freshServerMessage() {
  vi.resetModules();
  const { ServerMessage } = await import('./ServerMessage.tsx');
  const { sanitizerState } = await import('./sanitizer.ts');
  return { ServerMessage, sanitizerState };
}

afterEach(() => {
  vi.doUnmock('./sanitize.ts');
  vi.restoreAllMocks();
});

describe('the sanitiser of ServerMessage', () => {
  it('is not fetched for plain text, which shows at once', async () => {
    const { ServerMessage, sanitizerState } = await freshServerMessage();
    const { container } = render(<ServerMessage message="Down for maintenance, see www.example.org" />);
    expect(container.querySelector('a')).toHaveAttribute('href', 'https://www.example.org');
    expect(container).toHaveTextContent('Down for maintenance, see www.example.org');
    expect(sanitizerState().status).toBe('idle');
  });

  it('is fetched for markup, which shows once it has arrived', async () => {
    const { ServerMessage, sanitizerState } = await freshServerMessage();
    const { container } = render(<ServerMessage message="Use <b>bold</b> <i>words</i>" />);
    expect(container.textContent).toBe('');
    expect(sanitizerState().status).toBe('loading');
    await vi.waitFor(() => expect(container.querySelector('b')).toHaveTextContent('bold'));
    expect(container).toHaveTextContent('Use bold words');
    expect(sanitizerState().status).toBe('ready');
  });

  it('shows markup escaped, as text, when the sanitiser cannot be fetched', async () => {
    vi.doMock('./sanitize.ts', () => {
      throw new Error('chunk gone');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { ServerMessage, sanitizerState } = await freshServerMessage();
    const { container } = render(<ServerMessage message="Bad <img src=x onerror=alert(1)>input" />);
    await vi.waitFor(() => expect(container).toHaveTextContent('Bad <img src=x onerror=alert(1)>input'));
    expect(container.querySelector('img')).toBeNull();
    expect(sanitizerState().status).toBe('failed');
    expect(logged).toHaveBeenCalled();
  });
});
