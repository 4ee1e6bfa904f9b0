import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveKeys, type Keys, loadMasterKey } from './auth/secrets.ts';
import { type AppliedRestore, applyPendingRestore } from './backup/restore.ts';
import { type CairnConfig, DEFAULT_CONFIG } from './config.ts';
import { restrictDataDir } from './files.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { SETTING_MASTER_KEY_CHECK, SETTING_TRACKER_ID } from './settings/keys.ts';
import { getSetting } from './settings/store.ts';
import { ArchivedEventStore } from './store/clicks/archivedStore.ts';
import { backupDatabase, databasePath } from './store/config/backups.ts';
import { DuckDbConfigStore } from './store/config/duckdb.ts';
import { MIGRATIONS, type Migration, type MigrationRun, migrate } from './store/config/migrate.ts';
import type { Sql } from './store/config/port.ts';
import { PostgresConfigStore } from './store/config/postgres.ts';
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

/** The configuration database cannot be reached or used; the message names it without its password. */
export class ConfigDbError extends Error {}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}

/** Connects to the PostgreSQL configuration database named by CAIRN_CONFIG_DB. */
export async function openPostgresConfigStore(
  url: string,
  onError: (error: unknown) => void = () => {},
): Promise<PostgresConfigStore> {
  try {
    return await PostgresConfigStore.open(url, { onError });
  } catch (error) {
    throw new ConfigDbError(
      `Cannot use the configuration database ${withoutPassword(url)} (CAIRN_CONFIG_DB): ${(error as Error).message}`,
      { cause: error },
    );
  }
}

// The first start makes these; a second node starting at the same moment must find the first one's.
async function ensureSetting(sql: Sql, key: string, candidate: string): Promise<string> {
  await sql.execute('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    key,
    candidate,
  ]);
  return (await getSetting(sql, key)) ?? candidate;
}

/** What a node stores (and compares) under SETTING_MASTER_KEY_CHECK: a digest, never the key. */
export function masterKeyCheck(keys: Keys): string {
  return crypto.createHmac('sha256', keys.lookup).update('cairn master key check').digest('base64url');
}

// Nodes sharing a PostgreSQL store must share the master key too (CAIRN_SECRET_KEY): one with its own
// generated key would fail every session's CSRF check and every two-factor secret it decrypts.
async function checkSharedMasterKey(sql: Sql, keys: Keys): Promise<void> {
  const mine = masterKeyCheck(keys);
  const installed = await ensureSetting(sql, SETTING_MASTER_KEY_CHECK, mine);
  if (installed !== mine) {
    throw new ConfigDbError(
      "This node's master key is not the one the other nodes of this installation use: set the same " +
        "CAIRN_SECRET_KEY on every node (a key generated into the data directory is one node's alone).",
    );
  }
}

export interface OpenedData {
  store: DuckDbConfigStore | PostgresConfigStore;
  lock: DataDirLock;
  keys: Keys;
  trackerId: string;
  migration: MigrationRun;
  /** A restore staged from the panel that this opening applied; null: none was staged. */
  restored: AppliedRestore | null;
  close(): Promise<void>;
}

/**
 * Takes the data-dir lock, opens the config store and brings its schema up to date. The embedded store is
 * backed up before the first new migration; on PostgreSQL (`configDb`) an advisory lock makes nodes that
 * start together migrate one after the other, and backups are the database's own tools' job (pg_dump).
 * Used by the server and by every data-changing CLI command.
 */
export async function openData(
  config: Pick<CairnConfig, 'dataDir' | 'secretKey' | 'now'> & Partial<Pick<CairnConfig, 'configDb'>>,
  purpose: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<OpenedData> {
  // With PostgreSQL the data dir still holds this node's click journal and node id.
  const lock = acquireDataDirLock(config.dataDir, purpose);
  let store: DuckDbConfigStore | PostgresConfigStore | null = null;
  try {
    // Before any store is open: the staged restore swaps the database files.
    const restored = config.configDb
      ? null
      : await applyPendingRestore(config.dataDir, config.now(), CAIRN_VERSION);
    let migration: MigrationRun;
    if (config.configDb) {
      const shared = await openPostgresConfigStore(config.configDb);
      store = shared;
      migration = await shared.withLock('migrate', () => migrate(shared, { migrations, now: config.now }));
    } else {
      const embedded = await openConfigStore(config.dataDir);
      store = embedded;
      migration = await migrate(embedded, {
        migrations,
        now: config.now,
        beforeApply: async (currentVersion, next) => {
          await embedded.checkpoint();
          await backupDatabase({
            dataDir: config.dataDir,
            schemaVersion: currentVersion,
            beforeMigration: next.version,
            now: config.now(),
          });
        },
      });
    }
    const opened = store;
    const keys = deriveKeys(loadMasterKey(config.dataDir, config.secretKey));
    restrictDataDir(config.dataDir);
    if (opened.dialect === 'postgres') await checkSharedMasterKey(opened, keys);
    const trackerId = await ensureSetting(opened, SETTING_TRACKER_ID, crypto.randomUUID());
    return {
      store: opened,
      lock,
      keys,
      trackerId,
      migration,
      restored,
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
export async function openEventStore(
  config: Pick<CairnConfig, 'dataDir'> & Partial<Pick<CairnConfig, 'clickArchive' | 'clickArchiveDays'>>,
): Promise<EventStore> {
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
  if (config.clickArchive === false) return store;
  try {
    return await ArchivedEventStore.open(store, path.join(config.dataDir, 'clicks'), {
      keepDays: config.clickArchiveDays ?? DEFAULT_CONFIG.clickArchiveDays,
    });
  } catch (error) {
    // The archive only speeds lookups up: without it every click is still found in the store.
    process.emitWarning(
      `The click archive could not be opened (${String(error)}); clicks are looked up in events.duckdb`,
    );
    return store;
  }
}

/** Connects to the ClickHouse event store named by CAIRN_EVENTS_DB (an http(s):// URL). */
async function openClickHouseEventStore(url: string): Promise<EventStore> {
  // The URL may carry a password: it is never repeated in a message.
  if (!/^https?:\/\//i.test(url)) throw new Error('CAIRN_EVENTS_DB must be a ClickHouse http(s):// URL');
  // Loaded only here, so the embedded setup never loads the ClickHouse client.
  const { ClickHouseEventStore } = await import('./store/events/clickhouse.ts');
  return ClickHouseEventStore.open({ url });
}
