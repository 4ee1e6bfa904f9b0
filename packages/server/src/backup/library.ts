import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Backup } from '@cairn/contract';
import { DATABASE_FILE, listBackups } from '../store/config/backups.ts';
import { type BackupManifest, readManifest } from './manifest.ts';
import { BACKUPS_DIR, CERTIFICATES_FILE, EVENTS_FILE, FILE_DIRS, KEY_FILE } from './take.ts';

// The backups in <data dir>/backups: whole-installation ones (a directory with a manifest) and the
// configuration-only files taken before each migration.

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, BACKUPS_DIR);
}

/** What a backup holds, in the words the panel and the CLI show. */
export function contentsOf(manifest: BackupManifest): string[] {
  const has = (name: string) => manifest.files.some((file) => file.path === name);
  const files = manifest.files.filter((file) => FILE_DIRS.some((dir) => file.path.startsWith(`${dir}/`)));
  const contents: string[] = [];
  contents.push(has(DATABASE_FILE) ? 'configuration' : 'configuration: not in it (PostgreSQL: use pg_dump)');
  contents.push(has(EVENTS_FILE) ? 'events' : 'events: not in it (ClickHouse: use BACKUP)');
  if (manifest.files.some((file) => file.path.startsWith('journal/'))) contents.push('click journal');
  contents.push(has(KEY_FILE) ? 'installation key' : 'installation key: in CAIRN_SECRET_KEY, not in it');
  if (has(CERTIFICATES_FILE)) {
    contents.push(`${manifest.certificates} certificate${manifest.certificates === 1 ? '' : 's'}`);
  }
  if (files.length > 0) contents.push(`${files.length} file${files.length === 1 ? '' : 's'} (geo, fonts)`);
  return contents;
}

export function describeBackup(id: string, manifest: BackupManifest): Backup {
  return {
    id,
    createdAt: manifest.createdAt,
    kind: 'installation',
    trigger: manifest.trigger,
    schemaVersion: manifest.schemaVersion,
    beforeMigration: null,
    sizeBytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0),
    contents: contentsOf(manifest),
    mark: manifest.mark,
    restorable: manifest.configStore === 'embedded' && manifest.eventStore === 'embedded',
  };
}

/** Whole-installation backups, newest first. */
export async function listInstallationBackups(dataDir: string): Promise<Backup[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fsp.readdir(backupsDir(dataDir), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: Backup[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.endsWith('.partial')) continue;
    const manifest = await readManifest(path.join(backupsDir(dataDir), entry.name));
    if (manifest) found.push(describeBackup(entry.name, manifest));
  }
  return found.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** Every backup, whole-installation and configuration-only, newest first. */
export async function listAllBackups(dataDir: string): Promise<Backup[]> {
  const configuration: Backup[] = (await listBackups(dataDir)).map((backup) => ({
    ...backup,
    kind: 'configuration',
    trigger:
      backup.beforeMigration !== null
        ? 'migration'
        : backup.id.endsWith('-before-restore')
          ? 'replaced'
          : 'manual',
    contents: ['configuration'],
    mark: null,
    restorable: false,
  }));
  const all = [...(await listInstallationBackups(dataDir)), ...configuration];
  return all.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/**
 * Deletes the oldest whole-installation backups taken by hand or by the schedule beyond `keep`; those
 * kept when a restore replaced an installation, and configuration backups taken before migrations, stay.
 */
export async function pruneBackups(dataDir: string, keep: number): Promise<string[]> {
  const taken = (await listInstallationBackups(dataDir)).filter((backup) => backup.trigger !== 'replaced');
  const removed: string[] = [];
  for (const backup of taken.slice(keep)) {
    await fsp.rm(path.join(backupsDir(dataDir), backup.id), { recursive: true, force: true });
    removed.push(backup.id);
  }
  return removed;
}
