import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { MIGRATIONS } from '../store/config/migrate.ts';

// A whole-installation backup is a plain directory (no archive: a restore reads the files in place, and an
// operator can see and copy them with any tool) with manifest.json describing it. The manifest lists every
// file with its size and SHA-256, so a copy damaged in transit or on disk is refused by name, not restored.

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 1;

const manifestFileSchema = z.object({
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestFile = z.infer<typeof manifestFileSchema>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  cairnVersion: z.string(),
  /** The configuration schema version (config migrations applied). */
  schemaVersion: z.number().int(),
  createdAt: z.string(),
  /** Clicks answered before this instant are in the backup. */
  mark: z.string(),
  trigger: z.enum(['manual', 'scheduled', 'replaced']),
  /** live: copied by the running server (journal stored first); offline: the stopped data dir's files as they were. */
  method: z.enum(['live', 'offline']),
  configStore: z.enum(['embedded', 'postgres']),
  eventStore: z.enum(['embedded', 'clickhouse']),
  /** file: secret.key is in the backup; environment: CAIRN_SECRET_KEY holds it (keep that value too). */
  secretKey: z.enum(['file', 'environment']),
  certificates: z.number().int(),
  files: z.array(manifestFileSchema),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A backup that must not be restored: the message names the file and what is wrong with it. */
export class BackupCheckError extends Error {}

/** Paths are kept with forward slashes and may not leave the backup. */
function safeRelative(name: string): boolean {
  return !path.isAbsolute(name) && !name.split('/').includes('..') && name !== '';
}

export async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every regular file under `dir` but the manifest, relative, sorted. */
export async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fsp.readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(dir, name)));
    else if (entry.isFile() && name !== MANIFEST_FILE) found.push(name);
  }
  return found.sort();
}

export async function describeFiles(dir: string): Promise<ManifestFile[]> {
  const files: ManifestFile[] = [];
  for (const name of await filesUnder(dir)) {
    const file = path.join(dir, name);
    files.push({ path: name, bytes: (await fsp.stat(file)).size, sha256: await sha256Of(file) });
  }
  return files;
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await fsp.writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
}

/** The manifest as written, unchecked against the files (for listing); null when absent or unreadable. */
export async function readManifest(dir: string): Promise<BackupManifest | null> {
  try {
    const parsed = manifestSchema.safeParse(
      JSON.parse(await fsp.readFile(path.join(dir, MANIFEST_FILE), 'utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The manifest, once every file it lists is there with its size and SHA-256 and its schema is one this
 * Cairn can run (a newer one would be refused at start anyway, after the data dir was filled).
 */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const manifestFile = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await fsp.readFile(manifestFile, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupCheckError(
      code === 'ENOENT'
        ? `${dir} is not a Cairn backup: it has no ${MANIFEST_FILE}`
        : `Cannot read ${manifestFile}: ${(error as Error).message}`,
    );
  }
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new BackupCheckError(`${manifestFile} is damaged: it is not JSON`);
  }
  if (!parsed.success) {
    const format = (JSON.parse(text) as { format?: unknown }).format;
    throw new BackupCheckError(
      format !== BACKUP_FORMAT
        ? `${manifestFile} is of backup format ${String(format)}; this Cairn reads format ${BACKUP_FORMAT}`
        : `${manifestFile} is damaged: ${parsed.error.issues[0]?.message ?? 'not a manifest'}`,
    );
  }
  const manifest = parsed.data;
  const known = MIGRATIONS.at(-1)?.version ?? 0;
  if (manifest.schemaVersion > known) {
    throw new BackupCheckError(
      `The backup was made by Cairn ${manifest.cairnVersion} with configuration schema v${manifest.schemaVersion}; ` +
        `this Cairn knows up to v${known}. Restore it with Cairn ${manifest.cairnVersion} or newer.`,
    );
  }
  for (const entry of manifest.files) {
    if (!safeRelative(entry.path))
      throw new BackupCheckError(`${manifestFile} names a path outside the backup: ${entry.path}`);
    const file = path.join(dir, entry.path);
    let bytes: number;
    try {
      bytes = (await fsp.stat(file)).size;
    } catch {
      throw new BackupCheckError(`The backup is damaged: ${file} is missing`);
    }
    if (bytes !== entry.bytes) {
      throw new BackupCheckError(
        `The backup is damaged: ${file} has ${bytes} bytes, the manifest says ${entry.bytes}`,
      );
    }
    if ((await sha256Of(file)) !== entry.sha256) {
      throw new BackupCheckError(`The backup is damaged: ${file} does not match its SHA-256 in the manifest`);
    }
  }
  return manifest;
}
