import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/server.ts';
import { openData } from './runtime.ts';
import { listBackups } from './store/config/backups.ts';
import { DuckDbConfigStore } from './store/config/duckdb.ts';
import { MIGRATIONS, type Migration, schemaVersion } from './store/config/migrate.ts';

describe('opening the data directory', () => {
  it('mints the tracker id once, and backs the database up before a new migration', async () => {
    const dataDir = tempDir();
    const config = { dataDir, secretKey: null, now: () => Date.parse('2026-05-01T10:00:00Z') };
    const first = await openData(config, 'test');
    const trackerId = first.trackerId;
    await first.store.execute("INSERT INTO settings (key, value) VALUES ('marker', 'kept')");
    await first.close();
    expect(await listBackups(dataDir)).toEqual([]);

    const latest = MIGRATIONS.at(-1)?.version ?? 0;
    const next: Migration = {
      version: latest + 1,
      name: 'a later release',
      statements: ['CREATE TABLE later_release (id BIGINT PRIMARY KEY)'],
    };
    const second = await openData(config, 'test', [...MIGRATIONS, next]);
    expect(second.trackerId).toBe(trackerId);
    expect(second.migration).toMatchObject({ from: latest, to: latest + 1 });
    await second.close();

    const backups = await listBackups(dataDir);
    expect(backups).toEqual([
      expect.objectContaining({ schemaVersion: latest, beforeMigration: latest + 1 }),
    ]);
    // The backup is the database as it was before the migration, data included.
    const copy = await DuckDbConfigStore.open(path.join(dataDir, 'backups', `${backups[0]?.id}.duckdb`));
    try {
      expect(await schemaVersion(copy)).toBe(latest);
      expect(await copy.query("SELECT value FROM settings WHERE key = 'marker'")).toEqual([
        { value: 'kept' },
      ]);
    } finally {
      await copy.close();
    }
  });

  it('refuses while another holder has the data directory', async () => {
    const dataDir = tempDir();
    const config = { dataDir, secretKey: null, now: Date.now };
    const held = await openData(config, 'the test server');
    try {
      await expect(openData(config, 'cairn migrate')).rejects.toThrow(/in use by the test server/);
    } finally {
      await held.close();
    }
  });
});
