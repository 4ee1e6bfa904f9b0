import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { publishChange } from '../cluster/changes.ts';
import type { EntityChanges } from '../entities/changes.ts';
import type { ConfigStore } from '../store/config/port.ts';
import type { PostgresConfigStore } from '../store/config/postgres.ts';
import { type GeoStampFile, placeFiles, readGeoStamp, sha256Of } from './update.ts';

// Many nodes on one PostgreSQL: `cairn geo update` stores the files it installed in the configuration
// store and announces a `geo` change; every node (at start, and on the change) copies the stored files
// it lacks into its own data dir, where its watch reloads them as after a local update.

/** The change kind announced when geo files were stored. */
export const GEO_CHANGE = 'geo';
/** Base64 characters per row: a 130 MB city file is some 45 rows. */
const PART_CHARS = 4 * 1024 * 1024;

/** Stores the files (replacing those of the same names, dropping the removed ones) and tells every node. */
export async function shareGeoFiles(
  store: PostgresConfigStore,
  files: (GeoStampFile & { bytes: Buffer })[],
  removed: string[],
): Promise<void> {
  await store.transaction(async (tx) => {
    for (const name of [...files.map((file) => file.name), ...removed]) {
      await tx.execute('DELETE FROM geo_files WHERE name = $1', [name]);
    }
    for (const file of files) {
      const text = file.bytes.toString('base64');
      const parts = Math.max(1, Math.ceil(text.length / PART_CHARS));
      for (let part = 0; part < parts; part += 1) {
        await tx.execute(
          `INSERT INTO geo_files (name, part, parts, sha256, origin, built_at, installed_at, data)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            file.name,
            part,
            parts,
            file.sha256,
            file.origin,
            file.builtAt,
            file.installedAt,
            text.slice(part * PART_CHARS, (part + 1) * PART_CHARS),
          ],
        );
      }
    }
  });
  await publishChange(store, GEO_CHANGE, 0);
}

type StoredFile = {
  name: string;
  parts: number;
  sha256: string;
  origin: string;
  built_at: string;
  installed_at: string;
};

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Copies the stored files this data dir lacks into it; answers the names copied. */
export async function syncGeoFiles(store: ConfigStore, dataDir: string): Promise<string[]> {
  const stored = await store.query<StoredFile>(
    'SELECT name, parts, sha256, origin, built_at, installed_at FROM geo_files WHERE part = 0 ORDER BY name',
  );
  const have = new Map(((await readGeoStamp(dataDir))?.files ?? []).map((file) => [file.name, file.sha256]));
  const geoDir = join(dataDir, 'geo');
  const wanted: (GeoStampFile & { stagedPath: string })[] = [];
  for (const file of stored) {
    if (have.get(file.name) === file.sha256 && (await exists(join(geoDir, file.name)))) continue;
    const rows = await store.query<{ data: string }>(
      'SELECT data FROM geo_files WHERE name = $1 ORDER BY part',
      [file.name],
    );
    const bytes = Buffer.from(rows.map((row) => row.data).join(''), 'base64');
    // A file being replaced while it was read: the next announcement brings the rest.
    if (rows.length !== Number(file.parts) || sha256Of(bytes) !== file.sha256) continue;
    await mkdir(geoDir, { recursive: true, mode: 0o700 });
    const stagedPath = join(geoDir, `.incoming-${process.pid}-shared-${file.name}`);
    await writeFile(stagedPath, bytes, { mode: 0o600 });
    wanted.push({
      stagedPath,
      name: file.name,
      origin: file.origin,
      builtAt: file.built_at,
      installedAt: file.installed_at,
      sha256: file.sha256,
    });
  }
  if (wanted.length === 0) return [];
  await placeFiles(dataDir, wanted, new Date().toISOString());
  return wanted.map((file) => file.name);
}

/** Follows the stored geo files on this node; answers the function that stops it. */
export async function startGeoSync(options: {
  store: ConfigStore;
  changes: EntityChanges;
  dataDir: string;
  logger: Logger;
}): Promise<() => void> {
  const { store, dataDir, logger } = options;
  let running: Promise<void> = Promise.resolve();
  const sync = () => {
    // One at a time: two announcements close together copy each file once.
    running = running.then(async () => {
      try {
        const copied = await syncGeoFiles(store, dataDir);
        if (copied.length > 0) logger.info({ files: copied }, 'geo files copied from the shared store');
      } catch (error) {
        logger.error({ err: error }, 'geo files could not be copied from the shared store');
      }
    });
    return running;
  };
  await sync();
  return options.changes.onChange((kind) => (kind === GEO_CHANGE ? sync() : undefined));
}
