// The machine checks of `cairn doctor`: Node, ports, disk and the data directory. Each answers what an
// operator must change, not only what is wrong, and none changes anything (a probe file written to test
// the data directory is removed at once; a port is listened on for a moment and closed).
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Check } from './report.ts';

const rootPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package.json');

/**
 * The Node minimum, read from `engines.node` of the repository's (and the release's) package.json, so
 * `engines`, the README and the doctor cannot drift apart (a test holds the README to it).
 */
export function nodeMinimum(packageJson: string = rootPackage): string {
  const engines = (JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { engines?: { node?: string } })
    .engines;
  const match = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(engines?.node?.trim() ?? '');
  if (!match?.[1])
    throw new Error(`${packageJson}: engines.node must read ">=MAJOR.MINOR", not "${engines?.node}"`);
  return match[1];
}

function versionParts(version: string): number[] {
  const parts = version.replace(/^v/, '').split(/[.-]/).slice(0, 3).map(Number);
  while (parts.length < 3) parts.push(0);
  return parts.map((part) => (Number.isFinite(part) ? part : 0));
}

export function atLeast(version: string, minimum: string): boolean {
  const have = versionParts(version);
  const need = versionParts(minimum);
  for (let index = 0; index < 3; index += 1) {
    const difference = (have[index] ?? 0) - (need[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

export function checkNode(version: string, minimum: string): Check {
  const shown = version.replace(/^v/, '');
  return atLeast(shown, minimum)
    ? { name: 'node', status: 'ok', message: `Node ${shown} (Cairn needs ${minimum} or newer)` }
    : {
        name: 'node',
        status: 'fail',
        message:
          `Node ${shown} is older than the ${minimum} Cairn needs (it hashes passwords with crypto.argon2): ` +
          `install Node ${minimum} or newer (nodejs.org, or the n or nvm version managers)`,
      };
}

type PortState =
  | { state: 'free' }
  | { state: 'busy' }
  | { state: 'denied' }
  | { state: 'error'; reason: string };

function tryListen(host: string, port: number): Promise<PortState> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve({ state: 'busy' });
      else if (error.code === 'EACCES') resolve({ state: 'denied' });
      else resolve({ state: 'error', reason: error.message });
    });
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve({ state: 'free' })));
  });
}

/** Whether a Cairn answers its health route on this port (then the port is busy for a good reason). */
export function cairnAnswers(port: number, timeoutMs = 2000): Promise<string | null> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/health', timeout: timeoutMs },
      (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          body += chunk;
        });
        answer.on('end', () => {
          try {
            const health = JSON.parse(body) as { status?: string; version?: string };
            resolve(health.status === 'ok' && typeof health.version === 'string' ? health.version : null);
          } catch {
            resolve(null);
          }
        });
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

export interface PortsOptions {
  host: string;
  port: number;
  httpsPort: number | null;
}

export async function checkPorts({ host, port, httpsPort }: PortsOptions): Promise<Check[]> {
  const checks: Check[] = [];
  const runningCairn = port === 0 ? null : await cairnAnswers(port);
  const wanted: [string, number][] = [['CAIRN_PORT', port]];
  if (httpsPort !== null) wanted.push(['CAIRN_HTTPS_PORT', httpsPort]);
  for (const [variable, value] of wanted) {
    const name = variable === 'CAIRN_PORT' ? 'http port' : 'https port';
    if (value === 0) {
      checks.push({ name, status: 'ok', message: `${variable}=0: a free port is picked at start` });
      continue;
    }
    const probe = await tryListen(host, value);
    if (probe.state === 'free') {
      checks.push({ name, status: 'ok', message: `${host}:${value} is free (${variable})` });
    } else if (probe.state === 'busy' && runningCairn !== null) {
      checks.push({
        name,
        status: 'ok',
        message: `${host}:${value} is in use by the running Cairn ${runningCairn} (${variable})`,
      });
    } else if (probe.state === 'busy') {
      checks.push({
        name,
        status: 'fail',
        message:
          `${host}:${value} is in use by another program: stop it (\`ss -ltnp 'sport = :${value}'\` names it) ` +
          `or set ${variable} to a free port`,
      });
    } else if (probe.state === 'denied') {
      checks.push({
        name,
        status: 'fail',
        message:
          `binding ${host}:${value} is not permitted to this user (ports below 1024 need root or ` +
          `CAP_NET_BIND_SERVICE): run Cairn with deploy/cairn.service, which grants it, or set ${variable} >= 1024`,
      });
    } else {
      checks.push({
        name,
        status: 'fail',
        message: `${host}:${value} (${variable}) cannot be bound: ${probe.reason}`,
      });
    }
  }
  return checks;
}

const MIB = 1024 * 1024;
export const DISK_FAIL_BYTES = 256 * MIB;
export const DISK_WARN_BYTES = 2048 * MIB;

/** The directory itself, or the nearest ancestor that exists (where a data dir not made yet would go). */
export function nearestExisting(dir: string): string {
  let current = path.resolve(dir);
  for (;;) {
    try {
      fs.statSync(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

export function checkDisk(dataDir: string, freeBytes: (dir: string) => number = statfsFree): Check {
  const where = nearestExisting(dataDir);
  let free: number;
  try {
    free = freeBytes(where);
  } catch (error) {
    return {
      name: 'disk',
      status: 'warn',
      message: `free space of ${where} unknown: ${(error as Error).message}`,
    };
  }
  const shown = `${Math.floor(free / MIB)} MiB free in ${where}`;
  if (free < DISK_FAIL_BYTES) {
    return {
      name: 'disk',
      status: 'fail',
      message: `${shown}: under ${DISK_FAIL_BYTES / MIB} MiB the databases and the click journal cannot grow; free some space or move CAIRN_DATA_DIR`,
    };
  }
  if (free < DISK_WARN_BYTES) {
    return {
      name: 'disk',
      status: 'warn',
      message: `${shown}: a click takes about 90 bytes on disk (docs/measurements.md), so ${DISK_WARN_BYTES / MIB} MiB is a few weeks of busy traffic; plan more`,
    };
  }
  return { name: 'disk', status: 'ok', message: shown };
}

function statfsFree(dir: string): number {
  const stats = fs.statfsSync(dir);
  return Number(stats.bavail) * Number(stats.bsize);
}

/** Writes and removes a probe file in `dir`; throws the file system's error (EROFS, EACCES ...). */
export function writeProbe(dir: string): void {
  const probe = path.join(dir, `.cairn-doctor-${process.pid}`);
  fs.writeFileSync(probe, 'probe', { flag: 'wx' });
  fs.rmSync(probe, { force: true });
}

function writeProblem(dir: string, error: NodeJS.ErrnoException): string {
  const user = process.getuid?.() ?? 'this user';
  switch (error.code) {
    case 'EROFS':
      return `${dir} is on a read-only file system: Cairn writes its databases there. Mount it read-write or set CAIRN_DATA_DIR to a writable place (the systemd unit uses /var/lib/cairn)`;
    case 'EACCES':
    case 'EPERM':
      return `${dir} is not writable by uid ${user}: chown it to the user Cairn runs as (cairn in the systemd unit) or set CAIRN_DATA_DIR`;
    case 'ENOSPC':
      return `${dir} has no space left: free some or move CAIRN_DATA_DIR`;
    default:
      return `${dir} cannot be written: ${error.message}`;
  }
}

export function checkDataDir(dataDir: string, probe: (dir: string) => void = writeProbe): Check {
  const name = 'data dir';
  let stats: fs.Stats | null = null;
  try {
    stats = fs.statSync(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') {
      return {
        name,
        status: 'fail',
        message: `${dataDir} lies under the file ${nearestExisting(dataDir)}: set CAIRN_DATA_DIR to a directory`,
      };
    }
  }
  if (stats && !stats.isDirectory()) {
    return {
      name,
      status: 'fail',
      message: `${dataDir} is a file, not a directory: set CAIRN_DATA_DIR to a directory`,
    };
  }
  const where = stats ? dataDir : nearestExisting(dataDir);
  if (!fs.statSync(where).isDirectory()) {
    return {
      name,
      status: 'fail',
      message: `${dataDir} lies under the file ${where}: set CAIRN_DATA_DIR to a directory`,
    };
  }
  try {
    probe(where);
  } catch (error) {
    return { name, status: 'fail', message: writeProblem(where, error as NodeJS.ErrnoException) };
  }
  if (!stats) {
    return {
      name,
      status: 'ok',
      message: `${dataDir} does not exist yet; the first start creates it in ${where}`,
    };
  }
  const mode = stats.mode & 0o777;
  if ((mode & 0o077) !== 0) {
    return {
      name,
      status: 'warn',
      message: `${dataDir} is writable, but open to others (mode ${mode.toString(8)}): Cairn makes it 0700 at its next start`,
    };
  }
  return { name, status: 'ok', message: `${dataDir} exists and is writable` };
}
