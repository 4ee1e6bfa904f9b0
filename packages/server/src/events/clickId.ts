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
const CODES = Uint8Array.from(ALPHABET, (character) => character.charCodeAt(0));
// The time characters of the last millisecond an id was minted in: a burst's clicks share it.
const timeCodes = new Uint8Array(TIME_CHARS);
let lastTime = -1;

/** A new click id minted at `now` (ms since the epoch). */
export function mintClickId(now: number): string {
  if (!Number.isFinite(now) || now < 0 || now > MAX_TIME) {
    throw new RangeError(`A click id cannot carry the time ${now}`);
  }
  const time = Math.floor(now);
  if (time !== lastTime) {
    let rest = time;
    for (let index = TIME_CHARS - 1; index >= 0; index -= 1) {
      timeCodes[index] = CODES[rest % 32] as number;
      rest = Math.floor(rest / 32);
    }
    lastTime = time;
  }
  if (poolOffset + RANDOM_CHARS > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const at = poolOffset;
  poolOffset += RANDOM_CHARS;
  const t = timeCodes;
  const random = (offset: number) => CODES[(pool[at + offset] as number) & 31] as number;
  // One flat string in one call: appending 23 characters one by one built a chain of 23 strings that
  // every later read of the id had to flatten first.
  return String.fromCharCode(
    t[0] as number,
    t[1] as number,
    t[2] as number,
    t[3] as number,
    t[4] as number,
    t[5] as number,
    t[6] as number,
    t[7] as number,
    t[8] as number,
    t[9] as number,
    random(0),
    random(1),
    random(2),
    random(3),
    random(4),
    random(5),
    random(6),
    random(7),
    random(8),
    random(9),
    random(10),
    random(11),
    random(12),
  );
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
