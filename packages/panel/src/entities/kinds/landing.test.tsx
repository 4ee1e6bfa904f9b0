import { DEFAULT_LP_PROTECT, type LpProtectSettings, lpProtectNode, lpProtectPhp } from '@cairn/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../app/testing.ts';

// The lander form's links to copy, the checks of a protected lander, and its LP protect switch.

const REDIRECTING: LpProtectSettings = {
  ...DEFAULT_LP_PROTECT,
  unprotectedAction: 'redirect',
  redirectUrl: 'https://safe.example/',
};

function lander(change: Record<string, unknown>) {
  return {
    id: 5,
    archived: false,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    name: 'Quiz v3',
    url: 'https://lp.example/quiz/',
    offersCount: 1,
    language: null,
    groupId: null,
    lpProtect: false,
    lpProtectKey: null,
    notes: '',
    clickThroughUrl: 'https://trk.example/click?lp=1',
    offerClickThroughUrls: [],
    ...change,
  };
}

function renderEdit(item: ReturnType<typeof lander>) {
  renderApp('/landings/edit/5', [
    ...signedInAs(),
    on('GET', '/api/landing/5', () => json(item)),
    on('GET', '/api/audit_log', () => json({ items: [], total: 0, page: 1, pageSize: 20 })),
    on('GET', '/api/settings/lp-protect', () => json(REDIRECTING)),
  ]);
}

describe('lander form', { timeout: 20_000 }, () => {
  it('gives a protected lander the PHP and Node.js checks with its own secret and the set answer', async () => {
    renderEdit(lander({ lpProtect: true, lpProtectKey: 'k3y-Secret_123' }));
    expect(await screen.findByRole('textbox', { name: 'Click-through URL' })).toHaveValue(
      'https://trk.example/click?lp=1',
    );
    await waitFor(() =>
      expect(screen.getByText(/<\?php/).textContent).toBe(lpProtectPhp('k3y-Secret_123', REDIRECTING)),
    );
    const php = screen.getByText(/<\?php/).textContent ?? '';
    expect(php).toContain("$cairnSecret = 'k3y-Secret_123';");
    expect(php).toContain("header('Location: ' . 'https://safe.example/', true, 302);");
    expect(screen.getByText(/module\.exports/).textContent).toBe(
      lpProtectNode('k3y-Secret_123', REDIRECTING),
    );
    expect(screen.getByRole('button', { name: 'Copy the PHP check' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the Node.js check' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Protect this lander' })).toBeChecked();
  });

  it('starts a new lander’s switch at the installation default and leaves it to the server', async () => {
    const bodies: unknown[] = [];
    renderApp('/landings/create', [
      ...signedInAs(),
      on('GET', '/api/settings/lp-protect', () => json({ ...DEFAULT_LP_PROTECT, defaultOn: true })),
      on('POST', '/api/landing', async (request) => {
        const body = await request.json();
        bodies.push(body);
        return json(lander({ ...body, lpProtect: true, lpProtectKey: 'new-Secret' }), 201);
      }),
      on('GET', '/api/audit_log', () => json({ items: [], total: 0, page: 1, pageSize: 20 })),
    ]);
    const protect = await screen.findByRole('switch', { name: 'Protect this lander' });
    await waitFor(() => expect(protect).toBeChecked());
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Fresh');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://lp.example/fresh');
    await user.click(screen.getByRole('button', { name: /^Create/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('lpProtect');
  });

  it('shows no check for a lander without protection', async () => {
    renderEdit(lander({}));
    await screen.findByRole('textbox', { name: 'Click-through URL' });
    expect(screen.queryByText(/Cairn LP protect/)).toBeNull();
    expect(screen.getByRole('switch', { name: 'Protect this lander' })).not.toBeChecked();
  });

  it('fills the URL with a hosted folder’s address when one is picked', async () => {
    renderApp('/landings/edit/5', [
      ...signedInAs(),
      on('GET', '/api/landing/5', () => json(lander({}))),
      on('GET', '/api/audit_log', () => json({ items: [], total: 0, page: 1, pageSize: 20 })),
      on('GET', '/api/lander-files', () =>
        json({
          folders: [
            {
              name: 'spring',
              files: 1,
              bytes: 10,
              modifiedAt: '2026-11-22T10:00:00.000Z',
              usedBy: [],
              url: 'https://trk.example/lp/spring/',
            },
          ],
          usedBytes: 10,
          quotaBytes: 1000,
          fileMaxBytes: 100,
          uploadMaxBytes: 100,
        }),
      ),
    ]);
    const url = await screen.findByRole('textbox', { name: 'URL' });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Hosted folder' }));
    await userEvent.click(await screen.findByRole('option', { name: 'spring' }));
    expect(url).toHaveValue('https://trk.example/lp/spring/?clickid={clickid}');
  });

  it('escapes a quote or backslash in the secret for PHP', () => {
    expect(lpProtectPhp("it's\\odd", DEFAULT_LP_PROTECT)).toContain("$cairnSecret = 'it\\'s\\\\odd';");
  });
});
