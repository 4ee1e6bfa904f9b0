import type { Session } from './sessions.ts';
import { IDLE_TOUCH_MS } from './sessions.ts';
import type { UserWithSecrets } from './users.ts';

// Who a session cookie belongs to, kept for a moment so an API call does not pay two config-store round
// trips (about 3 ms on the embedded store) before its own work. Correctness does not rest on the expiry:
// every write to users or sessions announces a change ('user' or 'session' on EntityChanges, relayed to
// every node on PostgreSQL), and any such change empties the cache, so a sign-out, a disabled account or
// a new role is seen by the very next call. The short life only bounds what a change nobody announced (a
// tool writing the database directly) can leave behind.

/** The kinds of change that empty the cache. */
export const SIGNED_IN_KINDS: readonly string[] = ['user', 'session'];

/** The default of CAIRN_SIGNED_IN_CACHE_MS. */
export const SIGNED_IN_CACHE_MS = 5_000;
/** Sessions kept at most; past it the oldest go first (each a few hundred bytes). */
export const SIGNED_IN_CACHE_ENTRIES = 10_000;

interface Entry {
  session: Session;
  user: UserWithSecrets;
  cachedAt: number;
}

export class SignedInCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly lifetimeMs: number;
  private readonly maxEntries: number;
  /** Moves at every clear; a lookup that began before a change may not cache what it read. */
  private clears = 0;

  constructor(now: () => number, lifetimeMs = SIGNED_IN_CACHE_MS, maxEntries = SIGNED_IN_CACHE_ENTRIES) {
    this.now = now;
    this.lifetimeMs = lifetimeMs;
    this.maxEntries = maxEntries;
  }

  /**
   * The cached session and user of a session id hash, or null when the store must be asked: never
   * cached, cached too long ago, past its lifetime or idle limit, or due for its last-use touch.
   */
  get(idHash: string, idleMs: number): { session: Session; user: UserWithSecrets } | null {
    if (this.lifetimeMs === 0) return null;
    const entry = this.entries.get(idHash);
    if (!entry) return null;
    const now = this.now();
    const { session } = entry;
    const fresh =
      now - entry.cachedAt < this.lifetimeMs &&
      session.expiresAt > now &&
      now - session.lastSeenAt < Math.min(idleMs, IDLE_TOUCH_MS);
    if (!fresh) {
      this.entries.delete(idHash);
      return null;
    }
    return entry;
  }

  /** A mark to pass to `set` from a lookup that starts now. */
  get generation(): number {
    return this.clears;
  }

  /** Keeps what a store lookup read, unless the cache was cleared since that lookup began. */
  set(session: Session, user: UserWithSecrets, readAt: number = this.clears): void {
    if (readAt !== this.clears || this.lifetimeMs === 0) return;
    this.entries.delete(session.idHash);
    this.entries.set(session.idHash, { session, user, cachedAt: this.now() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.clears += 1;
    this.entries.clear();
  }
}
