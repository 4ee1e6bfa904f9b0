import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboundGuard } from '../outbound/guard.ts';
import {
  type CheckedDatabase,
  checkDatabaseFile,
  DATA_DIR_FILES,
  type Family,
  GeoFileError,
  type Kind,
  PACKAGED_FILES,
  packageDir,
  UPDATE_STAMP,
} from '../tracking/enrich/index.ts';
import { type GivenFile, givenFiles } from './sources.ts';

// `cairn geo update`: new geo databases are checked where they will live (in `<dataDir>/geo/`, under a
// name no reader looks at), renamed into place one by one (a rename is atomic: a reader sees the old
// file or the new, never part of one), and the stamp is written last. A running server reloads when the
// stamp changes and swaps its databases in one step once every file is read.

export interface GeoStampFile {
  /** The file's name in `<dataDir>/geo/`. */
  name: string;
  /** Where it came from: the path or URL given to `cairn geo update`. */
  origin: string;
  builtAt: string;
  installedAt: string;
  sha256: string;
}

export interface GeoStamp {
  updatedAt: string;
  files: GeoStampFile[];
}

export interface GeoUpdateOptions {
  dataDir: string;
  /** A file, a directory or an http(s) URL. */
  from: string;
  guard: OutboundGuard;
  /** Takes a file less than half the size of the one it replaces. */
  force: boolean;
  now: () => number;
}

export interface GeoUpdateResult {
  installed: (CheckedDatabase & { origin: string })[];
  /** The installed files as placed, with their bytes (to share them with the other nodes). */
  placed: (GeoStampFile & { bytes: Buffer })[];
  /** Older data-dir files that would have shadowed the new ones, deleted. */
  removed: string[];
}

export async function readGeoStamp(dataDir: string): Promise<GeoStamp | null> {
  try {
    const value: unknown = JSON.parse(await readFile(join(dataDir, 'geo', UPDATE_STAMP), 'utf8'));
    if (typeof value === 'object' && value !== null && 'files' in value && Array.isArray(value.files)) {
      return value as GeoStamp;
    }
  } catch {
    // No update yet (or a stamp someone broke): the files stand on their own.
  }
  return null;
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

/** The size of the file in use for the new one's kind, family and format: a data-dir one, else the package's. */
async function sizeInUse(dataDir: string, checked: CheckedDatabase): Promise<number | null> {
  const family = checked.families[0] ?? 4;
  const format = checked.target.slice(checked.target.lastIndexOf('.'));
  for (const name of DATA_DIR_FILES[checked.kind][family]) {
    const size = await sizeOf(join(dataDir, 'geo', name));
    if (size !== null) return name.endsWith(format) ? size : null;
  }
  const packaged = PACKAGED_FILES[checked.kind];
  const name = packaged.files[family];
  return name.endsWith(format) ? sizeOf(join(packageDir(packaged.package), name)) : null;
}

function incomingName(index: number, name: string): string {
  return `.incoming-${process.pid}-${index}${/\.csv$/i.test(name) ? '.csv' : '.mmdb'}`;
}

async function check(path: string, file: GivenFile): Promise<CheckedDatabase> {
  await writeFile(path, file.bytes, { mode: 0o600 });
  try {
    return await checkDatabaseFile(path, file.name, file.bytes);
  } catch (error) {
    const reason = error instanceof GeoFileError ? error.message : String(error);
    throw new GeoFileError(`${file.origin} was not installed: ${reason}`);
  }
}

export function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What the name of a data-dir file says it answers: `city-ipv4.mmdb` city for IPv4, `asn.mmdb` both. */
export function answersOf(name: string): { kind: Kind; families: Family[] } {
  const kind: Kind = name.startsWith('city') ? 'city' : 'asn';
  return { kind, families: /ipv4/.test(name) ? [4] : /ipv6/.test(name) ? [6] : [4, 6] };
}

/**
 * Renames checked files into `<dataDir>/geo/` under their names, removes older files that would answer
 * before them, and writes the stamp last (which a running server reloads on). Answers what it removed.
 */
export async function placeFiles(
  dataDir: string,
  files: (GeoStampFile & { stagedPath: string })[],
  updatedAt: string,
): Promise<string[]> {
  const geoDir = join(dataDir, 'geo');
  const targets = new Set(files.map((file) => file.name));
  const removed: string[] = [];
  for (const file of files) {
    await rename(file.stagedPath, join(geoDir, file.name));
    // A file tried before the new one for its families would go on answering in its place.
    const { kind, families } = answersOf(file.name);
    for (const family of families) {
      const order = DATA_DIR_FILES[kind][family];
      for (const name of order.slice(0, order.indexOf(file.name))) {
        if (targets.has(name) || removed.includes(name)) continue;
        if ((await sizeOf(join(geoDir, name))) === null) continue;
        await unlink(join(geoDir, name));
        removed.push(name);
      }
    }
  }
  const previous = (await readGeoStamp(dataDir))?.files ?? [];
  const stamp: GeoStamp = {
    updatedAt,
    files: [
      ...previous.filter((entry) => !targets.has(entry.name) && !removed.includes(entry.name)),
      ...files.map(({ stagedPath, ...entry }) => entry),
    ],
  };
  const stampPath = join(geoDir, UPDATE_STAMP);
  await writeFile(`${stampPath}.tmp`, `${JSON.stringify(stamp, null, 2)}\n`, { mode: 0o600 });
  await rename(`${stampPath}.tmp`, stampPath);
  return removed;
}

export async function updateGeoData(options: GeoUpdateOptions): Promise<GeoUpdateResult> {
  const { dataDir } = options;
  const files = await givenFiles(options.from, options.guard);
  const geoDir = join(dataDir, 'geo');
  await mkdir(geoDir, { recursive: true, mode: 0o700 });
  const staged: { path: string; file: GivenFile; checked: CheckedDatabase }[] = [];
  try {
    for (const [index, file] of files.entries()) {
      // The extension stays: it tells the reader MMDB from CSV. No reader looks at a name with a dot first.
      const path = join(geoDir, incomingName(index, file.name));
      staged.push({ path, file, checked: await check(path, file) });
      const checked = staged.at(-1)?.checked as CheckedDatabase;
      const twin = staged.find((other) => other.path !== path && other.checked.target === checked.target);
      if (twin) {
        throw new GeoFileError(
          `${twin.file.origin} and ${file.origin} are both ${checked.target}: give one of them`,
        );
      }
      const current = await sizeInUse(dataDir, checked);
      if (!options.force && current !== null && file.bytes.length * 2 < current) {
        throw new GeoFileError(
          `${file.origin} was not installed: it has ${file.bytes.length} bytes, less than half the ` +
            `${current} of the ${checked.target.replace(/\.\w+$/, '')} database in use (a cut download?). ` +
            'Give --force to install it all the same.',
        );
      }
    }
  } catch (error) {
    await Promise.all(
      files.map((file, index) => unlink(join(geoDir, incomingName(index, file.name))).catch(() => {})),
    );
    throw error;
  }

  const installedAt = new Date(options.now()).toISOString();
  const placed = staged.map(({ path, file, checked }) => ({
    stagedPath: path,
    name: checked.target,
    origin: file.origin,
    builtAt: checked.builtAt,
    installedAt,
    sha256: sha256Of(file.bytes),
  }));
  const removed = await placeFiles(dataDir, placed, installedAt);
  return {
    installed: staged.map(({ file, checked }) => ({ ...checked, origin: file.origin })),
    placed: placed.map(({ stagedPath, ...entry }, index) => ({
      ...entry,
      bytes: staged[index]?.file.bytes ?? Buffer.alloc(0),
    })),
    removed,
  };
}
