import { EVENT_COLUMNS } from '../../events/columns.ts';
import type { TrackingEvent } from '../../events/event.ts';
import { decoderFor, encodeEvent } from '../../events/journalCodec.ts';

// Clicks of the last moments, kept in memory so a lander's click-through (seconds after the click, on
// the same node) and a fast postback find their click without reading the event store. Bounded: at
// most `maxEntries` clicks in at most `maxBytes`; older ones are read from the event store instead.
//
// Each click is kept as its journal line, written into one ring buffer outside the JavaScript heap,
// and found through a hash table in typed arrays. A Map of strings instead held ~30 MB of lines that
// each outlived the young generation: every click was copied twice by the garbage collector, grew the
// old generation ~1 MB a second and made each full collection (a pause of every click) longer.

export const RECENT_CLICKS_MAX_ENTRIES = 50_000;
/** Room for 50,000 lines of ~500 bytes, with their ids. */
export const RECENT_CLICKS_MAX_BYTES = 32 * 1024 * 1024;

const decode = decoderFor(EVENT_COLUMNS.map((column) => column.name));
/** Bytes before a record's id: the id's length. */
const ID_LENGTH_BYTES = 2;
const MAX_ID_BYTES = 0xffff;

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/** FNV-1a over UTF-16 code units: the ids are short, and a wrong match is ruled out by comparing ids. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index += 1) {
    hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}

export class RecentClicks {
  private readonly maxEntries: number;
  private readonly ring: Buffer;
  // Per entry, by its sequence number modulo maxEntries: where its record starts in the ring, how long
  // it is, its id's hash and its LP clicks so far. Entries leave in the order they came.
  private readonly offsets: Int32Array;
  private readonly lengths: Int32Array;
  private readonly hashes: Uint32Array;
  private readonly lpClicks: Int32Array;
  private readonly alive: Uint8Array;
  // Open addressing with linear probing; a cell holds an entry's slot + 1, 0 when empty.
  private readonly table: Int32Array;
  private readonly mask: number;
  private oldest = 0;
  private next = 0;
  private head = 0;
  private live = 0;

  constructor(maxEntries = RECENT_CLICKS_MAX_ENTRIES, maxBytes = RECENT_CLICKS_MAX_BYTES) {
    this.maxEntries = maxEntries;
    this.ring = Buffer.alloc(maxBytes);
    this.offsets = new Int32Array(maxEntries);
    this.lengths = new Int32Array(maxEntries);
    this.hashes = new Uint32Array(maxEntries);
    this.lpClicks = new Int32Array(maxEntries);
    this.alive = new Uint8Array(maxEntries);
    let cells = 2;
    while (cells < maxEntries * 2) cells *= 2;
    this.table = new Int32Array(cells);
    this.mask = cells - 1;
  }

  /** Throws a TypeError for an event no store could hold, as the journal does. */
  remember(event: TrackingEvent): void {
    this.rememberLine(event.clickId, encodeEvent(event));
  }

  /**
   * A click by the journal line it was recorded as (one encoding serves both): the line's text, or its
   * bytes as the journal staged them, which are copied as they are. The same id again (a test click, a
   * replay) replaces the one remembered. A click too big for a quarter of the ring is not kept: it is
   * found in the event store. `minted`: the id was made for this click just now, so it cannot be
   * remembered already, and the look-up (a cache miss, ~0.3 us of every click) is skipped.
   */
  rememberLine(clickId: string, line: string | Uint8Array, minted = false): void {
    if (!minted) {
      const known = this.find(clickId);
      if (known >= 0) this.forget(known);
    }
    // Minted ids are ASCII: their bytes are their characters, written here rather than through a UTF-8
    // conversion each (two runtime calls of every click).
    const ascii = isAscii(clickId);
    const idBytes = ascii ? clickId.length : Buffer.byteLength(clickId);
    const lineBytes = typeof line === 'string' ? Buffer.byteLength(line) : line.length;
    const size = ID_LENGTH_BYTES + idBytes + lineBytes;
    if (idBytes > MAX_ID_BYTES || size > this.ring.length / 4) return;
    if (this.next - this.oldest === this.maxEntries) this.evictOldest();
    let start = this.head;
    if (start + size > this.ring.length) {
      // The records left at the end are the oldest: they go before the start is written over.
      while (this.next > this.oldest && this.offsets[this.slotOf(this.oldest)] >= start) this.evictOldest();
      start = 0;
    }
    while (this.next > this.oldest && this.overlaps(this.slotOf(this.oldest), start, start + size)) {
      this.evictOldest();
    }
    this.ring.writeUInt16LE(idBytes, start);
    if (ascii) {
      for (let index = 0; index < idBytes; index += 1) {
        this.ring[start + ID_LENGTH_BYTES + index] = clickId.charCodeAt(index);
      }
    } else {
      this.ring.write(clickId, start + ID_LENGTH_BYTES, 'utf8');
    }
    if (typeof line === 'string') this.ring.write(line, start + ID_LENGTH_BYTES + idBytes, 'utf8');
    else this.ring.set(line, start + ID_LENGTH_BYTES + idBytes);
    const slot = this.slotOf(this.next);
    this.next += 1;
    this.head = start + size;
    this.offsets[slot] = start;
    this.lengths[slot] = size;
    this.hashes[slot] = hashOf(clickId);
    this.lpClicks[slot] = 0;
    this.alive[slot] = 1;
    this.live += 1;
    let cell = (this.hashes[slot] as number) & this.mask;
    while (this.table[cell] !== 0) cell = (cell + 1) & this.mask;
    this.table[cell] = slot + 1;
  }

  /** Forgets a click (one remembered before its journal write, which then failed). */
  forgetClick(clickId: string): void {
    const cell = this.find(clickId);
    if (cell >= 0) this.forget(cell);
  }

  /** A copy of the remembered click: callers may change it. */
  get(clickId: string): TrackingEvent | undefined {
    const cell = this.find(clickId);
    if (cell < 0) return undefined;
    const slot = (this.table[cell] as number) - 1;
    const start = this.offsets[slot] as number;
    const lineStart = start + ID_LENGTH_BYTES + this.ring.readUInt16LE(start);
    return decode(this.ring.toString('utf8', lineStart, start + (this.lengths[slot] as number))) ?? undefined;
  }

  /** The next LP-click sequence number of a remembered click; null when it is not in memory. */
  nextLpSeq(clickId: string): number | null {
    const cell = this.find(clickId);
    if (cell < 0) return null;
    const slot = (this.table[cell] as number) - 1;
    this.lpClicks[slot] = (this.lpClicks[slot] as number) + 1;
    return this.lpClicks[slot] as number;
  }

  get size(): number {
    return this.live;
  }

  private slotOf(sequence: number): number {
    return sequence % this.maxEntries;
  }

  private overlaps(slot: number, start: number, end: number): boolean {
    const offset = this.offsets[slot] as number;
    return offset < end && offset + (this.lengths[slot] as number) > start;
  }

  /** The table cell of a remembered id, -1 when it is not remembered. */
  private find(clickId: string): number {
    const hash = hashOf(clickId);
    for (let cell = hash & this.mask; this.table[cell] !== 0; cell = (cell + 1) & this.mask) {
      const slot = (this.table[cell] as number) - 1;
      if (this.hashes[slot] !== hash) continue;
      const start = this.offsets[slot] as number;
      const idEnd = start + ID_LENGTH_BYTES + this.ring.readUInt16LE(start);
      if (this.ring.toString('utf8', start + ID_LENGTH_BYTES, idEnd) === clickId) return cell;
    }
    return -1;
  }

  private evictOldest(): void {
    const slot = this.slotOf(this.oldest);
    this.oldest += 1;
    if (!this.alive[slot]) return; // replaced by a later one of the same id
    let cell = (this.hashes[slot] as number) & this.mask;
    while (this.table[cell] !== slot + 1) cell = (cell + 1) & this.mask;
    this.forget(cell);
  }

  /** Empties a table cell and moves up the entries after it that probed past it (no tombstones). */
  private forget(cell: number): void {
    const slot = (this.table[cell] as number) - 1;
    this.alive[slot] = 0;
    this.live -= 1;
    let hole = cell;
    let probe = cell;
    for (;;) {
      this.table[hole] = 0;
      for (;;) {
        probe = (probe + 1) & this.mask;
        const entry = this.table[probe] as number;
        if (entry === 0) return;
        const home = (this.hashes[entry - 1] as number) & this.mask;
        // An entry whose home lies cyclically in (hole, probe] is still reachable where it is.
        const stays = hole <= probe ? hole < home && home <= probe : hole < home || home <= probe;
        if (!stays) break;
      }
      this.table[hole] = this.table[probe] as number;
      hole = probe;
    }
  }
}
