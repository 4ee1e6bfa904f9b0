import { createHash } from 'node:crypto';
import type { ConfigStore, Sql } from '../store/config/port.ts';

// Where hosted lander files live: the config store, on every installation (migration 011). One code path
// serves the embedded store and PostgreSQL; with several nodes each reads the same rows, so none needs
// files copied to it. Bytes are kept as base64 text, which both engines store and hand back as is. Each
// node caches contents by their SHA-256, so serving a file costs one small metadata query once it is warm,
// and a file changed on another node is seen at its next request (its hash changes).

export interface FileMeta {
  folder: string;
  path: string;
  size: number;
  contentType: string;
  sha256: string;
  modifiedAt: number;
}

export interface FolderRow {
  name: string;
  files: number;
  bytes: number;
  modifiedAt: number;
}

/** What the cache holds at most; a file past it is read from the store each time. */
const CACHE_BYTES = 64 * 1024 * 1024;

export class ContentCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  get(key: string): Buffer | undefined {
    const found = this.entries.get(key);
    if (found) {
      // Least recently used goes first: a hit moves to the end.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, value: Buffer): void {
    if (value.length > CACHE_BYTES / 4 || this.entries.has(key)) return;
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, bytes] of this.entries) {
      if (this.bytes <= CACHE_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= bytes.length;
    }
  }
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

type MetaRow = {
  folder: string;
  path: string;
  size: unknown;
  content_type: string;
  sha256: string;
  modified_at: unknown;
};
const META_COLUMNS = 'folder, path, size, content_type, sha256, modified_at';
const metaOf = (row: MetaRow): FileMeta => ({
  folder: row.folder,
  path: row.path,
  size: Number(row.size),
  contentType: row.content_type,
  sha256: row.sha256,
  modifiedAt: Number(row.modified_at),
});

export class LanderFileStore {
  readonly cache = new ContentCache();

  private readonly store: ConfigStore;

  constructor(store: ConfigStore) {
    this.store = store;
  }

  async folders(): Promise<FolderRow[]> {
    const rows = await this.store.query<{ name: string; files: unknown; bytes: unknown; modified: unknown }>(
      `SELECT d.name, COUNT(f.path) AS files, COALESCE(SUM(f.size), 0) AS bytes,
              GREATEST(d.created_at, COALESCE(MAX(f.modified_at), 0)) AS modified
         FROM lander_folders d LEFT JOIN lander_files f ON f.folder = d.name
        GROUP BY d.name, d.created_at ORDER BY d.name`,
    );
    return rows.map((row) => ({
      name: row.name,
      files: Number(row.files),
      bytes: Number(row.bytes),
      modifiedAt: Number(row.modified),
    }));
  }

  async folder(name: string): Promise<FolderRow | null> {
    return (await this.folders()).find((folder) => folder.name === name) ?? null;
  }

  async createFolder(name: string, now: number, sql: Sql = this.store): Promise<void> {
    await sql.execute('INSERT INTO lander_folders (name, created_at) VALUES ($1, $2)', [name, now]);
  }

  /** Makes the folder when it is not there yet (uploads into a new folder). */
  async ensureFolder(name: string, now: number): Promise<void> {
    const rows = await this.store.query('SELECT name FROM lander_folders WHERE name = $1', [name]);
    if (rows.length === 0) await this.createFolder(name, now);
  }

  async renameFolder(from: string, to: string, now: number): Promise<void> {
    await this.store.transaction(async (tx) => {
      await this.createFolder(to, now, tx);
      await tx.execute('UPDATE lander_files SET folder = $1 WHERE folder = $2', [to, from]);
      await tx.execute('DELETE FROM lander_folders WHERE name = $1', [from]);
    });
  }

  async deleteFolder(name: string): Promise<boolean> {
    return this.store.transaction(async (tx) => {
      await tx.execute('DELETE FROM lander_files WHERE folder = $1', [name]);
      return (await tx.execute('DELETE FROM lander_folders WHERE name = $1', [name])) > 0;
    });
  }

  async files(folder: string): Promise<FileMeta[]> {
    const rows = await this.store.query<MetaRow>(
      `SELECT ${META_COLUMNS} FROM lander_files WHERE folder = $1 ORDER BY path`,
      [folder],
    );
    return rows.map(metaOf);
  }

  async meta(folder: string, path: string): Promise<FileMeta | null> {
    const rows = await this.store.query<MetaRow>(
      `SELECT ${META_COLUMNS} FROM lander_files WHERE folder = $1 AND path = $2`,
      [folder, path],
    );
    return rows[0] ? metaOf(rows[0]) : null;
  }

  async usedBytes(): Promise<number> {
    const rows = await this.store.query<{ bytes: unknown }>(
      'SELECT COALESCE(SUM(size), 0) AS bytes FROM lander_files',
    );
    return Number(rows[0]?.bytes ?? 0);
  }

  /** A file's bytes, from the cache when its hash is there. */
  async content(meta: FileMeta): Promise<Buffer | null> {
    const cached = this.cache.get(meta.sha256);
    if (cached) return cached;
    const rows = await this.store.query<{ content: string; sha256: string }>(
      'SELECT content, sha256 FROM lander_files WHERE folder = $1 AND path = $2',
      [meta.folder, meta.path],
    );
    const row = rows[0];
    if (!row) return null;
    const bytes = Buffer.from(row.content, 'base64');
    this.cache.set(row.sha256, bytes);
    return bytes;
  }

  async put(folder: string, path: string, bytes: Buffer, contentType: string, now: number): Promise<void> {
    const hash = sha256(bytes);
    await this.store.execute(
      `INSERT INTO lander_files (folder, path, size, content_type, sha256, modified_at, content)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (folder, path) DO UPDATE SET size = EXCLUDED.size, content_type = EXCLUDED.content_type,
         sha256 = EXCLUDED.sha256, modified_at = EXCLUDED.modified_at, content = EXCLUDED.content`,
      [folder, path, bytes.length, contentType, hash, now, bytes.toString('base64')],
    );
    this.cache.set(hash, bytes);
  }

  async deleteFile(folder: string, path: string): Promise<boolean> {
    return (
      (await this.store.execute('DELETE FROM lander_files WHERE folder = $1 AND path = $2', [folder, path])) >
      0
    );
  }

  async moveFile(
    from: { folder: string; path: string },
    to: { folder: string; path: string },
    contentType: string,
    now: number,
  ): Promise<boolean> {
    const changed = await this.store.execute(
      `UPDATE lander_files SET folder = $1, path = $2, content_type = $3, modified_at = $4
        WHERE folder = $5 AND path = $6`,
      [to.folder, to.path, contentType, now, from.folder, from.path],
    );
    return changed > 0;
  }

  /** Every file of a folder with its bytes, for a zip. */
  async contents(folder: string): Promise<Map<string, Buffer>> {
    const files = new Map<string, Buffer>();
    for (const meta of await this.files(folder)) {
      const bytes = await this.content(meta);
      if (bytes) files.set(meta.path, bytes);
    }
    return files;
  }

  /** Landers (not archived) whose URL points at `/lp/<folder>/` on any domain. */
  async landersUsing(folder: string): Promise<{ id: number; name: string; lpProtectKey: string | null }[]> {
    const rows = await this.store.query<{
      id: unknown;
      name: string;
      url: string;
      lp_protect_key: string | null;
    }>(
      `SELECT id, name, url, lp_protect_key FROM landings WHERE NOT archived AND url LIKE '%/lp/%' ORDER BY id`,
    );
    return rows
      .filter((row) => hostedFolderOf(row.url) === folder)
      .map((row) => ({ id: Number(row.id), name: row.name, lpProtectKey: row.lp_protect_key }));
  }
}

/** The hosted folder a lander URL points at (`https://host/lp/<folder>/...`), or null. */
export function hostedFolderOf(url: string): string | null {
  const match = /^https?:\/\/[^/?#]+\/lp\/([^/?#]+)/i.exec(url);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
