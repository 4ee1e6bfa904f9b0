import { randomFillSync } from 'node:crypto';

// A click id is 10 characters of millisecond timestamp and 13 of randomness, in lowercase Crockford
// base32: URL-safe, with no look-alike letters, and sorting as text sorts by time (to the millisecond),
// so a postback finds its click by a short time-range scan. 65 random bits make ids from independent
// nodes collide with negligible probability (birthday bound: ~10^-7 after 10^9 ids minted in one ms).

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const TIME_CHARS = 10;
const RANDOM_CHARS = 13;
export const CLICK_ID_LENGTH = TIME_CHARS + RANDOM_CHARS;
/** 10 base32 characters hold 50 bits of milliseconds: good until the year 37648. */
const MAX_TIME = 2 ** (5 * TIME_CHARS) - 1;

// Character code -> digit value, -1 for every character outside the alphabet.
const DIGIT = new Int8Array(128).fill(-1);
for (let index = 0; index < ALPHABET.length; index += 1) DIGIT[ALPHABET.charCodeAt(index)] = index;

// One getrandom call fills the pool for ~315 ids; each id takes one byte per random character and uses its
// low 5 bits (256 is a multiple of 32, so every character stays uniform).
const pool = Buffer.allocUnsafe(4096);
let poolOffset = pool.length;

/** A new click id minted at `now` (ms since the epoch). */
export function mintClickId(now: number): string {
  if (!Number.isFinite(now) || now < 0 || now > MAX_TIME) {
    throw new RangeError(`A click id cannot carry the time ${now}`);
  }
  let time = Math.floor(now);
  let id = '';
  for (let index = 0; index < TIME_CHARS; index += 1) {
    id = ALPHABET[time % 32] + id;
    time = Math.floor(time / 32);
  }
  if (poolOffset + RANDOM_CHARS > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  for (let index = 0; index < RANDOM_CHARS; index += 1) {
    id += ALPHABET[pool[poolOffset + index] & 31];
  }
  poolOffset += RANDOM_CHARS;
  return id;
}

/**
 * The time (ms) a click id was minted at, or null when `id` is not a well-formed click id. Ids arrive in
 * hostile postbacks: anything but exactly 23 characters of the lowercase alphabet is refused before use.
 */
export function clickTimeOf(id: unknown): number | null {
  if (typeof id !== 'string' || id.length !== CLICK_ID_LENGTH) return null;
  let time = 0;
  for (let index = 0; index < CLICK_ID_LENGTH; index += 1) {
    const code = id.charCodeAt(index);
    const digit = code < 128 ? DIGIT[code] : -1;
    if (digit < 0) return null;
    // Multiplying rather than shifting: 50 bits overflow 32-bit bitwise operators but not a double.
    if (index < TIME_CHARS) time = time * 32 + digit;
  }
  return time;
}
