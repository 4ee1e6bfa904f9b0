import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, on, type Route, signedInAs } from '../../app/testing.ts';

// The modal is a chunk of its own, fetched when a mass edit opens; each test takes fresh modules, since
// whether it was fetched is state of the module.
async function renderAt(path: string, routes: Route[]) {
  vi.resetModules();
  const { renderApp } = await import('../../app/renderApp.tsx');
  return renderApp(path, [...signedInAs(), ...routes]);
}

const landing = (id: number, name: string) => ({
  id,
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  name,
  url: 'https://lander.example/',
  offersCount: 1,
  language: null,
  groupId: null,
  lpProtect: false,
  lpProtectKey: null,
  notes: '',
  clickThroughUrl: 'https://track.example/click',
  offerClickThroughUrls: [],
});

const lists = [
  on('GET', '/api/landing', () =>
    json({ items: [landing(1, 'First'), landing(2, 'Second')], total: 2, page: 1, pageSize: 500 }),
  ),
  on('GET', '/api/group', () => json({ items: [], total: 0, page: 1, pageSize: 500 })),
];

afterEach(() => {
  vi.doUnmock('./MassEditBody.tsx');
  vi.restoreAllMocks();
});

describe('mass edit on a list', () => {
  it('opens at edit/mass/{ids} with the fields of the kind once its chunk is in', async () => {
    await renderAt('/landings/edit/mass/1,2', lists);
    const dialog = await screen.findByRole('dialog', { name: 'Mass edit - Landers' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('2 landers');
    expect(dialog).toHaveTextContent('LP protect');
  });

  it('says the dialog did not arrive, offering a reload, when its chunk cannot be fetched', async () => {
    vi.doMock('./MassEditBody.tsx', () => {
      throw new Error('chunk gone');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { services } = await renderAt('/landings/edit/mass/1,2', lists);
    const reload = vi.spyOn(services, 'reload').mockImplementation(() => {});
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Part of the panel did not arrive');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
