import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../../app/testing.ts';

function renderColumns(role: string, saved: unknown, ...routes: Route[]) {
  return renderApp('/settings/columns', [
    ...signedInAs({ role }),
    ...routes,
    on('GET', '/api/settings/columns', () => json(saved)),
  ]);
}

describe('settings/columns', () => {
  it('saves the default columns of a list, and leaves tables at the built-in default out', async () => {
    const bodies: unknown[] = [];
    renderColumns(
      'admin',
      { tables: { clicklog: ['time', 'click_id', 'country'] } },
      on('PUT', '/api/settings/columns', async (request) => {
        const body = await request.json();
        bodies.push(body);
        return json(body);
      }),
    );
    const roi = await screen.findByRole('checkbox', { name: 'ROI in Campaigns list' });
    expect(document.title).toBe('Columns - Settings - Cairn');
    expect(roi).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Country in Click log' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'IP in Click log' })).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(roi);
    await user.click(screen.getByRole('checkbox', { name: 'LP CTR in Campaigns list' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          tables: {
            campaign: ['clicks', 'lpCtr', 'leads', 'cr', 'revenue', 'cost', 'profit', 'epc'],
            clicklog: ['time', 'click_id', 'country'],
          },
        },
      ]),
    );
  });

  it('lets a plain user see the defaults only', async () => {
    renderColumns('user', { tables: {} });
    expect(await screen.findByText('Only admins change the default columns.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Clicks in Reports' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
