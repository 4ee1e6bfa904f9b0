import crypto from 'node:crypto';
import { SETTING_CLICK_API_TOKEN } from '../settings/keys.ts';
import { getSetting, setSetting } from '../settings/store.ts';
import type { Sql } from '../store/config/port.ts';

// The Click API's token: one per installation, made by an admin, shown once. Only its SHA-256 is kept
// (in settings, so every node reads the same), and each node holds it in memory: a Click API call reads
// no database. A new token or turning the API off is announced as a settings change, which every node
// answers by reading it again.

const PREFIX = 'cairn_click_';

export interface StoredToken {
  sha256: string;
  createdAt: string;
}

const sha256 = (text: string): Buffer => crypto.createHash('sha256').update(text, 'utf8').digest();

/** The stored token's hash and making time; null while the Click API is off. */
export async function readClickApiToken(sql: Sql): Promise<StoredToken | null> {
  return parseStored(await getSetting(sql, SETTING_CLICK_API_TOKEN));
}

function parseStored(text: string | null): StoredToken | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredToken>;
    return typeof value.sha256 === 'string' &&
      /^[0-9a-f]{64}$/.test(value.sha256) &&
      typeof value.createdAt === 'string'
      ? { sha256: value.sha256, createdAt: value.createdAt }
      : null;
  } catch {
    return null;
  }
}

export class ClickApiToken {
  private current: { hash: Buffer; createdAt: string } | null = null;

  async load(sql: Sql): Promise<void> {
    const stored = await readClickApiToken(sql);
    this.current = stored ? { hash: Buffer.from(stored.sha256, 'hex'), createdAt: stored.createdAt } : null;
  }

  get createdAt(): string | null {
    return this.current?.createdAt ?? null;
  }

  /** Whether `token` is the current one (compared in constant time); false while the API is off. */
  accepts(token: string): boolean {
    if (!this.current || !token.startsWith(PREFIX) || token.length > 128) return false;
    return crypto.timingSafeEqual(sha256(token), this.current.hash);
  }
}

/** Stores a new token's hash and hands the token back (the caller announces the change). */
export async function createClickApiToken(
  sql: Sql,
  now: number,
): Promise<{ token: string; createdAt: string }> {
  const token = `${PREFIX}${crypto.randomBytes(24).toString('base64url')}`;
  const createdAt = new Date(now).toISOString();
  await setSetting(
    sql,
    SETTING_CLICK_API_TOKEN,
    JSON.stringify({ sha256: sha256(token).toString('hex'), createdAt } satisfies StoredToken),
  );
  return { token, createdAt };
}

export async function removeClickApiToken(sql: Sql): Promise<void> {
  await setSetting(sql, SETTING_CLICK_API_TOKEN, '');
}
