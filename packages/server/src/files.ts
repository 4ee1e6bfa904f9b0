import fs from 'node:fs';
import path from 'node:path';

// The data dir holds the master key, password hashes, sessions and every backup of them: only the account
// Cairn runs as may read it. New files get these modes (the CLI also sets umask 077); files from older
// versions, or copied in by hand, are brought to them at every start.
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const DATA_FILES = [
  'cairn.duckdb',
  'cairn.duckdb.wal',
  'events.duckdb',
  'events.duckdb.wal',
  'secret.key',
  'cairn.lock',
];

/** chmod that skips what is not there, and what belongs to someone else (not ours to change). */
export function restrictMode(file: string, mode: number): void {
  try {
    fs.chmodSync(file, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}

/** Brings the data dir to 0700 and its databases, key, lock and backups to 0600. */
export function restrictDataDir(dataDir: string): void {
  restrictMode(dataDir, PRIVATE_DIR_MODE);
  for (const name of DATA_FILES) restrictMode(path.join(dataDir, name), PRIVATE_FILE_MODE);
  const backups = path.join(dataDir, 'backups');
  restrictMode(backups, PRIVATE_DIR_MODE);
  let entries: fs.Dirent[] = [];
  try {
    entries = fs.readdirSync(backups, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // A whole-installation backup is a directory: it stays enterable by its owner (its files are written 0600).
  for (const entry of entries) {
    restrictMode(path.join(backups, entry.name), entry.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
  }
}
