// Decodes only the fields a click needs from an MMDB record, skipping the rest by their sizes.
//
// The library decodes a whole record: for DB-IP's city file eight fields, among them two doubles and
// five strings, most of which no click reads. With visitors from everywhere nearly every city lookup
// misses the record cache, and that decoding was the largest part of a lookup. Records come out shaped
// as the library's, holding only the selected fields, so records.ts reads them either way.
//
// The data section format (MaxMind DB spec 2.0): a control byte holds the type in its top three bits
// (0: an extended type, 7 + the next byte) and the size in its low five (29-31: 1-3 more bytes follow);
// a pointer (type 1) holds its own size bits and refers into the data section.

/** The fields to decode, nested: `{}` takes a value whole if it is not a map, or none of a map's keys. */
export type FieldSelector = { readonly [key: string]: FieldSelector };

interface Compiled {
  readonly keys: readonly { bytes: Buffer; name: string; child: Compiled }[];
  /** Where a key string sits in the file, to what it selects (null: not wanted); bounded, see below. */
  readonly byOffset: Map<number, number>;
}

/** Keys are usually pointers to one shared string; inline keys would each add an entry, so stop there. */
const MAX_KEY_OFFSETS = 4096;
const NOT_WANTED = -1;

const TYPE = {
  pointer: 1,
  string: 2,
  double: 3,
  bytes: 4,
  uint16: 5,
  uint32: 6,
  map: 7,
  int32: 8,
  uint64: 9,
  uint128: 10,
  array: 11,
  boolean: 14,
  float: 15,
} as const;

function compile(selector: FieldSelector): Compiled {
  return {
    keys: Object.entries(selector).map(([name, child]) => ({
      name,
      bytes: Buffer.from(name),
      child: compile(child),
    })),
    byOffset: new Map(),
  };
}

/** Reads selected fields of records in one MMDB file's data section. */
export class FieldDecoder {
  private readonly db: Buffer;
  private readonly dataStart: number;
  private readonly root: Compiled;
  /** Set by `control`: the type, size and first byte after the control bytes of the value read. */
  private type = 0;
  private size = 0;
  private next = 0;

  /** `dataStart`: where the data section begins (after the search tree and its 16 zero bytes). */
  constructor(db: Buffer, dataStart: number, selector: FieldSelector) {
    this.db = db;
    this.dataStart = dataStart;
    this.root = compile(selector);
  }

  /** The record at `offset` in the file, with only the selected fields. Throws on a damaged record. */
  decode(offset: number): unknown {
    return this.value(offset, this.root);
  }

  private value(offset: number, selector: Compiled): unknown {
    this.control(offset);
    if (this.type === TYPE.pointer) this.control(this.size);
    const { db, size, next } = this;
    switch (this.type) {
      case TYPE.string:
        return db.toString('utf8', next, next + size);
      case TYPE.map:
        // A map selected with no keys of its own comes out empty, unread.
        return selector.keys.length === 0 ? {} : this.map(next, size, selector);
      case TYPE.array: {
        const items: unknown[] = [];
        let at = next;
        for (let index = 0; index < size; index += 1) {
          items.push(this.value(at, selector));
          at = this.skip(at);
        }
        return items;
      }
      case TYPE.double:
        this.expectSize(8);
        return db.readDoubleBE(next);
      case TYPE.float:
        this.expectSize(4);
        return db.readFloatBE(next);
      case TYPE.uint16:
      case TYPE.uint32:
      case TYPE.int32:
        return this.unsigned(next, size, this.type === TYPE.int32);
      case TYPE.boolean:
        return size !== 0;
      default:
        // Bytes and 64/128-bit integers: no click field is one; a selected one reads as absent.
        return undefined;
    }
  }

  private map(start: number, pairs: number, selector: Compiled): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    let at = start;
    for (let pair = 0; pair < pairs; pair += 1) {
      const wanted = this.keyIndex(at, selector);
      at = this.skip(at);
      if (wanted !== NOT_WANTED) {
        const key = selector.keys[wanted] as Compiled['keys'][number];
        out[key.name] = this.value(at, key.child);
      }
      at = this.skip(at);
    }
    return out;
  }

  /** Which selected key the key string at `offset` is, or NOT_WANTED. */
  private keyIndex(offset: number, selector: Compiled): number {
    this.control(offset);
    if (this.type === TYPE.pointer) this.control(this.size);
    if (this.type !== TYPE.string) throw new Error('MMDB map key is not a string');
    const start = this.next;
    const known = selector.byOffset.get(start);
    if (known !== undefined) return known;
    const length = this.size;
    let found = NOT_WANTED;
    for (let index = 0; index < selector.keys.length; index += 1) {
      const bytes = (selector.keys[index] as Compiled['keys'][number]).bytes;
      if (bytes.length === length && this.db.compare(bytes, 0, length, start, start + length) === 0) {
        found = index;
        break;
      }
    }
    if (selector.byOffset.size < MAX_KEY_OFFSETS) selector.byOffset.set(start, found);
    return found;
  }

  /** The offset just past the value at `offset` (a pointer is passed over, not followed). */
  private skip(offset: number): number {
    this.control(offset);
    if (this.type === TYPE.pointer) return this.next;
    switch (this.type) {
      case TYPE.map: {
        let at = this.next;
        for (let item = this.size * 2; item > 0; item -= 1) at = this.skip(at);
        return at;
      }
      case TYPE.array: {
        let at = this.next;
        for (let item = this.size; item > 0; item -= 1) at = this.skip(at);
        return at;
      }
      case TYPE.boolean:
        return this.next;
      case TYPE.double:
        return this.next + 8;
      case TYPE.float:
        return this.next + 4;
      default:
        return this.next + this.size;
    }
  }

  /**
   * Reads the control bytes at `offset` into type, size and next. For a pointer, `size` is the absolute
   * offset it refers to and `next` the byte after the pointer.
   */
  private control(offset: number): void {
    const db = this.db;
    if (offset < 0 || offset >= db.length) throw new RangeError('MMDB data offset outside the file');
    const byte = db[offset] as number;
    let type = byte >>> 5;
    let at = offset + 1;
    if (type === TYPE.pointer) {
      const sizeBits = (byte >>> 3) & 3;
      const low = byte & 7;
      let value: number;
      if (sizeBits === 0) value = (low << 8) | (db[at] as number);
      else if (sizeBits === 1) value = ((low << 16) | db.readUInt16BE(at)) + 2048;
      else if (sizeBits === 2) value = low * 0x1000000 + db.readUIntBE(at, 3) + 526_336;
      else value = db.readUInt32BE(at);
      this.type = type;
      this.size = this.dataStart + value;
      this.next = at + sizeBits + 1;
      return;
    }
    if (type === 0) {
      type = 7 + (db[at] as number);
      at += 1;
    }
    const sizeCode = byte & 0x1f;
    let size = sizeCode;
    if (sizeCode === 29) size = 29 + (db[at] as number);
    else if (sizeCode === 30) size = 285 + db.readUInt16BE(at);
    else if (sizeCode === 31) size = 65_821 + db.readUIntBE(at, 3);
    if (sizeCode >= 29) at += sizeCode - 28;
    this.type = type;
    this.size = size;
    this.next = at;
  }

  private expectSize(bytes: number): void {
    if (this.size !== bytes) throw new Error('MMDB number of an unexpected size');
  }

  private unsigned(start: number, size: number, signed: boolean): number {
    if (size > 4) throw new Error('MMDB integer of an unexpected size');
    let value = 0;
    for (let index = 0; index < size; index += 1) value = value * 256 + (this.db[start + index] as number);
    return signed && size === 4 ? value | 0 : value;
  }
}
