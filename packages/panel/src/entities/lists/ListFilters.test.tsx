import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../app/testing.ts';

// The filters above a list reach the server as query parameters, a reference filter offers "none" too,
// and "Any" takes a filter off again.

const group = {
  id: 3,
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  name: 'Dating',
  kind: 'offer',
  notes: '',
  memberCount: 0,
};

describe('list filters', () => {
  it('sends the archived choice and a reference filter, and drops the filter at Any', async () => {
    const seen: URLSearchParams[] = [];
    renderApp('/offers', [
      ...signedInAs(),
      on('GET', '/api/group', () => json({ items: [group], total: 1, page: 1, pageSize: 500 })),
      on('GET', '/api/affiliate_network', () => json({ items: [], total: 0, page: 1, pageSize: 500 })),
      on('GET', '/api/offer', (request) => {
        seen.push(new URL(request.url).searchParams);
        return json({ items: [], total: 0, page: 1, pageSize: 50 });
      }),
    ]);
    const user = userEvent.setup();
    const last = () => seen.at(-1);
    await waitFor(() => expect(last()?.get('archived')).toBe('false'));

    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Active and archived' }));
    await waitFor(() => expect(last()?.get('archived')).toBe('all'));

    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    expect(await screen.findByRole('option', { name: 'No group' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Dating' }));
    await waitFor(() => expect(last()?.get('groupId')).toBe('3'));
    expect(last()?.get('archived')).toBe('all');

    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'Any' }));
    await waitFor(() => expect(last()?.has('groupId')).toBe(false));
  });
});
