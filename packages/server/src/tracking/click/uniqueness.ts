import { UNIQUE_COOKIE_PREFIX } from '@cairn/contract';

// A click is unique for its campaign when the visitor has not clicked it within the campaign's window.
// Two signals: a cookie per campaign (it works across every node behind a load balancer), and for
// clients that refuse cookies an in-memory mark of campaign + IP + user agent on this node.
//
// The marks live in typed arrays allocated once: `maxEntries` of them (default 500,000, 16 bytes each:
// 8 MB), outside V8's heap. A Map held them before, every key and expiry a heap number: with paid traffic,
// where nearly every click is a new visitor, that was the largest thing in the heap and grew by every
// click, so each full collection had half a million objects more to mark, and the Map's table, rebuilt
// as marks came and went, was megabytes of garbage at a time. Here a click writes three numbers in place:
// 3M checks of new visitors cost the Map 0.8-1.3 s of garbage collection with pauses up to 50 ms, and
// these arrays 0.08-0.13 s with pauses up to 10 ms, from the test's own strings (2026-11-28).
//
// A mark's digest picks a bucket of WAYS slots; a new mark takes a free or expired slot of its bucket,
// else the one expiring soonest. So memory never grows past the bound, and a full bucket forgets the
// visitor whose window ends first.

export const UNIQUENESS_MEMORY_MAX_ENTRIES = 500_000;
const WAYS = 8;

export interface UniquenessVerdict {
  unique: boolean;
  /** Set-Cookie value to send when the click is unique (null: nothing to set). */
  cookie: { name: string; value: string; maxAgeSeconds: number } | null;
}

const cookieNames: string[] = [];

/** The campaign's uniqueness cookie, `cairn_u<id>`: built once per campaign, read on every click. */
export function uniqueCookieName(campaignId: number): string {
  let name = cookieNames[campaignId];
  if (name === undefined) {
    name = `${UNIQUE_COOKIE_PREFIX}${campaignId}`;
    // Ids are small integers; anything else is built each time rather than stretch the array.
    if (Number.isInteger(campaignId) && campaignId >= 0 && campaignId < 1_000_000) {
      cookieNames[campaignId] = name;
    }
  }
  return name;
}

export class Uniqueness {
  private readonly buckets: number;
  private readonly high: Uint32Array;
  private readonly low: Uint32Array;
  /** When each slot's mark expires (ms); 0 for a slot never used. */
  private readonly until: Float64Array;
  private used = 0;
  // A burst's clicks share their millisecond, and base 36 of a double is slow to print (~0.2 us).
  private lastUntil = 0;
  private lastUntilText = '0';

  constructor(maxEntries = UNIQUENESS_MEMORY_MAX_ENTRIES) {
    this.buckets = Math.max(1, Math.ceil(maxEntries / WAYS));
    const slots = this.buckets * WAYS;
    this.high = new Uint32Array(slots);
    this.low = new Uint32Array(slots);
    this.until = new Float64Array(slots);
  }

  /** Slots holding a mark, expired ones included until a new mark takes their slot. */
  get size(): number {
    return this.used;
  }

  /** Marks this memory holds at most. */
  get capacity(): number {
    return this.until.length;
  }

  check(
    campaignId: number,
    windowMs: number,
    ip: string,
    userAgent: string,
    cookieValue: string | undefined,
    now: number,
  ): UniquenessVerdict {
    digest(campaignId, ip, userAgent);
    const high = digestHigh;
    const low = digestLow;
    const first = (low % this.buckets) * WAYS;
    let slot = -1;
    for (let index = first; index < first + WAYS; index += 1) {
      if (this.low[index] === low && this.high[index] === high && (this.until[index] as number) > 0) {
        slot = index;
        break;
      }
    }
    const cookieUntil = cookieValue ? Number.parseInt(cookieValue, 36) : Number.NaN;
    const repeat =
      (Number.isFinite(cookieUntil) && cookieUntil > now && cookieUntil <= now + windowMs) ||
      (slot >= 0 && (this.until[slot] as number) > now);
    if (repeat) return { unique: false, cookie: null };
    const until = now + windowMs;
    if (slot < 0) slot = this.slotFor(first, now);
    if (this.until[slot] === 0) this.used += 1;
    this.high[slot] = high;
    this.low[slot] = low;
    this.until[slot] = until;
    if (until !== this.lastUntil) {
      this.lastUntil = until;
      this.lastUntilText = until.toString(36);
    }
    return {
      unique: true,
      cookie: {
        name: uniqueCookieName(campaignId),
        value: this.lastUntilText,
        maxAgeSeconds: Math.ceil(windowMs / 1000),
      },
    };
  }

  /** A free or expired slot of the bucket starting at `first`, else the one whose mark expires soonest. */
  private slotFor(first: number, now: number): number {
    let soonest = first;
    for (let index = first; index < first + WAYS; index += 1) {
      const until = this.until[index] as number;
      if (until <= now) return index;
      if (until < (this.until[soonest] as number)) soonest = index;
    }
    return soonest;
  }
}

let digestHigh = 0;
let digestLow = 0;

/**
 * A 64-bit FNV-1a style digest of the mark, left in digestHigh and digestLow (no allocation per click):
 * a collision only makes a rare visitor look repeated.
 */
function digest(campaignId: number, ip: string, userAgent: string): void {
  digestLow = 0x811c9dc5 ^ campaignId;
  digestHigh = 0x050c5d1f;
  mix(ip);
  mix(userAgent);
  digestHigh >>>= 0;
  digestLow >>>= 0;
}

function mix(text: string): void {
  let low = digestLow;
  let high = digestHigh;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    low = Math.imul(low ^ code, 0x01000193);
    high = Math.imul(high ^ code, 0x01000193) ^ (low >>> 7);
  }
  digestLow = Math.imul(low ^ 0x1f, 0x01000193);
  digestHigh = high;
}
