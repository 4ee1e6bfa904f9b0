import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { OutboundGuard } from '../outbound/guard.ts';
import { GeoFileError } from '../tracking/enrich/index.ts';

/** The largest download taken: DB-IP's full city MMDB is ~130 MB; a larger answer is not one. */
export const GEO_DOWNLOAD_MAX_BYTES = 512 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
const DATABASE_NAME = /\.(mmdb|csv)(\.gz)?$/i;

/** One database as given, before it is checked. */
export interface GivenFile {
  /** The file's name, without a `.gz`: its extension says MMDB or CSV. */
  name: string;
  /** Where it came from, for the operator and the monitor. */
  origin: string;
  bytes: Buffer;
}

function unpacked(name: string, origin: string, bytes: Buffer): GivenFile {
  if (!/\.gz$/i.test(name)) return { name, origin, bytes };
  try {
    return { name: name.replace(/\.gz$/i, ''), origin, bytes: gunzipSync(bytes) };
  } catch (error) {
    throw new GeoFileError(`${origin}: not a gzip file (${(error as Error).message})`);
  }
}

async function download(url: string, guard: OutboundGuard): Promise<GivenFile> {
  const name = basename(new URL(url).pathname);
  if (!DATABASE_NAME.test(name)) {
    throw new GeoFileError(`${url}: the name must end in .mmdb or .csv (optionally .gz)`);
  }
  let answer: Awaited<ReturnType<OutboundGuard['get']>>;
  try {
    answer = await guard.get(url, { timeoutMs: DOWNLOAD_TIMEOUT_MS, maxBodyBytes: GEO_DOWNLOAD_MAX_BYTES });
  } catch (error) {
    throw new GeoFileError(`${url}: ${(error as Error).message}`);
  }
  if (answer.status !== 200) {
    const moved = answer.location ? ` (to ${answer.location}; give that address instead)` : '';
    throw new GeoFileError(`${url}: the server answered HTTP ${answer.status}${moved}`);
  }
  return unpacked(name, url, answer.bytes);
}

/**
 * The databases `from` names: a URL (downloaded through the outbound guard), a file, or a directory
 * (every `.mmdb` and `.csv` in it, gzipped or not).
 */
export async function givenFiles(from: string, guard: OutboundGuard): Promise<GivenFile[]> {
  if (/^https?:\/\//i.test(from)) return [await download(from, guard)];
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(from);
  } catch {
    throw new GeoFileError(`${from}: no such file or directory`);
  }
  if (info.isFile()) return [unpacked(basename(from), from, await readFile(from))];
  const names = (await readdir(from)).filter((name) => DATABASE_NAME.test(name)).sort();
  if (names.length === 0) throw new GeoFileError(`${from}: no .mmdb or .csv file in it`);
  const files: GivenFile[] = [];
  for (const name of names) {
    const path = join(from, name);
    files.push(unpacked(name, path, await readFile(path)));
  }
  return files;
}
