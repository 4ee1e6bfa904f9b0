import { Reader, type Response } from 'maxmind';
import { RecentCache } from './cache.ts';
import { FieldDecoder, type FieldSelector } from './mmdbFields.ts';

/**
 * Decoded MMDB records kept per file, keyed by where the search tree points: popular networks share a
 * handful of records, and a hit saves decoding the record's map again.
 */
export const MMDB_RECORD_CACHE_SIZE = 10_000;

/**
 * An MMDB file whose search tree is walked here, from the address as numbers the enricher has already
 * parsed, with its records cached by where the tree points.
 *
 * The library parses the address text again (a split and four parseInt for IPv4) and reads each of up to
 * 32 or 128 tree records through closures and a generic `readUIntBE`: on a bench of new visitors from
 * everywhere, its city lookup was 18% of the time spent answering a click (CPU profile, 2026-11-28). Here
 * a lookup whose record is cached is the walk alone: 0.26-0.7 us against 0.8-2.5 us through the library's
 * own cache (alternating runs, city database, IPv4). The walk follows the library's rules: a record value
 * below the node count is the next node, equal to it means the address is not in the file, above it
 * points into the data section.
 *
 * Given the fields a click reads, a record not cached yet (most of them, for addresses from all over the
 * space) is decoded here too, those fields alone (mmdbFields.ts), where the library walked the tree again
 * and decoded the whole record: a city lookup of 0.85-0.97 us against 1.65-1.81. Without, the library
 * decodes it.
 */
export class MmdbFile {
  readonly metadata: Reader<Response>['metadata'];
  private readonly reader: Reader<Response>;
  private readonly db: Buffer;
  private readonly nodeCount: number;
  private readonly nodeBytes: number;
  private readonly recordSize: number;
  /**
   * Where the walk stands after an address's first 16 bits, by their value: for IPv4 addresses, and for
   * IPv6 ones in an IPv6 tree. Addresses from everywhere made nearly every step a cache miss in a tree of
   * tens of MB (the walk was 3.4% of the time spent answering clicks); the table takes 256 kB a family.
   */
  private readonly ipv4After16: Uint32Array;
  private readonly ipv6After16: Uint32Array | null;
  private readonly records = new RecentCache<number, unknown>(MMDB_RECORD_CACHE_SIZE);
  private readonly fields: FieldDecoder | null;
  /** Added to a record value past the node count, it gives the record's offset in the file. */
  private readonly recordBase: number;

  /** `fields`: the fields records are decoded with; without, whole records, by the library. */
  constructor(db: Buffer, fields?: FieldSelector) {
    this.reader = new Reader(db);
    this.db = db;
    this.metadata = this.reader.metadata;
    this.nodeCount = this.metadata.nodeCount;
    this.nodeBytes = this.metadata.nodeByteSize;
    this.recordSize = this.metadata.recordSize;
    let node = 0;
    if (this.metadata.ipVersion === 6) {
      for (let depth = 0; depth < 96 && node < this.nodeCount; depth += 1) {
        node = this.left(node * this.nodeBytes);
      }
    }
    this.ipv4After16 = this.prefixTable(node);
    this.ipv6After16 = this.metadata.ipVersion === 6 ? this.prefixTable(0) : null;
    const treeBytes = this.nodeCount * this.nodeBytes;
    this.recordBase = treeBytes - this.nodeCount;
    this.fields = fields ? new FieldDecoder(db, treeBytes + 16, fields) : null;
  }

  /**
   * The record of `address`, given also as big-endian 32-bit words: `words[0]` for IPv4 (`count` 1), four
   * for IPv6 (`count` 4). Null when the file holds nothing for it.
   */
  get(address: string, words: Uint32Array, count: 1 | 4): unknown {
    if (count === 4 && this.metadata.ipVersion !== 6) return this.reader.get(address);
    const pointer = this.pointer(words, count);
    if (pointer < 0) return null;
    const cached = this.records.get(pointer);
    if (cached !== undefined) return cached;
    const record = this.fields ? this.fields.decode(pointer + this.recordBase) : this.reader.get(address);
    if (record !== null && record !== undefined) this.records.set(pointer, record);
    return record;
  }

  /** Where the tree points for the address (a record value past the node count), or -1 for none. */
  pointer(words: Uint32Array, count: 1 | 4): number {
    const bits = count * 32;
    const table = count === 1 ? this.ipv4After16 : this.ipv6After16;
    if (table === null) return -1;
    let node = table[(words[0] as number) >>> 16] as number;
    for (let depth = 16; depth < bits && node < this.nodeCount; depth += 1) {
      const bit = ((words[depth >>> 5] as number) >>> (31 - (depth & 31))) & 1;
      const offset = node * this.nodeBytes;
      node = bit === 1 ? this.right(offset) : this.left(offset);
    }
    return node > this.nodeCount ? node : -1;
  }

  /** The node (or record value, where the walk ends sooner) after each 16-bit prefix from `start`. */
  private prefixTable(start: number): Uint32Array {
    const table = new Uint32Array(0x10000);
    const fill = (node: number, depth: number, prefix: number): void => {
      if (depth === 16 || node >= this.nodeCount) {
        const span = 1 << (16 - depth);
        table.fill(node, prefix * span, (prefix + 1) * span);
        return;
      }
      const offset = node * this.nodeBytes;
      fill(this.left(offset), depth + 1, prefix * 2);
      fill(this.right(offset), depth + 1, prefix * 2 + 1);
    };
    fill(start, 0, 0);
    return table;
  }

  private left(offset: number): number {
    const db = this.db;
    if (this.recordSize === 32) return db.readUInt32BE(offset);
    const low =
      ((db[offset] as number) << 16) | ((db[offset + 1] as number) << 8) | (db[offset + 2] as number);
    if (this.recordSize === 24) return low;
    return (((db[offset + 3] as number) & 0xf0) << 20) | low;
  }

  private right(offset: number): number {
    const db = this.db;
    if (this.recordSize === 32) return db.readUInt32BE(offset + 4);
    if (this.recordSize === 24) {
      return (
        ((db[offset + 3] as number) << 16) | ((db[offset + 4] as number) << 8) | (db[offset + 5] as number)
      );
    }
    return (
      (((db[offset + 3] as number) & 0x0f) << 24) |
      ((db[offset + 4] as number) << 16) |
      ((db[offset + 5] as number) << 8) |
      (db[offset + 6] as number)
    );
  }
}
