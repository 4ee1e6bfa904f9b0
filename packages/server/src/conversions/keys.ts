import crypto from 'node:crypto';
import { z } from 'zod';
import { decrypt, encrypt, randomToken } from '../auth/secrets.ts';
import { SETTING_POSTBACK_KEYS } from '../settings/keys.ts';
import { getSetting, setSetting } from '../settings/store.ts';
import type { Sql } from '../store/config/port.ts';

// The installation's postback keys. A click id is no secret (every visitor sees theirs), so a postback
// proves it comes from a network by carrying a key only the tracker and its networks know. The keys are
// kept in the config store encrypted with the installation key (as TOTP secrets are), newest first: the
// first is the one handed out, the others still work until an admin retires them, so a rotation leaves
// networks time to paste the new URL.

/** Keys kept at most: rotating again and again without retiring drops the oldest. */
export const POSTBACK_KEYS_MAX = 5;

const storedKeysSchema = z.object({
  keys: z.array(z.object({ sealed: z.string(), createdAt: z.number() })).min(1),
});
type StoredKeys = z.infer<typeof storedKeysSchema>;

/** A new key: URL-safe, so it needs no encoding in a network's postback URL. */
function newKey(): string {
  return randomToken(24);
}

/** Digests of equal length, so comparing them takes the same time whatever the candidate's length. */
function digestOf(value: string): Buffer {
  return crypto.createHash('sha256').update(value).digest();
}

async function readStoredKeys(sql: Sql): Promise<StoredKeys | null> {
  const text = await getSetting(sql, SETTING_POSTBACK_KEYS);
  if (!text) return null;
  // A value that cannot be read is an error, not a reason to make a new key: that would silently
  // break every network's postback URL.
  return storedKeysSchema.parse(JSON.parse(text));
}

/** The valid postback keys in clear, the current one first (for a bundle exported with its secrets). */
export async function readPostbackKeys(sql: Sql, encryptionKey: Buffer): Promise<string[]> {
  const stored = await readStoredKeys(sql);
  return (stored?.keys ?? []).map((entry) => decrypt(encryptionKey, entry.sealed));
}

/**
 * Takes another installation's postback keys in (a bundle import), so the URLs its networks call keep
 * working here. `current: 'imported'` makes the bundle's current key the one handed out; with `'kept'`
 * this installation's stays current. Either way every key stays valid, up to POSTBACK_KEYS_MAX (the
 * oldest of the ones not made current go first). Answers whether anything changed; the caller announces
 * it so every node reloads.
 */
export async function adoptPostbackKeys(
  sql: Sql,
  encryptionKey: Buffer,
  imported: readonly string[],
  current: 'imported' | 'kept',
  now: number,
): Promise<boolean> {
  if (imported.length === 0) return false;
  const stored = (await readStoredKeys(sql))?.keys ?? [];
  const here = stored.map((entry) => ({ key: decrypt(encryptionKey, entry.sealed), entry }));
  const known = new Set(here.map(({ key }) => key));
  const fresh = [...new Set(imported)].filter((key) => !known.has(key));
  const currentKey = current === 'imported' ? imported[0] : here[0]?.key;
  if (fresh.length === 0 && currentKey === here[0]?.key) return false;
  const sealed = (key: string) =>
    here.find((kept) => kept.key === key)?.entry ?? { sealed: encrypt(encryptionKey, key), createdAt: now };
  const ordered = [
    ...(currentKey === undefined ? [] : [currentKey]),
    ...(current === 'imported' ? here.map(({ key }) => key) : fresh),
    ...(current === 'imported' ? fresh : here.map(({ key }) => key)),
  ];
  const keys = [...new Set(ordered)].slice(0, POSTBACK_KEYS_MAX).map(sealed);
  if (keys.length === 0) return false;
  await setSetting(sql, SETTING_POSTBACK_KEYS, JSON.stringify({ keys } satisfies StoredKeys));
  return true;
}

export class PostbackKeys {
  private readonly encryptionKey: Buffer;
  private readonly now: () => number;
  private keys: string[] = [];
  private digests: Buffer[] = [];

  constructor(encryptionKey: Buffer, now: () => number) {
    this.encryptionKey = encryptionKey;
    this.now = now;
  }

  /** The key the panel hands out. */
  get current(): string {
    const [current] = this.keys;
    if (current === undefined) throw new Error('The postback keys are not loaded');
    return current;
  }

  /** Keys still accepted besides the current one. */
  get previousCount(): number {
    return Math.max(0, this.keys.length - 1);
  }

  /** Whether a postback's key is one of the installation's; every key is compared, in constant time. */
  accepts(candidate: string | null): boolean {
    if (candidate === null || candidate === '' || candidate.length > 512) return false;
    const digest = digestOf(candidate);
    let match = false;
    for (const known of this.digests) match = crypto.timingSafeEqual(known, digest) || match;
    return match;
  }

  /**
   * Reads the keys; on the first start of an installation makes one. Nodes starting together on one
   * PostgreSQL store race only for the insert: the loser reads the winner's key.
   */
  async load(sql: Sql): Promise<void> {
    let stored = await this.read(sql);
    if (!stored) {
      const first: StoredKeys = { keys: [this.seal(newKey())] };
      await sql.execute('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
        SETTING_POSTBACK_KEYS,
        JSON.stringify(first),
      ]);
      stored = await this.read(sql);
      if (!stored) throw new Error('The postback keys could not be stored');
    }
    this.use(stored.keys.map((entry) => decrypt(this.encryptionKey, entry.sealed)));
  }

  /** A new current key; the ones before it stay valid (the oldest go past POSTBACK_KEYS_MAX). */
  async rotate(sql: Sql): Promise<void> {
    const stored = await this.read(sql);
    const kept = (stored?.keys ?? []).slice(0, POSTBACK_KEYS_MAX - 1);
    const next: StoredKeys = { keys: [this.seal(newKey()), ...kept] };
    await setSetting(sql, SETTING_POSTBACK_KEYS, JSON.stringify(next));
    this.use(next.keys.map((entry) => decrypt(this.encryptionKey, entry.sealed)));
  }

  /** Only the current key stays valid. */
  async retire(sql: Sql): Promise<void> {
    const stored = await this.read(sql);
    if (!stored) return;
    const next: StoredKeys = { keys: stored.keys.slice(0, 1) };
    await setSetting(sql, SETTING_POSTBACK_KEYS, JSON.stringify(next));
    this.use(next.keys.map((entry) => decrypt(this.encryptionKey, entry.sealed)));
  }

  private seal(key: string): StoredKeys['keys'][number] {
    return { sealed: encrypt(this.encryptionKey, key), createdAt: this.now() };
  }

  private read(sql: Sql): Promise<StoredKeys | null> {
    return readStoredKeys(sql);
  }

  private use(keys: string[]): void {
    this.keys = keys;
    this.digests = keys.map(digestOf);
  }
}
