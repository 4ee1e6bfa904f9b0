import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveKeys, type Keys, loadMasterKey } from './auth/secrets.ts';
import type { CairnConfig } from './config.ts';
import { restrictDataDir } from './files.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { getSetting, SETTING_TRACKER_ID, setSetting } from './settings.ts';
import { backupDatabase, databasePath } from './store/config/backups.ts';
import { DuckDbConfigStore } from './store/config/duckdb.ts';
import { MIGRATIONS, type Migration, type MigrationRun, migrate } from './store/config/migrate.ts';
import { DuckDbEventStore } from './store/events/duckdb.ts';
import type { EventStore } from './store/events/port.ts';

export const CAIRN_VERSION: string = (
  JSON.parse(
    fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../package.json'), 'utf8'),
  ) as { version: string }
).version;

export interface OpenedData {
  store: DuckDbConfigStore;
  lock: DataDirLock;
  keys: Keys;
  trackerId: string;
  migration: MigrationRun;
  close(): Promise<void>;
}

/**
 * Takes the data-dir lock, opens the embedded store and brings its schema up to date, backing the file
 * up before the first new migration. Used by the server and by every data-changing CLI command.
 */
export async function openData(
  config: Pick<CairnConfig, 'dataDir' | 'secretKey' | 'now'>,
  purpose: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<OpenedData> {
  const lock = acquireDataDirLock(config.dataDir, purpose);
  let store: DuckDbConfigStore | null = null;
  try {
    store = await DuckDbConfigStore.open(databasePath(config.dataDir));
    const opened = store;
    const migration = await migrate(opened, {
      migrations,
      now: config.now,
      beforeApply: async (currentVersion, next) => {
        await opened.checkpoint();
        await backupDatabase({
          dataDir: config.dataDir,
          schemaVersion: currentVersion,
          beforeMigration: next.version,
          now: config.now(),
        });
      },
    });
    const keys = deriveKeys(loadMasterKey(config.dataDir, config.secretKey));
    restrictDataDir(config.dataDir);
    let trackerId = await getSetting(opened, SETTING_TRACKER_ID);
    if (!trackerId) {
      trackerId = crypto.randomUUID();
      await setSetting(opened, SETTING_TRACKER_ID, trackerId);
    }
    return {
      store: opened,
      lock,
      keys,
      trackerId,
      migration,
      async close() {
        await opened.close();
        lock.release();
      },
    };
  } catch (error) {
    await store?.close();
    lock.release();
    throw error;
  }
}

/** The embedded event store, `events.duckdb` beside the configuration database. */
export async function openEventStore(config: Pick<CairnConfig, 'dataDir'>): Promise<EventStore> {
  const store = await DuckDbEventStore.open(path.join(config.dataDir, 'events.duckdb'));
  restrictDataDir(config.dataDir);
  return store;
}
