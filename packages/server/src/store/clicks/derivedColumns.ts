import { EVENT_COLUMNS } from '../../events/columns.ts';
import type { ClickFacts } from '../events/port.ts';

// An archived click line may leave out the columns its address and user agent decide: country, region,
// city, ISP, ASN and connection type, then device type, brand, model, OS, browser and their versions.
// With visitors from everywhere the first six were 25 of the 60 bytes an archived click took
// (bench:click's traffic, zstd), more than its address and id together; the device's seven grow with the
// variety of user agents. The address and user agent stay in the line, and in place of what they decide
// the line keeps a 32-bit FNV-1a hash of those values' text as written.
//
// A lookup derives them again, with the enricher the click engine used, and takes them only when their
// hash matches: after newer databases were dropped in, or for a click the engine did not enrich (a
// seeded one), the hash differs (but for a 1 in 2^32 chance) and the archive says it cannot answer, so
// the lookup asks the event store, which holds the click as it was recorded.

/** Side by side in EVENT_COLUMNS, in its order. */
export const DERIVED_COLUMNS = [
  'country',
  'region',
  'city',
  'isp',
  'asn',
  'connection_type',
  'device_type',
  'brand',
  'model',
  'os',
  'os_version',
  'browser',
  'browser_version',
] as const;

const NAMES = EVENT_COLUMNS.map((column) => column.name);
const FIRST = NAMES.indexOf(DERIVED_COLUMNS[0]);
const COUNT = DERIVED_COLUMNS.length;
if (FIRST < 1 || DERIVED_COLUMNS.some((name, offset) => NAMES[FIRST + offset] !== name)) {
  // Lines are cut by position: the columns must stay side by side, after the first, in the schema.
  throw new Error(`The derived columns must be consecutive in EVENT_COLUMNS: ${DERIVED_COLUMNS.join(', ')}`);
}
const DERIVED = EVENT_COLUMNS.slice(FIRST, FIRST + COUNT);
const FULL_LENGTH = NAMES.length;
const CUT_LENGTH = FULL_LENGTH - COUNT + 1;
/** Where a value after the derived ones sits in a cut line. */
const cutPosition = (name: string) => {
  const position = NAMES.indexOf(name);
  return position < FIRST ? position : position - COUNT + 1;
};
const IP_AT = cutPosition('ip');
const USER_AGENT_AT = cutPosition('user_agent');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN = 0x5b;

/** FNV-1a, 32 bits, of `bytes[start, end)`. */
export function fnv1a32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let hash = 0x811c9dc5;
  for (let at = start; at < end; at += 1) {
    hash ^= bytes[at] as number;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Where the derived values lie in the journal line `data[start, end)`: from the first one's first byte
 * to the comma after the last one; null for a line not shaped so.
 */
function derivedSpan(data: Uint8Array, start: number, end: number): [number, number] | null {
  if (data[start] !== OPEN) return null;
  let commas = 0;
  let from = -1;
  let inString = false;
  for (let at = start + 1; at < end; at += 1) {
    const byte = data[at];
    if (inString) {
      if (byte === BACKSLASH) at += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === COMMA) {
      commas += 1;
      if (commas === FIRST) from = at + 1;
      else if (commas === FIRST + COUNT) return [from, at];
    }
  }
  return null;
}

export class DerivedColumns {
  private readonly facts: ClickFacts;
  private scratch = Buffer.allocUnsafeSlow(4096);

  constructor(facts: ClickFacts) {
    this.facts = facts;
  }

  /**
   * The journal line `data[start, end)` with the derived values replaced by their hash: a view of a
   * buffer reused by the next call, so copy what is kept. The line as it is when it is not a line of
   * EVENT_COLUMNS.
   */
  cut(data: Uint8Array, start: number, end: number): Uint8Array {
    const span = derivedSpan(data, start, end);
    if (!span) return data.subarray(start, end);
    const [from, to] = span;
    const hash = String(fnv1a32(data, from, to));
    const length = end - start - (to - from) + hash.length;
    if (length > this.scratch.length) this.scratch = Buffer.allocUnsafeSlow(length * 2);
    this.scratch.set(data.subarray(start, from), 0);
    let at = from - start;
    at += this.scratch.write(hash, at, 'latin1');
    this.scratch.set(data.subarray(to, end), at);
    return this.scratch.subarray(0, length);
  }

  /**
   * The values of a whole line for an archived line's (parsed) `values`: they themselves when nothing
   * was left out; with the values derived now put back in place of the hash (in `values`) when they hash
   * as the ones written; null when they do not, or the line is of another length.
   */
  restore(values: unknown[]): unknown[] | null {
    if (values.length === FULL_LENGTH) return values;
    const hash: unknown = values[FIRST];
    const ip: unknown = values[IP_AT];
    const userAgent: unknown = values[USER_AGENT_AT];
    if (values.length !== CUT_LENGTH || typeof ip !== 'string' || typeof userAgent !== 'string') return null;
    const click = this.facts(ip, userAgent);
    const derived = DERIVED.map((column) => column.get(click));
    // The text encodeEvent wrote them as: JSON.stringify of the line's array, these values in it.
    const text = JSON.stringify(derived).slice(1, -1);
    if (fnv1a32(Buffer.from(text)) !== hash) return null;
    values.splice(FIRST, 1, ...derived);
    return values;
  }
}
