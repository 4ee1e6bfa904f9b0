import type { ConfigStore } from '../store/config/port.ts';

// Which clicks have conversions in the config store, as a Bloom filter. Reading a batch's conversions
// was a fifth of a group commit's cost on DuckDB (an IN list of 20 ids: ~2 ms), and most postbacks are
// a click's first, with nothing to read. The filter answers "certainly none" or "maybe"; only the maybes
// are read. It is right only while every conversion is added through it: the writer uses it where it is
// the store's only writer (DuckDB, whose file one process holds), never on PostgreSQL, where other
// nodes insert too.
//
// Memory: ~10 bits a converted click (1.25 MB per million), for about 1% of maybes that turn out none.

const BITS_PER_CLICK = 10;
const HASHES = 7;
const MIN_CAPACITY = 1 << 16;
/** Each layer added when the newest fills holds this many times more clicks. */
const GROWTH = 4;
/** Click ids read per query while loading. */
const LOAD_CHUNK = 50_000;

interface Layer {
  bits: Uint32Array;
  /** Bit count - 1 (the count is a power of two). */
  mask: number;
  capacity: number;
  count: number;
}

function layerFor(capacity: number): Layer {
  let size = 32;
  while (size < capacity * BITS_PER_CLICK) size *= 2;
  return { bits: new Uint32Array(size / 32), mask: size - 1, capacity, count: 0 };
}

function mix(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

// Two independent hashes of the id, combined into HASHES probes (Kirsch-Mitzenmacher); module state, so
// a lookup allocates nothing.
let first = 0;
let step = 0;

function hash(clickId: string): void {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let index = 0; index < clickId.length; index += 1) {
    const code = clickId.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  first = mix(a);
  step = mix(b) | 1;
}

function has(layer: Layer): boolean {
  for (let probe = 0; probe < HASHES; probe += 1) {
    const bit = (first + Math.imul(probe, step)) & layer.mask;
    if ((layer.bits[bit >>> 5] & (1 << (bit & 31))) === 0) return false;
  }
  return true;
}

export class ConvertedClicks {
  private layers: Layer[] = [layerFor(MIN_CAPACITY)];
  private complete = false;

  /** True once every conversion stored before is in the filter: until then every click is a maybe. */
  get loaded(): boolean {
    return this.complete;
  }

  /** False only when the click certainly has no conversion. */
  mayHave(clickId: string): boolean {
    if (!this.complete) return true;
    hash(clickId);
    for (const layer of this.layers) if (has(layer)) return true;
    return false;
  }

  add(clickId: string): void {
    hash(clickId);
    for (const layer of this.layers) if (has(layer)) return;
    let layer = this.layers[this.layers.length - 1] as Layer;
    if (layer.count >= layer.capacity) {
      layer = layerFor(layer.capacity * GROWTH);
      this.layers.push(layer);
    }
    for (let probe = 0; probe < HASHES; probe += 1) {
      const bit = (first + Math.imul(probe, step)) & layer.mask;
      layer.bits[bit >>> 5] = (layer.bits[bit >>> 5] as number) | (1 << (bit & 31));
    }
    layer.count += 1;
  }

  /**
   * Reads the click ids of the stored conversions (DuckDB) by row-id ranges, so a large table is never
   * one result in memory. Batches written meanwhile add their own clicks; a row is never deleted, so
   * every row that exists now is either below the highest row id read first or added by the writer.
   */
  async load(store: Pick<ConfigStore, 'query'>, chunk = LOAD_CHUNK): Promise<void> {
    const [top] = await store.query<{ n: unknown; last: unknown }>(
      'SELECT count(*) AS n, max(rowid) AS last FROM conversions',
    );
    const count = Number(top?.n ?? 0);
    const last = top?.last === null || top?.last === undefined ? -1 : Number(top.last);
    if (count * 2 > MIN_CAPACITY && this.layers.length === 1 && this.layers[0]?.count === 0) {
      this.layers = [layerFor(count * 2)];
    }
    for (let from = 0; from <= last; from += chunk) {
      const rows = await store.query<{ click_id: unknown }>(
        'SELECT click_id FROM conversions WHERE rowid >= $1 AND rowid < $2',
        [from, from + chunk],
      );
      for (const row of rows) this.add(String(row.click_id));
    }
    this.complete = true;
  }
}
