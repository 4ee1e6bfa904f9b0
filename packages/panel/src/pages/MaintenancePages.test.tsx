import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, signedInAs } from '../app/testing.ts';

// The update and rollback pages promise only what Cairn does: whole-installation backups taken by hand or
// daily while clicks are served, and a restore chosen in the panel applied at the next start, after a
// confirmation that says so.

const restoreCommand =
  'Restore from the list below (applied when Cairn restarts), or with Cairn stopped: cairn restore --from <backup directory> --data-dir <new empty directory>';
const schedule = { enabled: false, hour: 3, keep: 7 };
const installation = {
  id: '20261201T120000000Z-manual',
  createdAt: '2026-12-01T12:00:00.000Z',
  kind: 'installation',
  trigger: 'manual',
  schemaVersion: 11,
  beforeMigration: null,
  sizeBytes: 4096,
  contents: ['configuration', 'events', 'installation key', '0 certificates'],
  mark: '2026-12-01T12:00:00.000Z',
  restorable: true,
};
const configuration = {
  id: '20261101T120000000Z-v7-before-v8',
  createdAt: '2026-11-01T12:00:00.000Z',
  kind: 'configuration',
  trigger: 'migration',
  schemaVersion: 7,
  beforeMigration: 8,
  sizeBytes: 2048,
  contents: ['configuration'],
  mark: null,
  restorable: false,
};

describe('rollback page', () => {
  it('lists the backups with what they hold; only whole-installation ones can be restored here', async () => {
    renderApp('/rollback', [
      ...signedInAs(),
      on('GET', '/api/backups', () =>
        json({ backups: [installation, configuration], restoreCommand, schedule, pendingRestore: null }),
      ),
    ]);
    const card = (await screen.findByText(installation.id)).closest('section') ?? document.body;
    expect(card).toHaveTextContent('Whole installation');
    expect(card).toHaveTextContent('configuration, events, installation key');
    expect(screen.getByText(configuration.id)).toBeInTheDocument();
    expect(screen.getByText('Configuration only')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Restore…' })).toHaveLength(1);
    expect(screen.getByText(restoreCommand)).toBeInTheDocument();
  });

  it('backs up now and shows the new backup', async () => {
    const user = userEvent.setup();
    const backups = [configuration];
    renderApp('/rollback', [
      ...signedInAs(),
      on('GET', '/api/backups', () => json({ backups, restoreCommand, schedule, pendingRestore: null })),
      on('POST', '/api/backups', () => {
        backups.unshift(installation as never);
        return json(installation);
      }),
    ]);
    await screen.findByText(configuration.id);
    await user.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText(installation.id)).toBeInTheDocument();
  });

  it('restores only after the confirmation, and says a restart applies it', async () => {
    const user = userEvent.setup();
    let pendingRestore: string | null = null;
    const restored: string[] = [];
    renderApp('/rollback', [
      ...signedInAs(),
      on('GET', '/api/backups', () =>
        json({ backups: [installation], restoreCommand, schedule, pendingRestore }),
      ),
      on('POST', `/api/backups/${installation.id}/restore`, () => {
        restored.push(installation.id);
        pendingRestore = installation.id;
        return json({ pendingRestore, message: 'The restore is staged: restart Cairn to apply it.' });
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Restore…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('when it next starts');
    expect(dialog).toHaveTextContent('everyone signs in again');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(restored).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Restore…' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore at next start' }),
    );
    expect(
      await screen.findByText(/is staged: restart Cairn to apply it/, { selector: '[role="status"]' }),
    ).toBeInTheDocument();
    expect(restored).toEqual([installation.id]);
  });

  it('saves the daily schedule', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    renderApp('/rollback', [
      ...signedInAs(),
      on('GET', '/api/backups', () => json({ backups: [], restoreCommand, schedule, pendingRestore: null })),
      on('PUT', '/api/backups/schedule', async (request) => {
        const body = await request.json();
        saved.push(body);
        return json(body);
      }),
    ]);
    await user.click(await screen.findByRole('switch', { name: 'Back up every day' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ enabled: true, hour: 3, keep: 7 }]));
  });
});

describe('update page', () => {
  it('sends the reader to a backup before updating, and to the command that restores a migration backup', async () => {
    renderApp('/update', [
      ...signedInAs(),
      on('GET', '/updates/check', () =>
        json({ is_available_updates: true, current_version: '0.1.0', latest_version: '0.2.0', notes: '' }),
      ),
    ]);
    const note = await screen.findByText(/To update: back up/);
    expect(note).toHaveTextContent('To update: back up on the Rollback page, stop Cairn');
    expect(note).toHaveTextContent('the configuration database is backed up before each one');
    expect(note).toHaveTextContent('with Cairn stopped, cairn rollback restores such a backup');
  });
});
