// Clicks waiting to be written as one archive block, as bytes: the lines one after another in one
// buffer, their times and starts in typed arrays. They wait through an event-store insert and up to a
// block's worth of flushes, long enough to outlive the young generation: as strings (one per click,
// ~450 bytes, cut from a segment read as text) they were most of what the click path's process moved
// into the old generation, and so what set how often a full garbage collection stalled every click.

const NEWLINE = 0x0a;
const BUFFER_BYTES = 64 * 1024;
/**
 * Buffers of written blocks, for the next ones. A buffer that outlives a scavenge frees its memory
 * only at the next full collection, and V8 starts one when such memory grows fast: a fresh 64 kB per
 * block made one every three seconds at 2,000 clicks/s.
 */
const spare: Buffer[] = [];
const MAX_SPARE = 16;

export class PendingBlock {
  readonly day: number;
  /** When the first line came (ms): a partial block is written once it has waited long enough. */
  readonly since: number;
  minTime = Number.POSITIVE_INFINITY;
  maxTime = Number.NEGATIVE_INFINITY;
  count = 0;
  private data: Buffer;
  private used = 0;
  private readonly times: Float64Array;
  private readonly starts: Int32Array;

  constructor(day: number, since: number, maxLines: number) {
    this.day = day;
    this.since = since;
    this.data = spare.pop() ?? Buffer.allocUnsafeSlow(BUFFER_BYTES);
    this.times = new Float64Array(maxLines);
    this.starts = new Int32Array(maxLines);
  }

  /** Gives the buffer back for another block: call once the block is written and no longer searched. */
  release(): void {
    if (this.data.length === BUFFER_BYTES && spare.length < MAX_SPARE) spare.push(this.data);
    this.data = Buffer.alloc(0);
    this.used = 0;
    this.count = 0;
  }

  /** Bytes held, a newline after each line. */
  get bytes(): number {
    return this.used;
  }

  /** Copies the line `source[start, end)` (without its newline) in. */
  push(time: number, source: Uint8Array, start: number, end: number): void {
    const length = end - start;
    if (this.used + length + 1 > this.data.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(this.data.length * 2, this.used + length + 1));
      this.data.copy(grown, 0, 0, this.used);
      this.data = grown;
    }
    this.data.set(source.subarray(start, end), this.used);
    this.starts[this.count] = this.used;
    this.times[this.count] = time;
    this.count += 1;
    this.used += length;
    this.data[this.used] = NEWLINE;
    this.used += 1;
    this.minTime = Math.min(this.minTime, time);
    this.maxTime = Math.max(this.maxTime, time);
  }

  /**
   * The lines in time order joined by newlines (none after the last), as a block's payload holds them,
   * written into `scratch` when it is big enough (blocks are written one at a time, so one serves all).
   */
  joined(scratch?: Buffer): Buffer {
    const order = Array.from({ length: this.count }, (_, line) => line);
    order.sort((left, right) => (this.times[left] as number) - (this.times[right] as number));
    const length = Math.max(0, this.used - 1);
    const out =
      scratch && scratch.length >= length ? scratch.subarray(0, length) : Buffer.allocUnsafe(length);
    let at = 0;
    for (const [index, line] of order.entries()) {
      if (index > 0) out[at++] = NEWLINE;
      const start = this.starts[line] as number;
      const end = (line + 1 < this.count ? (this.starts[line + 1] as number) : this.used) - 1;
      at += this.data.copy(out, at, start, end);
    }
    return out;
  }

  /** Each held line that contains `needle`, as text. */
  linesHolding(needle: Uint8Array): Generator<string> {
    return linesHolding(this.data.subarray(0, this.used), needle);
  }
}

/** Each newline-separated line of `data` that contains `needle`, as text, in order; the last needs no newline. */
export function* linesHolding(data: Buffer, needle: Uint8Array): Generator<string> {
  for (let at = data.indexOf(needle); at >= 0; at = data.indexOf(needle, at + 1)) {
    const start = data.lastIndexOf(NEWLINE, at) + 1;
    const newline = data.indexOf(NEWLINE, at);
    const end = newline < 0 ? data.length : newline;
    yield data.toString('utf8', start, end);
    at = end;
  }
}
