import { UNIQUE_COOKIE_PREFIX } from '@cairn/contract';

// A click is unique for its campaign when the visitor has not clicked it within the campaign's window.
// Two signals: a cookie per campaign (it works across every node behind a load balancer), and for
// clients that refuse cookies an in-memory digest of campaign + IP + user agent on this node. The
// digest memory is bounded: at most `maxEntries` visitors (about 40 bytes each in a Map of numbers:
// the default 500 000 is ~25 MB); past that the oldest marks are forgotten first.

export const UNIQUENESS_MEMORY_MAX_ENTRIES = 500_000;

export interface UniquenessVerdict {
  unique: boolean;
  /** Set-Cookie value to send when the click is unique (null: nothing to set). */
  cookie: { name: string; value: string; maxAgeSeconds: number } | null;
}

export class Uniqueness {
  private readonly seen = new Map<number, number>();
  private readonly maxEntries: number;

  constructor(maxEntries = UNIQUENESS_MEMORY_MAX_ENTRIES) {
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.seen.size;
  }

  check(
    campaignId: number,
    windowMs: number,
    ip: string,
    userAgent: string,
    cookieValue: string | undefined,
    now: number,
  ): UniquenessVerdict {
    const digest = digestOf(campaignId, ip, userAgent);
    const remembered = this.seen.get(digest);
    const cookieUntil = cookieValue ? Number.parseInt(cookieValue, 36) : Number.NaN;
    const repeat =
      (Number.isFinite(cookieUntil) && cookieUntil > now && cookieUntil <= now + windowMs) ||
      (remembered !== undefined && remembered > now);
    if (repeat) return { unique: false, cookie: null };
    const until = now + windowMs;
    // Re-inserting moves the mark to the young end of the Map's insertion order.
    this.seen.delete(digest);
    this.seen.set(digest, until);
    if (this.seen.size > this.maxEntries) this.evict(now);
    return {
      unique: true,
      cookie: {
        name: `${UNIQUE_COOKIE_PREFIX}${campaignId}`,
        value: until.toString(36),
        maxAgeSeconds: Math.ceil(windowMs / 1000),
      },
    };
  }

  private evict(now: number): void {
    // Expired marks go first; then the oldest, a tenth at a time so eviction is not paid per click.
    for (const [digest, until] of this.seen) {
      if (until <= now) this.seen.delete(digest);
    }
    let excess = this.seen.size - Math.floor(this.maxEntries * 0.9);
    for (const digest of this.seen.keys()) {
      if (excess <= 0) break;
      this.seen.delete(digest);
      excess -= 1;
    }
  }
}

/** A 53-bit FNV-1a style digest: collisions only make a rare visitor look repeated. */
export function digestOf(campaignId: number, ip: string, userAgent: string): number {
  let low = 0x811c9dc5 ^ campaignId;
  let high = 0x050c5d1f;
  const mix = (text: string): void => {
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      low = Math.imul(low ^ code, 0x01000193);
      high = Math.imul(high ^ code, 0x01000193) ^ (low >>> 7);
    }
    low = Math.imul(low ^ 0x1f, 0x01000193);
  };
  mix(ip);
  mix(userAgent);
  return (high >>> 11) * 0x100000000 + (low >>> 0);
}
