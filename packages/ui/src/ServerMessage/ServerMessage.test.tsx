import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServerMessage } from './ServerMessage.tsx';
import { sanitizeServerText } from './sanitize.ts';
import { formatDetail } from './serverText.ts';

describe('ServerMessage', () => {
  it('removes <script> and <img onerror>, keeping the text', async () => {
    const { container } = render(
      <ServerMessage
        message={'Bad <script>window.pwned = 1</script>input<img src=x onerror="window.pwned = 2"> here'}
      />,
    );
    // Markup waits for the sanitiser's chunk.
    await waitFor(() => expect(container).toHaveTextContent('Bad input here'));
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect(container).toHaveTextContent('Bad input here');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('renders as inline content where only phrasing content is allowed', () => {
    const { container } = render(
      <p>
        <ServerMessage as="span" message="Failed: see https://status.example" />
      </p>,
    );
    const root = container.querySelector('p > span');
    expect(root).not.toBeNull();
    expect(root?.querySelector('a')).toHaveAttribute('href', 'https://status.example');
  });

  it('turns bare URLs into links that open in a new tab without an opener', () => {
    render(<ServerMessage message="Register at https://cairn.example/trial. Or write to www.example.org" />);
    const trial = screen.getByRole('link', { name: 'https://cairn.example/trial' });
    expect(trial).toHaveAttribute('href', 'https://cairn.example/trial');
    expect(trial).toHaveAttribute('target', '_blank');
    expect(trial).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'www.example.org' })).toHaveAttribute(
      'href',
      'https://www.example.org',
    );
  });

  it('neutralises javascript: links and prefixes ids', () => {
    const html = sanitizeServerText(
      '<a href="javascript:alert(1)" id="login">x</a><span name="form">y</span>',
    );
    expect(html).not.toContain('javascript:');
    expect(html).toContain('id="user-content-login"');
    expect(html).toContain('name="user-content-form"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('does not link a URL that is already a link', () => {
    const html = sanitizeServerText('<a href="https://a.example">https://a.example</a>');
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it('shows a detail list one per line and key-value detail as key: value lines', () => {
    const { container } = render(
      <ServerMessage
        message="Validation failed"
        errors={[
          { message: 'Name', detail: ['is required', 'is too short'] },
          { message: 'Payout', detail: { min: 0, max: 100 } },
        ]}
      />,
    );
    expect(container.firstElementChild?.innerHTML).toBe(
      'Validation failed\nName\nis required\nis too short\nPayout\nmin: 0\nmax: 100',
    );
    expect(formatDetail({ country: ['US', 'DE'] })).toBe('country: US, DE');
  });
});
