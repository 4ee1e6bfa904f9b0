import { UNIQUE_COOKIE_PREFIX } from '@cairn/contract';
import { RecentCache } from '../enrich/cache.ts';
import { USER_AGENT_MAX_LENGTH } from '../enrich/index.ts';

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
// visitor whose window ends first. A slot's digest and expiry sit side by side, so a bucket is two
// adjacent cache lines: with new visitors from everywhere nearly every check misses the cache there.
//
// The user agent, a hundred characters or more, is hashed once per distinct agent and kept: paid
// traffic repeats a few thousand agents, and hashing it on every click was half of a check's time.

export const UNIQUENESS_MEMORY_MAX_ENTRIES = 500_000;
const WAYS = 8;
/** Agents whose digests are kept, as the user-agent parser keeps its parses. */
const AGENT_DIGESTS_KEPT = 10_000;
/** 32-bit words a slot takes: the digest's low and high words, then its expiry as a float64. */
const SLOT_WORDS = 4;

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

/**
 * The cookie marking a visitor one of the campaign's rules took, `cairn_u<id>r<rule index>`: only set
 * for rules that ask for visitors unique for their paths.
 */
export function uniqueRuleCookieName(campaignId: number, ruleIndex: number): string {
  return `${uniqueCookieName(campaignId)}r${ruleIndex}`;
}

/** A user agent's 64-bit digest. */
interface AgentDigest {
  readonly high: number;
  readonly low: number;
}

export class Uniqueness {
  private readonly buckets: number;
  private readonly slots: number;
  /** Per slot: digest low, digest high, then the expiry (ms) as a float64 over the next two words. */
  private readonly marks: Uint32Array;
  /** The same memory as float64s: slot s expires at until[2s + 1]; 0 for a slot never used. */
  private readonly until: Float64Array;
  private readonly agents = new RecentCache<string, AgentDigest>(AGENT_DIGESTS_KEPT);
  private used = 0;
  // A burst's clicks share their millisecond, and base 36 of a double is slow to print (~0.2 us).
  private lastUntil = 0;
  private lastUntilText = '0';

  constructor(maxEntries = UNIQUENESS_MEMORY_MAX_ENTRIES) {
    this.buckets = Math.max(1, Math.ceil(maxEntries / WAYS));
    this.slots = this.buckets * WAYS;
    const memory = new ArrayBuffer(this.slots * SLOT_WORDS * 4);
    this.marks = new Uint32Array(memory);
    this.until = new Float64Array(memory);
  }

  /** Slots holding a mark, expired ones included until a new mark takes their slot. */
  get size(): number {
    return this.used;
  }

  /** Marks this memory holds at most. */
  get capacity(): number {
    return this.slots;
  }

  /**
   * Whether the visitor is unique for the campaign (scope 0) or for one of its rules (scope: the rule's
   * index + 1, see uniqueRuleCookieName), and if so marks them for the window.
   */
  check(
    campaignId: number,
    windowMs: number,
    ip: string,
    userAgent: string,
    cookieValue: string | undefined,
    now: number,
    scope = 0,
  ): UniquenessVerdict {
    const slot = this.find(campaignId, scope, ip, userAgent);
    const high = digestHigh;
    const low = digestLow;
    const first = (low % this.buckets) * WAYS;
    const marks = this.marks;
    const until = this.until;
    if (isRepeat(cookieValue, windowMs, now) || (slot >= 0 && (until[2 * slot + 1] as number) > now)) {
      return { unique: false, cookie: null };
    }
    const expires = now + windowMs;
    const taken = slot < 0 ? this.slotFor(first, now) : slot;
    if (until[2 * taken + 1] === 0) this.used += 1;
    marks[taken * SLOT_WORDS] = low;
    marks[taken * SLOT_WORDS + 1] = high;
    until[2 * taken + 1] = expires;
    if (expires !== this.lastUntil) {
      this.lastUntil = expires;
      this.lastUntilText = expires.toString(36);
    }
    return {
      unique: true,
      cookie: {
        name: scope === 0 ? uniqueCookieName(campaignId) : uniqueRuleCookieName(campaignId, scope - 1),
        value: this.lastUntilText,
        maxAgeSeconds: Math.ceil(windowMs / 1000),
      },
    };
  }

  /** Whether the visitor would be unique for the scope now, without marking them (rule criteria). */
  isUnique(
    campaignId: number,
    windowMs: number,
    ip: string,
    userAgent: string,
    cookieValue: string | undefined,
    now: number,
    scope: number,
  ): boolean {
    if (isRepeat(cookieValue, windowMs, now)) return false;
    const slot = this.find(campaignId, scope, ip, userAgent);
    return slot < 0 || (this.until[2 * slot + 1] as number) <= now;
  }

  /** The slot holding the visitor's mark for the scope, or -1; leaves the digest in digestHigh/Low. */
  private find(campaignId: number, scope: number, ip: string, userAgent: string): number {
    digest(campaignId, ip, this.agentDigest(userAgent), scope);
    const high = digestHigh;
    const low = digestLow;
    const first = (low % this.buckets) * WAYS;
    const marks = this.marks;
    for (let index = first; index < first + WAYS; index += 1) {
      const word = index * SLOT_WORDS;
      if (marks[word] === low && marks[word + 1] === high && (this.until[2 * index + 1] as number) > 0) {
        return index;
      }
    }
    return -1;
  }

  private agentDigest(userAgent: string): AgentDigest {
    let agent = this.agents.get(userAgent);
    if (agent === undefined) {
      digestLow = 0x811c9dc5;
      digestHigh = 0x050c5d1f;
      mix(userAgent);
      agent = { high: digestHigh >>> 0, low: digestLow >>> 0 };
      // Longer agents are hashed every time rather than held: real ones are shorter, and the cache's
      // memory stays bounded (~5 MB) whatever a hostile client sends.
      if (userAgent.length <= USER_AGENT_MAX_LENGTH) this.agents.set(userAgent, agent);
    }
    return agent;
  }

  /** A free or expired slot of the bucket starting at `first`, else the one whose mark expires soonest. */
  private slotFor(first: number, now: number): number {
    const until = this.until;
    let soonest = first;
    for (let index = first; index < first + WAYS; index += 1) {
      const expires = until[2 * index + 1] as number;
      if (expires <= now) return index;
      if (expires < (until[2 * soonest + 1] as number)) soonest = index;
    }
    return soonest;
  }
}

/** A uniqueness cookie's value (its expiry, base 36) still running within the window. */
function isRepeat(cookieValue: string | undefined, windowMs: number, now: number): boolean {
  const cookieUntil = cookieValue ? Number.parseInt(cookieValue, 36) : Number.NaN;
  return Number.isFinite(cookieUntil) && cookieUntil > now && cookieUntil <= now + windowMs;
}

let digestHigh = 0;
let digestLow = 0;

/**
 * A 64-bit FNV-1a style digest of the mark, left in digestHigh and digestLow (no allocation per click):
 * a collision only makes a rare visitor look repeated.
 */
function digest(campaignId: number, ip: string, agent: AgentDigest, scope: number): void {
  digestLow = 0x811c9dc5 ^ campaignId;
  digestHigh = 0x050c5d1f;
  mix(ip);
  mixWord(agent.low);
  mixWord(agent.high);
  // A rule's marks differ from the campaign's; scope 0 leaves the campaign's digest as it always was.
  if (scope !== 0) mixWord(scope);
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

/** Mixes a 32-bit word in, a byte at a time as `mix` does a character. */
function mixWord(word: number): void {
  let low = digestLow;
  let high = digestHigh;
  for (let shift = 0; shift < 32; shift += 8) {
    const byte = (word >>> shift) & 0xff;
    low = Math.imul(low ^ byte, 0x01000193);
    high = Math.imul(high ^ byte, 0x01000193) ^ (low >>> 7);
  }
  digestLow = low;
  digestHigh = high;
}
