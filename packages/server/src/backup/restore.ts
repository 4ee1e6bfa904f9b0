import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { DATABASE_FILE } from '../store/config/backups.ts';
import { DuckDbConfigStore } from '../store/config/duckdb.ts';
import { schemaVersion } from '../store/config/migrate.ts';
import { backupsDir } from './library.ts';
import {
  BackupCheckError,
  type BackupManifest,
  describeFiles,
  verifyBackup,
  writeManifest,
} from './manifest.ts';
import { CERTIFICATES_FILE, EVENTS_FILE, FILE_DIRS, KEY_FILE, NODE_ID_FILE } from './take.ts';

// Restoring. The CLI restores into an empty data dir only (nothing of a live installation is overwritten
// by a mistyped path). The panel cannot swap the databases under its own running server, so it stages a
// restore (restore-pending.json) that the next start applies before it opens any store, keeping the
// installation it replaces as a backup of its own.

export const PENDING_RESTORE_FILE = 'restore-pending.json';
/** What the data dir holds of an installation; a restore moves these aside, a backup copies them. */
const INSTALLATION_ENTRIES = [
  DATABASE_FILE,
  `${DATABASE_FILE}.wal`,
  EVENTS_FILE,
  `${EVENTS_FILE}.wal`,
  KEY_FILE,
  NODE_ID_FILE,
  'journal',
  'clicks',
  ...FILE_DIRS,
];

export class RestoreTargetError extends Error {}

/**
 * A backup holds the sessions of its time: cookies signed out (or revoked by a password change) since
 * then would come back to life, so nobody stays signed in across a restore.
 */
export async function endSessions(dataDir: string): Promise<void> {
  const store = await DuckDbConfigStore.open(path.join(dataDir, DATABASE_FILE));
  try {
    const tables = await store.query<{ n: number }>(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'sessions'",
    );
    if (Number(tables[0]?.n ?? 0) > 0) await store.execute('DELETE FROM sessions');
    await store.checkpoint();
  } finally {
    await store.close();
  }
}

async function copyBackupFiles(from: string, manifest: BackupManifest, dataDir: string): Promise<void> {
  for (const entry of manifest.files) {
    // The certificate export is the backup's own copy; the databases already hold the certificates.
    if (entry.path === CERTIFICATES_FILE) continue;
    const target = path.join(dataDir, entry.path);
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fsp.copyFile(path.join(from, entry.path), target, fs.constants.COPYFILE_EXCL);
    await fsp.chmod(target, 0o600);
  }
}

/** `cairn restore --from DIR`: checks the backup, then fills `dataDir`, which must be empty or absent. */
export async function restoreInto(from: string, dataDir: string): Promise<BackupManifest> {
  const manifest = await verifyBackup(from);
  let present: string[] = [];
  try {
    present = await fsp.readdir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (present.length > 0) {
    throw new RestoreTargetError(
      `The data directory ${dataDir} is not empty (it holds ${present.slice(0, 3).join(', ')}` +
        `${present.length > 3 ? ', ...' : ''}). cairn restore fills an empty one only: pass --data-dir with a ` +
        'new directory, or move this one aside first.',
    );
  }
  await fsp.mkdir(dataDir, { recursive: true, mode: 0o700 });
  await copyBackupFiles(from, manifest, dataDir);
  if (manifest.configStore === 'embedded') await endSessions(dataDir);
  return manifest;
}

interface PendingRestore {
  id: string;
  requestedAt: string;
}

export function pendingRestore(dataDir: string): string | null {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dataDir, PENDING_RESTORE_FILE), 'utf8')) as PendingRestore)
      .id;
  } catch {
    return null;
  }
}

/** The panel's restore: checked now, applied by the next start (applyPendingRestore). */
export async function stageRestore(dataDir: string, id: string, now: number): Promise<BackupManifest> {
  if (!/^[0-9TZ]+-[a-z]+$/.test(id)) throw new BackupCheckError(`No installation backup "${id}"`);
  const manifest = await verifyBackup(path.join(backupsDir(dataDir), id));
  if (manifest.configStore !== 'embedded' || manifest.eventStore !== 'embedded') {
    throw new BackupCheckError(
      'This backup does not hold the databases (they were in PostgreSQL/ClickHouse): restore those with their own tools',
    );
  }
  const pending: PendingRestore = { id, requestedAt: new Date(now).toISOString() };
  await fsp.writeFile(path.join(dataDir, PENDING_RESTORE_FILE), JSON.stringify(pending), { mode: 0o600 });
  return manifest;
}

export async function cancelPendingRestore(dataDir: string): Promise<void> {
  await fsp.rm(path.join(dataDir, PENDING_RESTORE_FILE), { force: true });
}

/** The schema of the installation being replaced; 0 when its database no longer opens (a reason to restore). */
async function keptSchemaVersion(dir: string): Promise<number> {
  try {
    const store = await DuckDbConfigStore.open(path.join(dir, DATABASE_FILE));
    try {
      return await schemaVersion(store);
    } finally {
      await store.close();
    }
  } catch {
    return 0;
  }
}

export interface AppliedRestore {
  restored: string;
  /** The backup the replaced installation was kept as. */
  replacedBy: string;
}

/**
 * Applies a staged restore; the caller holds the data-dir lock and has opened no store. The installation
 * it replaces is moved, as it was, into a backup of its own (trigger "replaced", never pruned). A backup
 * that no longer passes its checks is not applied: the start stops with the message naming the file.
 */
export async function applyPendingRestore(
  dataDir: string,
  now: number,
  version: string,
): Promise<AppliedRestore | null> {
  const id = pendingRestore(dataDir);
  if (id === null) return null;
  const from = path.join(backupsDir(dataDir), id);
  let manifest: BackupManifest;
  try {
    manifest = await verifyBackup(from);
  } catch (error) {
    throw new BackupCheckError(
      `${(error as Error).message}\nThe restore of ${id} staged from the panel was not applied; delete ` +
        `${path.join(dataDir, PENDING_RESTORE_FILE)} to start with the installation as it is.`,
    );
  }
  const replacedBy = `${new Date(now).toISOString().replace(/[-:]/g, '').replace('.', '')}-replaced`;
  const keptDir = path.join(backupsDir(dataDir), replacedBy);
  await fsp.mkdir(keptDir, { recursive: true, mode: 0o700 });
  for (const name of INSTALLATION_ENTRIES) {
    await fsp
      .rename(path.join(dataDir, name), path.join(keptDir, name))
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
  }
  await writeManifest(keptDir, {
    ...manifest,
    schemaVersion: await keptSchemaVersion(keptDir),
    secretKey: fs.existsSync(path.join(keptDir, KEY_FILE)) ? 'file' : 'environment',
    cairnVersion: version,
    createdAt: new Date(now).toISOString(),
    mark: new Date(now).toISOString(),
    trigger: 'replaced',
    method: 'offline',
    certificates: 0,
    files: await describeFiles(keptDir),
  });
  await copyBackupFiles(from, manifest, dataDir);
  await endSessions(dataDir);
  await cancelPendingRestore(dataDir);
  return { restored: id, replacedBy };
}
