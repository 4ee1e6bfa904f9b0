import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../app/testing.ts';
import { lpProtectPhp } from './landingForm.tsx';

// The lander form's links to copy, and the PHP check of a protected lander.

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
  ]);
}

describe('lander form', { timeout: 20_000 }, () => {
  it('gives a protected lander the PHP check with its own secret', async () => {
    renderEdit(lander({ lpProtect: true, lpProtectKey: 'k3y-Secret_123' }));
    expect(await screen.findByRole('textbox', { name: 'Click-through URL' })).toHaveValue(
      'https://trk.example/click?lp=1',
    );
    const check = await screen.findByText(/Cairn LP protect/);
    expect(check.textContent).toBe(lpProtectPhp('k3y-Secret_123'));
    expect(check.textContent).toContain("$cairnSecret = 'k3y-Secret_123';");
    expect(screen.getByRole('button', { name: 'Copy the PHP check' })).toBeInTheDocument();
  });

  it('shows no check for a lander without protection', async () => {
    renderEdit(lander({}));
    await screen.findByRole('textbox', { name: 'Click-through URL' });
    expect(screen.queryByText(/Cairn LP protect/)).toBeNull();
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
    expect(lpProtectPhp("it's\\odd")).toContain("$cairnSecret = 'it\\'s\\\\odd';");
  });
});
