import fs from 'node:fs/promises';
import path from 'node:path';

export const DATABASE_FILE = 'cairn.duckdb';
const BACKUP_DIR = 'backups';
// <UTC stamp>-v<schema version>[-before-v<migration>|-<label>].duckdb: the name carries all metadata, so a
// backup copied around by hand still lists correctly.
const BACKUP_NAME = /^(\d{8}T\d{6}\d{3}Z)-v(\d+)(?:-before-v(\d+))?(?:-[a-z-]+)?\.duckdb$/;

/** A configuration-only backup: cairn.duckdb as it was. */
export interface ConfigBackup {
  id: string;
  createdAt: string;
  schemaVersion: number;
  beforeMigration: number | null;
  sizeBytes: number;
}

export function databasePath(dataDir: string): string {
  return path.join(dataDir, DATABASE_FILE);
}

function backupDir(dataDir: string): string {
  return path.join(dataDir, BACKUP_DIR);
}

function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace('.', '');
}

function parseStamp(value: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(value);
  if (!m) return value;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`;
}

export interface BackupRequest {
  dataDir: string;
  schemaVersion: number;
  beforeMigration: number | null;
  label?: string;
  now: number;
}

/** Copies the database file; the caller must have flushed it (CHECKPOINT) or closed it first. */
export async function backupDatabase(request: BackupRequest): Promise<ConfigBackup> {
  const dir = backupDir(request.dataDir);
  // Backups hold everything the database does (password hashes, sealed secrets): owner-only.
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const suffix =
    request.beforeMigration !== null
      ? `-before-v${request.beforeMigration}`
      : request.label
        ? `-${request.label}`
        : '';
  const id = `${stamp(request.now)}-v${request.schemaVersion}${suffix}`;
  const target = path.join(dir, `${id}.duckdb`);
  await fs.copyFile(databasePath(request.dataDir), target, fs.constants.COPYFILE_EXCL);
  await fs.chmod(target, 0o600);
  const stat = await fs.stat(target);
  return {
    id,
    createdAt: new Date(request.now).toISOString(),
    schemaVersion: request.schemaVersion,
    beforeMigration: request.beforeMigration,
    sizeBytes: stat.size,
  };
}

/** Newest first. */
export async function listBackups(dataDir: string): Promise<ConfigBackup[]> {
  let names: string[];
  try {
    names = await fs.readdir(backupDir(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const backups: ConfigBackup[] = [];
  for (const name of names) {
    const match = BACKUP_NAME.exec(name);
    if (!match) continue;
    const stat = await fs.stat(path.join(backupDir(dataDir), name));
    backups.push({
      id: name.slice(0, -'.duckdb'.length),
      createdAt: parseStamp(match[1] ?? ''),
      schemaVersion: Number(match[2]),
      beforeMigration: match[3] === undefined ? null : Number(match[3]),
      sizeBytes: stat.size,
    });
  }
  return backups.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

export class BackupNotFoundError extends Error {}

/**
 * Replaces the database with a backup. The database must be closed (no server running): the caller holds
 * the data-dir lock. The current file is kept as a backup first, so a restore can itself be undone.
 */
export async function restoreBackup(
  dataDir: string,
  id: string,
  now: number,
  currentSchemaVersion: number,
): Promise<ConfigBackup> {
  const backups = await listBackups(dataDir);
  // A whole-installation backup (a directory) holds a cairn.duckdb of its own, restored the same way.
  const inInstallation = path.join(backupDir(dataDir), id, DATABASE_FILE);
  const fromInstallation = !id.includes('/') && !id.startsWith('.') && (await exists(inInstallation));
  const chosen =
    backups.find((backup) => backup.id === id) ??
    (fromInstallation ? { id, createdAt: '', schemaVersion: 0, beforeMigration: null, sizeBytes: 0 } : null);
  if (!chosen) throw new BackupNotFoundError(`No backup "${id}" in ${backupDir(dataDir)}`);
  const database = databasePath(dataDir);
  const kept = await backupDatabase({
    dataDir,
    schemaVersion: currentSchemaVersion,
    beforeMigration: null,
    label: 'before-restore',
    now,
  });
  // A write-ahead log that failed to replay is evidence worth keeping beside the file it belonged to.
  await fs
    .copyFile(`${database}.wal`, path.join(backupDir(dataDir), `${kept.id}.duckdb.wal`))
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  await fs.rm(`${database}.wal`, { force: true });
  await fs.copyFile(
    fromInstallation ? inInstallation : path.join(backupDir(dataDir), `${id}.duckdb`),
    database,
  );
  // A WAL beside it is the rest of that state (a copy made while a checkpoint could not run).
  await fs.copyFile(`${inInstallation}.wal`, `${database}.wal`).catch(() => {});
  await fs.chmod(database, 0o600);
  return chosen;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
