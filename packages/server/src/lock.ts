import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './files.ts';

// DuckDB lets one process write its file. A lock file in the data dir names the holder so a second
// server or a data-changing CLI command can refuse with a clear message instead of a driver error.
const LOCK_FILE = 'cairn.lock';
const heldHere = new Set<string>();

export class DataDirLockedError extends Error {}

interface LockContent {
  pid: number;
  purpose: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process stays a zombie until its parent reaps it (in containers, PID 1 often never does);
  // it holds no files, so its lock is stale.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

export interface DataDirLock {
  release(): void;
}

export function acquireDataDirLock(dataDir: string, purpose: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const file = path.join(dataDir, LOCK_FILE);
  const content: LockContent = { pid: process.pid, purpose, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(content), { flag: 'wx', mode: PRIVATE_FILE_MODE });
      heldHere.add(file);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(file);
          fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      const heldByLiveProcess =
        holder !== null && (holder.pid === process.pid ? heldHere.has(file) : isAlive(holder.pid));
      if (heldByLiveProcess) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by ${holder.purpose} (pid ${holder.pid}). ` +
            'Stop the running Cairn first: its database admits one writing process.',
        );
      }
      // The holder died without cleaning up: the lock is stale.
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}`);
}

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number'
      ? {
          pid: parsed.pid,
          purpose: String(parsed.purpose ?? 'another process'),
          since: String(parsed.since ?? ''),
        }
      : null;
  } catch {
    return null;
  }
}

/** The live process holding the data directory's lock, or null (none, or a stale lock); takes nothing. */
export function lockHolder(dataDir: string): { pid: number; purpose: string } | null {
  const holder = readLock(path.join(dataDir, LOCK_FILE));
  if (holder === null || holder.pid === process.pid || !isAlive(holder.pid)) return null;
  return { pid: holder.pid, purpose: holder.purpose };
}
