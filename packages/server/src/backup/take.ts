import fsp from 'node:fs/promises';
import path from 'node:path';
import { DATABASE_FILE } from '../store/config/backups.ts';
import { DuckDbConfigStore } from '../store/config/duckdb.ts';
import { schemaVersion } from '../store/config/migrate.ts';
import type { ConfigStore } from '../store/config/port.ts';
import type { EventStore } from '../store/events/port.ts';
import { type BackupManifest, describeFiles, writeManifest } from './manifest.ts';

// Two ways to copy an installation. While a server runs it holds the data-dir lock and DuckDB admits one
// process per file, so the copy is made BY the server (takeLiveBackup): it stores every journaled click
// first, then copies each database under its store's write queue after a checkpoint. Clicks go on being
// answered all along (they are journaled; the flusher only waits for the copy). With the server stopped
// the CLI holds the lock itself and copies the files as they are (takeOfflineBackup), journal included:
// a stopped data dir is consistent on disk, and the restored server replays WAL and journal at start.

export const EVENTS_FILE = 'events.duckdb';
export const KEY_FILE = 'secret.key';
export const CERTIFICATES_FILE = 'certificates.json';
/** Files an operator drops into the data dir: newer geo databases, fonts. */
export const FILE_DIRS = ['geo', 'fonts'] as const;
export const BACKUPS_DIR = 'backups';
/** Names this node's journal in the event store's marks: kept with the events, so a replay after restore skips what they hold. */
export const NODE_ID_FILE = 'node-id';

export interface TakenBackup {
  id: string;
  dir: string;
  manifest: BackupManifest;
}

export interface BackupTarget {
  trigger: BackupManifest['trigger'];
  /** A directory the backup is written into (as <to>/<id>); default <data dir>/backups. */
  to?: string;
}

function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace('.', '');
}

async function copyIfPresent(from: string, to: string): Promise<boolean> {
  try {
    await fsp.cp(from, to, { recursive: true, errorOnExist: true, force: false });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function copyDatabase(dataDir: string, name: string, into: string): Promise<void> {
  await fsp.copyFile(path.join(dataDir, name), path.join(into, name));
  // A WAL is left only when the checkpoint could not run; with writes held it belongs to the same state.
  await copyIfPresent(path.join(dataDir, `${name}.wal`), path.join(into, `${name}.wal`));
}

/**
 * The certificates and the ACME account as stored (keys sealed with the installation key): on the
 * embedded store they are in cairn.duckdb too; on PostgreSQL this export is the backup's copy of them.
 */
async function exportCertificates(store: ConfigStore, into: string): Promise<number> {
  const certificates = await store.query(
    'SELECT host, wanted, redirect_http, certificate_pem, key_sealed, not_after, issued_at FROM tls_certificates ORDER BY host',
  );
  const account = await store.query("SELECT value FROM settings WHERE key = 'tls.acmeAccount'");
  const body = { certificates, acmeAccount: account[0]?.value ?? null };
  await fsp.writeFile(path.join(into, CERTIFICATES_FILE), `${JSON.stringify(body, null, 2)}\n`, {
    mode: 0o600,
  });
  return certificates.length;
}

async function copyKeyAndFiles(dataDir: string, into: string, keyFromEnv: boolean): Promise<void> {
  if (!keyFromEnv) await copyIfPresent(path.join(dataDir, KEY_FILE), path.join(into, KEY_FILE));
  for (const dir of FILE_DIRS) await copyIfPresent(path.join(dataDir, dir), path.join(into, dir));
}

/** Writes into `<target>.partial` and renames it at the end, so a failed backup never lists as one. */
async function writeBackup(
  dataDir: string,
  target: BackupTarget,
  now: number,
  fill: (into: string) => Promise<Omit<BackupManifest, 'files' | 'format' | 'createdAt' | 'trigger'>>,
): Promise<TakenBackup> {
  const id = `${stamp(now)}-${target.trigger}`;
  const parent = target.to ?? path.join(dataDir, BACKUPS_DIR);
  await fsp.mkdir(parent, { recursive: true, mode: 0o700 });
  const dir = path.join(parent, id);
  const partial = `${dir}.partial`;
  await fsp.mkdir(partial, { mode: 0o700 });
  try {
    const facts = await fill(partial);
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date(now).toISOString(),
      trigger: target.trigger,
      ...facts,
      files: await describeFiles(partial),
    };
    await writeManifest(partial, manifest);
    await fsp.rename(partial, dir);
    return { id, dir, manifest };
  } catch (error) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

export interface LiveBackupDeps {
  dataDir: string;
  store: ConfigStore;
  events: EventStore;
  /** Stores every click journaled so far in the event store (the recorder's flushNow). */
  storeJournal: () => Promise<void>;
  version: string;
  secretKeyFromEnv: boolean;
  now: () => number;
}

/** The running server's backup: every click answered before the mark is in it. */
export async function takeLiveBackup(deps: LiveBackupDeps, target: BackupTarget): Promise<TakenBackup> {
  const mark = deps.now();
  const embeddedEvents = deps.events.whileCheckpointed !== undefined;
  return writeBackup(deps.dataDir, target, mark, async (into) => {
    if (embeddedEvents) {
      // A click is answered only once journaled, so after this every click answered before the mark is stored.
      await deps.storeJournal();
      await deps.events.whileCheckpointed?.(() => copyDatabase(deps.dataDir, EVENTS_FILE, into));
      await copyIfPresent(path.join(deps.dataDir, NODE_ID_FILE), path.join(into, NODE_ID_FILE));
    }
    const embedded = deps.store instanceof DuckDbConfigStore ? deps.store : null;
    if (embedded) await embedded.whileCheckpointed(() => copyDatabase(deps.dataDir, DATABASE_FILE, into));
    const certificates = await exportCertificates(deps.store, into);
    await copyKeyAndFiles(deps.dataDir, into, deps.secretKeyFromEnv);
    return {
      cairnVersion: deps.version,
      schemaVersion: await schemaVersion(deps.store),
      mark: new Date(mark).toISOString(),
      method: 'live',
      configStore: embedded ? 'embedded' : 'postgres',
      eventStore: embeddedEvents ? 'embedded' : 'clickhouse',
      secretKey: deps.secretKeyFromEnv ? 'environment' : 'file',
      certificates,
    };
  });
}

export interface OfflineBackupDeps {
  dataDir: string;
  version: string;
  secretKeyFromEnv: boolean;
  /** The configuration store, opened by the caller (who holds the data-dir lock). */
  store: ConfigStore;
  eventStore: 'embedded' | 'clickhouse';
  now: () => number;
}

/** The stopped installation's files as they are; the caller holds the data-dir lock. */
export async function takeOfflineBackup(deps: OfflineBackupDeps, target: BackupTarget): Promise<TakenBackup> {
  const now = deps.now();
  return writeBackup(deps.dataDir, target, now, async (into) => {
    const embedded = deps.store instanceof DuckDbConfigStore ? deps.store : null;
    if (embedded) await embedded.whileCheckpointed(() => copyDatabase(deps.dataDir, DATABASE_FILE, into));
    if (deps.eventStore === 'embedded') {
      // Journal segments not yet stored are replayed by the restored server, as after a crash.
      await copyIfPresent(path.join(deps.dataDir, EVENTS_FILE), path.join(into, EVENTS_FILE));
      await copyIfPresent(
        path.join(deps.dataDir, `${EVENTS_FILE}.wal`),
        path.join(into, `${EVENTS_FILE}.wal`),
      );
      await copyIfPresent(path.join(deps.dataDir, 'journal'), path.join(into, 'journal'));
      await copyIfPresent(path.join(deps.dataDir, NODE_ID_FILE), path.join(into, NODE_ID_FILE));
    }
    const certificates = await exportCertificates(deps.store, into);
    await copyKeyAndFiles(deps.dataDir, into, deps.secretKeyFromEnv);
    return {
      cairnVersion: deps.version,
      schemaVersion: await schemaVersion(deps.store),
      mark: new Date(now).toISOString(),
      method: 'offline',
      configStore: embedded ? 'embedded' : 'postgres',
      eventStore: deps.eventStore,
      secretKey: deps.secretKeyFromEnv ? 'environment' : 'file',
      certificates,
    };
  });
}
