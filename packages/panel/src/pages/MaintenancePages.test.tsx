import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, signedInAs } from '../app/testing.ts';

// The update and rollback pages promise only what Cairn does: the server backs up the embedded
// configuration database (not the event store), and a backup is restored by `cairn rollback` with the
// server stopped, never from the panel.

const restoreCommand = 'Stop Cairn, then run: cairn rollback <backup id>';
const backup = {
  id: '20261201T120000000Z-v7-before-v8',
  createdAt: '2026-12-01T12:00:00.000Z',
  schemaVersion: 7,
  beforeMigration: 8,
  sizeBytes: 4096,
};

describe('rollback page', () => {
  it('lists the backups and says what they hold and how one is restored', async () => {
    renderApp('/rollback', [
      ...signedInAs(),
      on('GET', '/api/backups', () => json({ backups: [backup], restoreCommand })),
    ]);
    expect(await screen.findByText(backup.id)).toBeInTheDocument();
    expect(screen.getByText(restoreCommand)).toBeInTheDocument();
    expect(screen.getByText(/configuration database/)).toHaveTextContent(
      'The event store (clicks and the figures reports read) is not in them',
    );
    expect(screen.getByText(/configuration database/)).toHaveTextContent(
      'restored from the command line with Cairn stopped',
    );
    expect(screen.queryByRole('button', { name: /restore/i })).toBeNull();
  });
});

describe('update page', () => {
  it('sends the reader to the command that restores a backup, not to a restore in the panel', async () => {
    renderApp('/update', [
      ...signedInAs(),
      on('GET', '/updates/check', () =>
        json({ is_available_updates: true, current_version: '0.1.0', latest_version: '0.2.0', notes: '' }),
      ),
    ]);
    const note = await screen.findByText(/To update: stop Cairn/);
    expect(note).toHaveTextContent('the configuration database is backed up before each one');
    expect(note).toHaveTextContent('with Cairn stopped, the command on the Rollback page restores');
    expect(note).not.toHaveTextContent('the Rollback page can restore it');
  });
});
