import type { ApiKey, ApiKeyScope } from '@cairn/contract';
import { type Sql, timestamp } from '../store/config/port.ts';
import { randomToken, sha256 } from './secrets.ts';

// API keys as the config store keeps them: the key's SHA-256, never the key. Nothing about a key is kept
// in a node's memory, so a revoke (on any node) refuses the very next request everywhere; the price is
// one indexed lookup per API-key request.

/** Recording each use would write on every request; the list shows last use to the minute. */
export const API_KEY_TOUCH_MS = 60 * 1000;

/** Tells a Cairn key at a glance (in a leaked file, to a secret scanner) from other tokens. */
const KEY_PREFIX = 'cairn_';
/** Characters of the key shown in lists: the marker and a few random ones, nothing that signs anybody in. */
const SHOWN_CHARACTERS = KEY_PREFIX.length + 6;

interface ApiKeyRow extends Record<string, unknown> {
  id: number;
  user_id: number;
  login: string | null;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
}

const SELECT = `SELECT k.id, k.user_id, u.login, k.name, k.prefix, k.scope, k.created_at, k.last_used_at,
  k.expires_at FROM api_keys k LEFT JOIN users u ON u.id = k.user_id`;

function fromRow(row: ApiKeyRow): ApiKey {
  return {
    id: Number(row.id),
    name: row.name,
    scope: row.scope,
    userId: Number(row.user_id),
    userLogin: row.login ?? '',
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
  };
}

export interface NewApiKey {
  userId: number;
  name: string;
  scope: ApiKeyScope;
  expiresAt: number | null;
}

export class ApiKeyRepository {
  private readonly sql: Sql;
  private readonly now: () => number;

  constructor(sql: Sql, now: () => number) {
    this.sql = sql;
    this.now = now;
  }

  async create(options: NewApiKey): Promise<{ key: string; apiKey: ApiKey }> {
    const key = `${KEY_PREFIX}${randomToken(32)}`;
    const rows = await this.sql.query<{ id: number }>(
      `INSERT INTO api_keys (user_id, name, key_hash, prefix, scope, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMPTZ), CAST($7 AS TIMESTAMPTZ)) RETURNING id`,
      [
        options.userId,
        options.name,
        sha256(key),
        key.slice(0, SHOWN_CHARACTERS),
        options.scope,
        timestamp(this.now()),
        options.expiresAt === null ? null : timestamp(options.expiresAt),
      ],
    );
    const apiKey = await this.findById(Number(rows[0]?.id));
    if (!apiKey) throw new Error('The API key just created is missing');
    return { key, apiKey };
  }

  /** Every key, or with `userId` that user's only; newest first. */
  async list(userId: number | null): Promise<ApiKey[]> {
    const rows =
      userId === null
        ? await this.sql.query<ApiKeyRow>(`${SELECT} ORDER BY k.id DESC`)
        : await this.sql.query<ApiKeyRow>(`${SELECT} WHERE k.user_id = $1 ORDER BY k.id DESC`, [userId]);
    return rows.map(fromRow);
  }

  async findById(id: number): Promise<ApiKey | null> {
    const rows = await this.sql.query<ApiKeyRow>(`${SELECT} WHERE k.id = $1`, [id]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /** Whether a key was there to delete. */
  async revoke(id: number): Promise<boolean> {
    return (await this.sql.execute('DELETE FROM api_keys WHERE id = $1', [id])) > 0;
  }

  /**
   * The unexpired key a request presents, with its last use recorded (at most once per API_KEY_TOUCH_MS);
   * null for an unknown, revoked or expired key.
   */
  async use(key: string): Promise<ApiKey | null> {
    const rows = await this.sql.query<ApiKeyRow>(`${SELECT} WHERE k.key_hash = $1`, [sha256(key)]);
    const row = rows[0];
    if (!row) return null;
    const apiKey = fromRow(row);
    const now = this.now();
    if (row.expires_at && row.expires_at.getTime() <= now) return null;
    if (!row.last_used_at || now - row.last_used_at.getTime() >= API_KEY_TOUCH_MS) {
      await this.sql.execute('UPDATE api_keys SET last_used_at = CAST($2 AS TIMESTAMPTZ) WHERE id = $1', [
        apiKey.id,
        timestamp(now),
      ]);
      apiKey.lastUsedAt = timestamp(now);
    }
    return apiKey;
  }
}
