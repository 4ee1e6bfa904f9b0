import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../../app/testing.ts';

const TOKEN = 'cairn_click_c2VjcmV0IHRva2VuIGZvciB0aGUgdGVzdA';

/** The click-API routes in memory: the section's calls and what it shows afterwards. */
function clickApiServer() {
  let createdAt: string | null = null;
  const calls: string[] = [];
  const settings = () => ({ enabled: createdAt !== null, createdAt, path: '/click/api' });
  const routes = [
    on('GET', '/api/settings/click-api', () => json(settings())),
    on('POST', '/api/settings/click-api/token', () => {
      calls.push('make');
      createdAt = '2026-03-04T10:30:00.000Z';
      return json({ ...settings(), token: TOKEN });
    }),
    on('DELETE', '/api/settings/click-api/token', () => {
      calls.push('off');
      createdAt = null;
      return json(settings());
    }),
  ];
  return { routes, calls };
}

describe('Settings > Click API', () => {
  it('makes a token, shows it once, and turns the API off again after asking', async () => {
    const server = clickApiServer();
    renderApp('/settings/click-api', [...signedInAs(), ...server.routes]);
    expect(await screen.findByRole('heading', { name: 'Click API', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('Off: no token works until you make one.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Make a token' }));
    const ask = await screen.findByRole('alertdialog');
    await user.click(within(ask).getByRole('button', { name: 'Make token' }));
    expect(await screen.findByLabelText('New click-API token')).toHaveValue(TOKEN);
    expect(await screen.findByText(/^On\. The current token was made/)).toBeInTheDocument();
    // The PHP lander example calls this tracker with the token from the environment, never the token itself.
    const examples = screen.getAllByRole('code' as never).map((node) => node.textContent ?? '');
    expect(examples.join('\n')).toContain(`${window.location.origin}/click/api`);
    expect(examples.join('\n')).not.toContain(TOKEN);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Turn off' }),
    );
    expect(await screen.findByText('Off: no token works until you make one.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New click-API token')).toBeNull();
    expect(server.calls).toEqual(['make', 'off']);
  });
});
