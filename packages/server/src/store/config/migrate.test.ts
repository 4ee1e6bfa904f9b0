import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/server.ts';
import { acquireDataDirLock, DataDirLockedError } from '../../lock.ts';
import { backupDatabase, databasePath, listBackups, restoreBackup } from './backups.ts';
import { DuckDbConfigStore } from './duckdb.ts';
import { MIGRATIONS, type Migration, migrate, schemaVersion } from './migrate.ts';

const open: DuckDbConfigStore[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

async function openStore(dataDir: string): Promise<DuckDbConfigStore> {
  const store = await DuckDbConfigStore.open(databasePath(dataDir));
  open.push(store);
  return store;
}

const addNotes: Migration = {
  version: MIGRATIONS.length + 1,
  name: 'notes',
  statements: ['CREATE TABLE notes (id BIGINT PRIMARY KEY, body VARCHAR NOT NULL)'],
};

describe('migrations', () => {
  it('apply in order once, backing the file up before a new one on an existing database', async () => {
    const dataDir = tempDir();
    const store = await openStore(dataDir);
    const backedUp: number[] = [];
    const beforeApply = async (current: number, next: Migration) => {
      await store.checkpoint();
      backedUp.push(next.version);
      await backupDatabase({
        dataDir,
        schemaVersion: current,
        beforeMigration: next.version,
        now: Date.now(),
      });
    };
    const first = await migrate(store, { beforeApply });
    expect(first).toMatchObject({ from: 0, to: MIGRATIONS.length });
    // Nothing to lose on a brand-new database, so no backup.
    expect(backedUp).toEqual([]);
    await store.execute("INSERT INTO settings (key, value) VALUES ('marker', 'before')");

    const again = await migrate(store, { beforeApply });
    expect(again.applied).toEqual([]);

    const second = await migrate(store, { migrations: [...MIGRATIONS, addNotes], beforeApply });
    expect(second.applied.map((m) => m.name)).toEqual(['notes']);
    expect(backedUp).toEqual([addNotes.version]);
    expect(await schemaVersion(store)).toBe(addNotes.version);
    const backups = await listBackups(dataDir);
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatchObject({ schemaVersion: MIGRATIONS.length, beforeMigration: addNotes.version });
  });

  it('roll back a failing migration as a whole', async () => {
    const store = await openStore(tempDir());
    await migrate(store);
    const broken: Migration = {
      version: MIGRATIONS.length + 1,
      name: 'broken',
      statements: ['CREATE TABLE half_done (id BIGINT)', 'THIS IS NOT SQL'],
    };
    await expect(migrate(store, { migrations: [...MIGRATIONS, broken] })).rejects.toThrow();
    expect(await schemaVersion(store)).toBe(MIGRATIONS.length);
    const tables = await store.query(
      "SELECT table_name FROM information_schema.tables WHERE table_name = 'half_done'",
    );
    expect(tables).toEqual([]);
  });

  it('refuse a database newer than the code', async () => {
    const store = await openStore(tempDir());
    await migrate(store, { migrations: [...MIGRATIONS, addNotes] });
    await expect(migrate(store)).rejects.toThrow(/newer than this Cairn knows/);
  });

  it('can be undone by restoring the backup taken before them', async () => {
    const dataDir = tempDir();
    let store = await openStore(dataDir);
    await migrate(store);
    await store.execute("INSERT INTO settings (key, value) VALUES ('marker', 'old')");
    await migrate(store, {
      migrations: [...MIGRATIONS, addNotes],
      beforeApply: async (current, next) => {
        await store.checkpoint();
        await backupDatabase({
          dataDir,
          schemaVersion: current,
          beforeMigration: next.version,
          now: Date.now(),
        });
      },
    });
    await store.execute("UPDATE settings SET value = 'new' WHERE key = 'marker'");
    await store.close();
    const [backup] = await listBackups(dataDir);
    await restoreBackup(dataDir, backup?.id ?? '', Date.now() + 1000, addNotes.version);
    store = await openStore(dataDir);
    expect(await schemaVersion(store)).toBe(MIGRATIONS.length);
    expect(await store.query("SELECT value FROM settings WHERE key = 'marker'")).toEqual([{ value: 'old' }]);
    // The replaced database was kept too.
    expect((await listBackups(dataDir)).map((b) => b.id).some((id) => id.endsWith('-before-restore'))).toBe(
      true,
    );
  });
});

describe('data-dir lock', () => {
  it('admits one holder and names it to the next', () => {
    const dataDir = tempDir();
    const lock = acquireDataDirLock(dataDir, 'the test server');
    expect(() => acquireDataDirLock(dataDir, 'a CLI command')).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir, 'a CLI command')).toThrow(/the test server/);
    lock.release();
    acquireDataDirLock(dataDir, 'a CLI command').release();
  });

  it('takes over a lock left by a dead process', () => {
    const dataDir = tempDir();
    fs.writeFileSync(
      path.join(dataDir, 'cairn.lock'),
      JSON.stringify({ pid: 2 ** 22 + 12345, purpose: 'ghost' }),
    );
    acquireDataDirLock(dataDir, 'the new server').release();
  });
});
