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

/**
 * A database file that DuckDB cannot open (a damaged file, or a write-ahead log that fails to replay). The
 * message names the file and how to recover, for an operator reading it at 3 a.m.
 */
export class StoreOpenError extends Error {
  readonly file: string;

  constructor(file: string, cause: unknown, recovery: string) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `Cannot open ${file}: ${reason}\n` +
        `The file or its write-ahead log (${path.basename(file)}.wal) is damaged. ${recovery}`,
      { cause },
    );
    this.name = 'StoreOpenError';
    this.file = file;
  }
}

const CONFIG_RECOVERY =
  'To recover: stop every Cairn on this data directory and copy the directory somewhere safe; then list ' +
  'the backups Cairn took before each migration (and on request) with `cairn rollback`, and restore one ' +
  'with `cairn rollback <backup id>` (the damaged file is kept as a backup too). Changes made after that ' +
  'backup are lost; restore your own copy of the data directory instead if it is newer.';

const EVENTS_RECOVERY =
  'To recover: stop Cairn, restore events.duckdb from your own copy of the data directory, or move ' +
  'events.duckdb and events.duckdb.wal aside to start with an empty event store (reports then lose the ' +
  'history in it; configuration, users and campaigns live in cairn.duckdb and are kept). ' +
  'For cairn.duckdb, `cairn rollback` lists the backups and `cairn rollback <backup id>` restores one.';

/** Opens the configuration database, turning DuckDB's failure into a StoreOpenError. */
export async function openConfigStore(dataDir: string): Promise<DuckDbConfigStore> {
  const file = databasePath(dataDir);
  try {
    return await DuckDbConfigStore.open(file);
  } catch (error) {
    throw new StoreOpenError(file, error, CONFIG_RECOVERY);
  }
}

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
    store = await openConfigStore(config.dataDir);
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

/**
 * The event store: ClickHouse when `CAIRN_EVENTS_DB` is set (scale-out), otherwise the embedded
 * `events.duckdb` beside the configuration database.
 */
export async function openEventStore(config: Pick<CairnConfig, 'dataDir'>): Promise<EventStore> {
  const eventsDb = process.env.CAIRN_EVENTS_DB?.trim();
  if (eventsDb) return openClickHouseEventStore(eventsDb);
  const file = path.join(config.dataDir, 'events.duckdb');
  let store: EventStore;
  try {
    store = await DuckDbEventStore.open(file);
  } catch (error) {
    throw new StoreOpenError(file, error, EVENTS_RECOVERY);
  }
  restrictDataDir(config.dataDir);
  return store;
}

/** Connects to the ClickHouse event store named by CAIRN_EVENTS_DB (an http(s):// URL). */
async function openClickHouseEventStore(url: string): Promise<EventStore> {
  // The URL may carry a password: it is never repeated in a message.
  if (!/^https?:\/\//i.test(url)) throw new Error('CAIRN_EVENTS_DB must be a ClickHouse http(s):// URL');
  // Loaded only here, so the embedded setup never loads the ClickHouse client.
  const { ClickHouseEventStore } = await import('./store/events/clickhouse.ts');
  return ClickHouseEventStore.open({ url });
}
