import { parseIpv4, parseIpv6 } from './ip.ts';
import { type AsnRecord, NETWORK_NAME_KINDS, networkNameKind } from './network.ts';

type Width = 1 | 4;
const PREFIXES = 0x10000;

function compareAt(words: Uint32Array, row: number, key: Uint32Array, width: Width): number {
  const base = row * width;
  for (let word = 0; word < width; word++) {
    const left = words[base + word] ?? 0;
    const right = key[word] ?? 0;
    if (left !== right) return left < right ? -1 : 1;
  }
  return 0;
}

/**
 * The ASN ranges of one address family as flat typed arrays: a range's first and last address as 1 (IPv4)
 * or 4 (IPv6) big-endian 32-bit words, plus an index into the distinct (ASN, organisation) records. About
 * 400k IPv4 rows take ~8 MB this way instead of the hundreds of MB the CSV rows would take as objects,
 * and a lookup is a binary search.
 *
 * The records are flat too: their ASNs in a typed array, their organisations in one string. As ~100k
 * objects and strings they were traced by every full garbage collection, and each organisation, cut
 * from the file's text, kept the whole 33 MB text alive.
 */
export class AsnRanges {
  readonly #width: Width;
  readonly #starts: Uint32Array;
  readonly #ends: Uint32Array;
  readonly #recordOf: Uint32Array;
  readonly #records: FlatRecords;
  /**
   * For each value of an address's first 16 bits, how many ranges start below it: a lookup searches only
   * the ranges that can hold its address. With visitors from everywhere, each step of a search over the
   * whole table read a far-off part of it, a cache miss nearly every time (2.3% of the time spent
   * answering clicks, in a CPU profile of bench:click); the ranges of one prefix sit together.
   */
  readonly #below: Uint32Array;
  readonly size: number;

  constructor(
    width: Width,
    starts: Uint32Array,
    ends: Uint32Array,
    recordOf: Uint32Array,
    records: FlatRecords,
  ) {
    this.#width = width;
    this.#starts = starts;
    this.#ends = ends;
    this.#recordOf = recordOf;
    this.#records = records;
    this.size = recordOf.length;
    this.#below = new Uint32Array(PREFIXES + 1);
    let row = 0;
    for (let prefix = 0; prefix <= PREFIXES; prefix += 1) {
      while (row < this.size && (starts[row * width] as number) >>> 16 < prefix) row += 1;
      this.#below[prefix] = row;
    }
  }

  /** The record of the range holding `key` (1 or 4 words, as the family of this table), or null. */
  find(key: Uint32Array): AsnRecord | null {
    // The range holding the key is the last one starting at or before it: among those of its prefix, or
    // the last one starting before the prefix.
    const prefix = (key[0] as number) >>> 16;
    let low = Math.max(0, (this.#below[prefix] as number) - 1);
    let high = (this.#below[prefix + 1] as number) - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (compareAt(this.#starts, middle, key, this.#width) <= 0) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (found === -1 || compareAt(this.#ends, found, key, this.#width) < 0) return null;
    return this.#records.at(this.#recordOf[found] ?? 0);
  }
}

function unquote(field: string): string {
  const trimmed = field.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replaceAll('""', '"');
  }
  return trimmed;
}

interface Builder {
  width: Width;
  starts: Uint32Array;
  ends: Uint32Array;
  recordOf: Uint32Array;
  rows: number;
  sorted: boolean;
}

function writeAddress(
  family: 4 | 6,
  text: string,
  from: number,
  to: number,
  into: Uint32Array,
  row: number,
  scratch: Uint32Array,
): boolean {
  if (family === 4) {
    const value = parseIpv4(text, from, to);
    if (value === -1) return false;
    into[row] = value;
    return true;
  }
  if (!parseIpv6(text.slice(from, to), scratch)) return false;
  into.set(scratch, row * 4);
  return true;
}

interface FlatRecords {
  at(record: number): AsnRecord | null;
}

/** Distinct (ASN, organisation) records; most organisations have one ASN, so they key the first lookup. */
class RecordSet {
  readonly #asns: number[] = [];
  readonly #organisations: string[] = [];
  readonly #byOrganisation = new Map<string, number>();
  readonly #byBoth = new Map<string, number>();

  indexOf(asn: number, organisation: string): number {
    const first = this.#byOrganisation.get(organisation);
    if (first === undefined) return this.#add(asn, organisation, this.#byOrganisation, organisation);
    if (this.#asns[first] === asn) return first;
    const key = `${asn} ${organisation}`;
    return this.#byBoth.get(key) ?? this.#add(asn, organisation, this.#byBoth, key);
  }

  #add(asn: number, organisation: string, index: Map<string, number>, key: string): number {
    const record = this.#asns.length;
    this.#asns.push(asn);
    this.#organisations.push(organisation);
    index.set(key, record);
    return record;
  }

  /** The records in typed arrays and one string, holding nothing of the text they were read from. */
  flat(): FlatRecords {
    const asns = Uint32Array.from(this.#asns);
    const ends = new Uint32Array(asns.length);
    let length = 0;
    for (const [record, organisation] of this.#organisations.entries()) {
      length += organisation.length;
      ends[record] = length;
    }
    // Decoded from a buffer, a string this long is external: its characters lie outside the heap.
    const names = Buffer.from(this.#organisations.join(''), 'utf16le').toString('utf16le');
    // Each record's name kind, read from its name on first use: 0 until then, else its code + 1. A click
    // then pays no pattern and no look-up by a name it has just cut from `names`.
    const kinds = new Uint8Array(asns.length);
    return {
      at: (record) => {
        if (record >= asns.length) return null;
        const organisation = names.slice(record === 0 ? 0 : ends[record - 1], ends[record]);
        let kind = kinds[record] as number;
        if (kind === 0) {
          kind = NETWORK_NAME_KINDS.indexOf(networkNameKind(organisation)) + 1;
          kinds[record] = kind;
        }
        return { asn: asns[record] as number, organisation, nameKind: NETWORK_NAME_KINDS[kind - 1] ?? '' };
      },
    };
  }
}

function sortRows(builder: Builder): void {
  const { width, starts, ends, recordOf, rows } = builder;
  const order = Array.from({ length: rows }, (_, row) => row);
  const key = new Uint32Array(width);
  order.sort((left, right) => {
    key.set(starts.subarray(right * width, right * width + width));
    return compareAt(starts, left, key, width);
  });
  const sortedStarts = new Uint32Array(rows * width);
  const sortedEnds = new Uint32Array(rows * width);
  const sortedRecords = new Uint32Array(rows);
  for (const [target, source] of order.entries()) {
    sortedStarts.set(starts.subarray(source * width, source * width + width), target * width);
    sortedEnds.set(ends.subarray(source * width, source * width + width), target * width);
    sortedRecords[target] = recordOf[source] ?? 0;
  }
  builder.starts = sortedStarts;
  builder.ends = sortedEnds;
  builder.recordOf = sortedRecords;
}

/**
 * Builds the table from the ip-location-db ASN CSV (`first,last,asn,"organisation"`, one range a line,
 * addresses in text form). Lines that do not parse are skipped rather than failing the whole file, so
 * an operator's newer download with a stray line still loads; rows out of order are sorted.
 */
export function parseAsnCsv(text: string, family: 4 | 6): AsnRanges {
  const width: Width = family === 4 ? 1 : 4;
  let capacity = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) capacity++;
  const builder: Builder = {
    width,
    starts: new Uint32Array(capacity * width),
    ends: new Uint32Array(capacity * width),
    recordOf: new Uint32Array(capacity),
    rows: 0,
    sorted: true,
  };
  const records = new RecordSet();
  const scratch = new Uint32Array(4);
  const previous = new Uint32Array(width);
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const first = text.indexOf(',', lineStart);
    const second = first === -1 ? -1 : text.indexOf(',', first + 1);
    const third = second === -1 ? -1 : text.indexOf(',', second + 1);
    const from = lineStart;
    lineStart = lineEnd + 1;
    if (first <= from || third === -1 || third >= lineEnd) continue;
    const row = builder.rows;
    const asn = Number(text.slice(second + 1, third));
    if (!Number.isInteger(asn) || asn < 0 || asn > 0xffffffff) continue;
    if (!writeAddress(family, text, from, first, builder.starts, row, scratch)) continue;
    if (!writeAddress(family, text, first + 1, second, builder.ends, row, scratch)) continue;
    builder.recordOf[row] = records.indexOf(asn, unquote(text.slice(third + 1, lineEnd)));
    if (row > 0 && compareAt(builder.starts, row, previous, width) < 0) builder.sorted = false;
    previous.set(builder.starts.subarray(row * width, row * width + width));
    builder.rows++;
  }
  builder.starts = builder.starts.slice(0, builder.rows * width);
  builder.ends = builder.ends.slice(0, builder.rows * width);
  builder.recordOf = builder.recordOf.slice(0, builder.rows);
  if (!builder.sorted) sortRows(builder);
  return new AsnRanges(width, builder.starts, builder.ends, builder.recordOf, records.flat());
}
