import { type Sql, timestamp } from '../store/config/port.ts';
import { randomToken, sha256 } from './secrets.ts';

// The cookie carries 256 random bits; the table keeps only their SHA-256, so a leaked database or backup
// holds no usable session.
export interface Session {
  idHash: string;
  userId: number;
  pendingTwoFactor: boolean;
  expiresAt: number;
  /** When it was last used, to within IDLE_TOUCH_MS: the idle timeout counts from here. */
  lastSeenAt: number;
}

// Recording each use would write on every API call; a minute's precision is plenty for a timeout of hours.
export const IDLE_TOUCH_MS = 60 * 1000;

// A half-finished sign-in (password right, code still due) lives only long enough to type a code.
export const TWO_FACTOR_WINDOW_MS = 5 * 60 * 1000;

export class SessionRepository {
  private readonly sql: Sql;
  private readonly now: () => number;
  private readonly revoked: (userId: number) => void;

  /** `revoked` hears of every session ended before its time (the user's id, 0 when unknown), after the write. */
  constructor(sql: Sql, now: () => number, revoked: (userId: number) => void = () => {}) {
    this.sql = sql;
    this.now = now;
    this.revoked = revoked;
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
      `INSERT INTO sessions (id_hash, user_id, pending_two_factor, created_at, expires_at, ip, user_agent,
         last_seen_at)
       VALUES ($1, $2, $3, CAST($4 AS TIMESTAMPTZ), CAST($5 AS TIMESTAMPTZ), $6, $7, CAST($4 AS TIMESTAMPTZ))`,
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
      session: {
        idHash,
        userId: options.userId,
        pendingTwoFactor: options.pendingTwoFactor,
        expiresAt,
        lastSeenAt: now,
      },
    };
  }

  /**
   * The live session of a cookie, or null. With `idleMs`, a session unused for longer ends here too, and
   * a used one has its last use recorded (at most once per IDLE_TOUCH_MS).
   */
  async find(token: string, idleMs?: number): Promise<Session | null> {
    const idHash = sha256(token);
    const rows = await this.sql.query<{
      user_id: number;
      pending_two_factor: boolean;
      expires_at: Date;
      last_seen_at: Date | null;
      created_at: Date;
    }>(
      'SELECT user_id, pending_two_factor, expires_at, last_seen_at, created_at FROM sessions WHERE id_hash = $1',
      [idHash],
    );
    const row = rows[0];
    if (!row) return null;
    const now = this.now();
    const expiresAt = row.expires_at.getTime();
    const lastSeenAt = (row.last_seen_at ?? row.created_at).getTime();
    if (expiresAt <= now || (idleMs !== undefined && now - lastSeenAt > idleMs)) {
      await this.sql.execute('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
      return null;
    }
    const session = {
      idHash,
      userId: row.user_id,
      pendingTwoFactor: row.pending_two_factor,
      expiresAt,
      lastSeenAt,
    };
    if (idleMs !== undefined && now - lastSeenAt >= IDLE_TOUCH_MS) {
      await this.sql.execute(
        'UPDATE sessions SET last_seen_at = CAST($2 AS TIMESTAMPTZ) WHERE id_hash = $1',
        [idHash, timestamp(now)],
      );
      session.lastSeenAt = now;
    }
    return session;
  }

  async revoke(idHash: string): Promise<void> {
    await this.sql.execute('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
    this.revoked(0);
  }

  async revokeAllForUser(userId: number, exceptIdHash?: string): Promise<void> {
    await this.sql.execute('DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2', [
      userId,
      exceptIdHash ?? '',
    ]);
    this.revoked(userId);
  }

  /** Drops ended sessions: past their lifetime, and with `idleMs` also those unused for longer. */
  async purgeExpired(idleMs?: number): Promise<void> {
    const now = this.now();
    await this.sql.execute('DELETE FROM sessions WHERE expires_at <= CAST($1 AS TIMESTAMPTZ)', [
      timestamp(now),
    ]);
    if (idleMs !== undefined) {
      await this.sql.execute(
        'DELETE FROM sessions WHERE coalesce(last_seen_at, created_at) < CAST($1 AS TIMESTAMPTZ)',
        [timestamp(now - idleMs)],
      );
    }
  }
}
