import { type Sql, timestamp } from '../store/config/port.ts';
import { randomToken, sha256 } from './secrets.ts';

// The cookie carries 256 random bits; the table keeps only their SHA-256, so a leaked database or backup
// holds no usable session.
export interface Session {
  idHash: string;
  userId: number;
  pendingTwoFactor: boolean;
  expiresAt: number;
}

// A half-finished sign-in (password right, code still due) lives only long enough to type a code.
export const TWO_FACTOR_WINDOW_MS = 5 * 60 * 1000;

export class SessionRepository {
  private readonly sql: Sql;
  private readonly now: () => number;

  constructor(sql: Sql, now: () => number) {
    this.sql = sql;
    this.now = now;
  }

  async create(options: {
    userId: number;
    lifetimeMs: number;
    pendingTwoFactor: boolean;
    ip: string;
    userAgent: string | undefined;
  }): Promise<{ token: string; session: Session }> {
    const token = randomToken(32);
    const idHash = sha256(token);
    const now = this.now();
    const expiresAt = now + options.lifetimeMs;
    await this.sql.execute(
      `INSERT INTO sessions (id_hash, user_id, pending_two_factor, created_at, expires_at, ip, user_agent)
       VALUES ($1, $2, $3, CAST($4 AS TIMESTAMPTZ), CAST($5 AS TIMESTAMPTZ), $6, $7)`,
      [
        idHash,
        options.userId,
        options.pendingTwoFactor,
        timestamp(now),
        timestamp(expiresAt),
        options.ip,
        options.userAgent?.slice(0, 512) ?? null,
      ],
    );
    return {
      token,
      session: { idHash, userId: options.userId, pendingTwoFactor: options.pendingTwoFactor, expiresAt },
    };
  }

  async find(token: string): Promise<Session | null> {
    const idHash = sha256(token);
    const rows = await this.sql.query<{ user_id: number; pending_two_factor: boolean; expires_at: Date }>(
      'SELECT user_id, pending_two_factor, expires_at FROM sessions WHERE id_hash = $1',
      [idHash],
    );
    const row = rows[0];
    if (!row) return null;
    const expiresAt = row.expires_at.getTime();
    if (expiresAt <= this.now()) {
      await this.sql.execute('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
      return null;
    }
    return { idHash, userId: row.user_id, pendingTwoFactor: row.pending_two_factor, expiresAt };
  }

  async revoke(idHash: string): Promise<void> {
    await this.sql.execute('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
  }

  async revokeAllForUser(userId: number, exceptIdHash?: string): Promise<void> {
    await this.sql.execute('DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2', [
      userId,
      exceptIdHash ?? '',
    ]);
  }

  async purgeExpired(): Promise<void> {
    await this.sql.execute('DELETE FROM sessions WHERE expires_at <= CAST($1 AS TIMESTAMPTZ)', [
      timestamp(this.now()),
    ]);
  }
}
