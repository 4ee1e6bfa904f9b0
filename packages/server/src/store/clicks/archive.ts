import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { EVENT_COLUMNS, EVENT_KIND, type TrackingEvent } from '../../events/index.ts';
import { parseLine, valuesDecoderFor } from '../../events/journalCodec.ts';
import {
  CLICK_LOOKUP_WINDOW_MS,
  type ClearScope,
  type ClickArchiveStatus,
  type ClickFacts,
} from '../events/port.ts';
import {
  type ArchiveMeta,
  addBlock,
  type Block,
  blockHeader,
  type DayFile,
  HEADER_BYTES,
  lastStartingBy,
  readMeta,
  scan,
  writeMeta,
} from './archiveFiles.ts';
import { DerivedColumns } from './derivedColumns.ts';
import { BlockInflater } from './inflater.ts';
import { linesHolding, PendingBlock } from './pendingBlock.ts';

// The click archive: every stored click once more, row by row, so a postback finds its click in a fraction
// of a millisecond. The event store is columnar: reading one click back means decoding a vector of each of
// its 70-odd columns, 130-320 ms for 50 clicks on DuckDB, which capped conversions at about 120 a
// second. Here a click is one journal line (journalCodec.ts; from the journal, without the columns its
// address and user agent decide: derivedColumns.ts) in a zstd block of up to BLOCK_LINES lines,
// blocks appended to one file per UTC day of click time, and an in-memory index of each block's time
// span: a lookup reads and inflates the one block whose span holds the time the click id carries.
//
// It is a copy, never the record: a click it lacks (not archived yet, lost in a crash, older than the
// archive) is looked for in the event store as before, so nothing here has to be durable. A block torn
// by a crash is cut off at the next open; a file it cannot read is dropped.

/**
 * Lines per block: halving it from 256 made lookups 30% cheaper for 5% more disk. Halving it again was
 * measured too (10M seeded clicks): lookups ~0.05 ms cheaper, but 8% more disk on varied clicks and 26%
 * on uniform ones, for a few per cent more conversions a second; not taken.
 */
export const BLOCK_LINES = 128;
const BLOCK_BYTES = 256 * 1024;
/** Room for a block's payload: the line that takes a block past BLOCK_BYTES is still in it. */
const PAYLOAD_ROOM = BLOCK_BYTES + 64 * 1024;
/** A partial block is written once its oldest line has waited this long. */
const PENDING_MS = 10_000;
/**
 * Blocks are read into buffers kept for reuse (a fresh one per read was more memory for V8 to collect,
 * see inflater.ts): each this size or the block's if larger, at most READ_BUFFERS_KEPT of them kept.
 */
const READ_BUFFER_BYTES = 64 * 1024;
const READ_BUFFERS_KEPT = 64;
/**
 * Blocks waiting to be compressed and written before `settle` holds a caller back. A flush catching up on
 * a burst's backlog (up to 100,000 clicks at once) made blocks far faster than they were written: some
 * 800 waiting at once, each a fresh 64 kB buffer, since the spare ones come back only as blocks are written.
 */
export const WRITING_MAX = 8;
const DAY_MS = 86_400_000;
const FILE_NAME = /^(\d{4}-\d{2}-\d{2})\.blk$/;

const compressBlock = promisify(zlib.zstdCompress);
/**
 * zstd level 9 rather than 3, told the block's size so it sizes its tables to it: on bench:click's lines
 * 34.7 bytes a click against 38.1 at level 3, for 4.4 µs of pool CPU against 2.3. Unsized, level 9 took
 * 5.8 µs, and bench:postback's postbacks for fresh clicks (whose flush waits on these writes on a busy
 * core) had a p99 of 72-77 ms in three runs, against 29-35 at level 3; sized, 22-31 ms.
 */
const COMPRESSION = { params: { [zlib.constants.ZSTD_c_compressionLevel]: 9 } };
const COLUMNS = EVENT_COLUMNS.map((column) => column.name);
const decodeValues = valuesDecoderFor(COLUMNS);

export interface ArchiveOptions {
  /**
   * Days of clicks kept before the current UTC day (default: all): postbacks mostly come within days of
   * their click, and one for an older click is answered by the event store, only more slowly.
   */
  keepDays?: number;
  /** The time now (ms): a test's clock. */
  clock?: () => number;
}

/**
 * Where archived lines come from: the journal (clicks the engine recorded, whose derived columns may be
 * left out, see derivedColumns.ts), the store's own appends, or the backfill from the store.
 */
export type LineSource = 'journal' | 'live' | 'backfill';

/** A click as a journal line, with its time (ms). */
export interface ArchiveLine {
  time: number;
  line: string;
}

/** Whether a clear or deletion of `scope` took this click. */
const takes = (scope: ClearScope, click: TrackingEvent) =>
  click.time < scope.before &&
  (scope.only === null ? !scope.keep.includes(click.campaignId) : scope.only.includes(click.campaignId));

const dayOf = (time: number) => Math.floor(time / DAY_MS);
const fileOf = (day: number) => `${new Date(day * DAY_MS).toISOString().slice(0, 10)}.blk`;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class ClickArchive {
  private readonly dir: string;
  private meta: ArchiveMeta;
  private readonly days = new Map<number, DayFile>();
  /** Lines not in a block yet, per day and source (live and backfilled lines kept apart, for tight spans). */
  private readonly pending = new Map<string, PendingBlock>();
  /**
   * Blocks being compressed and written, oldest first (they are written in turn), each with the promise
   * of its write; still searched.
   */
  private readonly writing: { block: PendingBlock; written: Promise<void> }[] = [];
  private writes: Promise<void> = Promise.resolve();
  /** Where the block being written is joined: blocks are written one after another. */
  private readonly joinScratch = Buffer.allocUnsafeSlow(PAYLOAD_ROOM);
  /** Inflates the blocks lookups read; a line found is decoded before the next block is inflated. */
  private readonly inflater = new BlockInflater(PAYLOAD_ROOM);
  private readonly readBuffers: Buffer[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lastError: string | null = null;
  private closed = false;
  private readonly keepDays: number;
  private readonly clock: () => number;
  private derived: DerivedColumns | null = null;

  private constructor(dir: string, meta: ArchiveMeta, options: ArchiveOptions) {
    this.dir = dir;
    this.meta = meta;
    this.keepDays = options.keepDays ?? Number.POSITIVE_INFINITY;
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Opens the archive in `dir`, created if missing. `hasClicks` says whether the event store already
   * holds clicks, which a new archive then backfills (see `backfillBefore`). Days older than it keeps
   * are removed.
   */
  static async open(
    dir: string,
    hasClicks: () => Promise<boolean>,
    options: ArchiveOptions = {},
  ): Promise<ClickArchive> {
    const now = (options.clock ?? Date.now)();
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    let meta = await readMeta(dir);
    if (!meta || meta.columns.join() !== COLUMNS.join()) {
      // New, unreadable, or of another schema: started afresh.
      for (const name of await fsp.readdir(dir)) await fsp.rm(path.join(dir, name), { force: true });
      meta = { columns: COLUMNS, forgotten: [], backfill: (await hasClicks()) ? { before: now } : null };
      await writeMeta(dir, meta);
    }
    const archive = new ClickArchive(dir, meta, options);
    for (const name of (await fsp.readdir(dir)).sort()) {
      const match = FILE_NAME.exec(name);
      if (!match) continue;
      const day = dayOf(Date.parse(`${match[1]}T00:00:00Z`));
      const file = path.join(dir, name);
      try {
        const { size, blocks } = scan(file);
        // Sorted once: inserting each in place was quadratic for a day backfilled newest first.
        const sorted = blocks.sort((a, b) => a.minTime - b.minTime);
        const longest = sorted.reduce((most, block) => Math.max(most, block.maxTime - block.minTime), 0);
        const dayFile: DayFile = { file, size, blocks: sorted, longest, handle: null };
        archive.days.set(day, dayFile);
      } catch (error) {
        archive.lastError = `${name}: ${message(error)}`;
        await fsp.rm(file, { force: true });
      }
    }
    await archive.dropDaysBefore(archive.horizon());
    return archive;
  }

  /** Where a backfill stands: clicks before this time are still to be copied in; null when none are. */
  get backfillBefore(): number | null {
    return this.meta.backfill?.before ?? null;
  }

  /** Records backfill progress once the lines given so far are written. */
  async backfilledDownTo(before: number | null): Promise<void> {
    await this.flush();
    this.meta = { ...this.meta, backfill: before === null ? null : { before } };
    await writeMeta(this.dir, this.meta);
  }

  /**
   * From now on, lines from the journal leave out the columns `facts` derives again at lookup; lines
   * already kept stay whole. Without it no line is cut, and a cut one is not answered.
   */
  deriveFrom(facts: ClickFacts): void {
    this.derived = new DerivedColumns(facts);
  }

  /** Adds click lines; they are searchable at once and written in blocks. */
  add(lines: readonly ArchiveLine[], source: LineSource = 'live'): void {
    for (const entry of lines) {
      const bytes = Buffer.from(entry.line);
      this.addLine(entry.time, bytes, 0, bytes.length, source);
    }
  }

  /**
   * Adds the click line `data[start, end)` (a journal line without its newline), copied: `data` may be
   * reused. Searchable at once, written in blocks.
   */
  addLine(time: number, data: Uint8Array, start: number, end: number, source: LineSource = 'live'): void {
    if (this.closed) return;
    const day = dayOf(time);
    const key = `${source === 'backfill' ? source : 'live'}:${day}`;
    let pending = this.pending.get(key);
    if (!pending) {
      pending = new PendingBlock(day, Date.now(), BLOCK_LINES);
      this.pending.set(key, pending);
    }
    if (source === 'journal' && this.derived) {
      const line = this.derived.cut(data, start, end);
      pending.push(time, line, 0, line.length);
    } else {
      pending.push(time, data, start, end);
    }
    if (pending.count >= BLOCK_LINES || pending.bytes >= BLOCK_BYTES) {
      this.pending.delete(key);
      this.write(pending);
    }
    this.armTimer();
  }

  private armTimer(): void {
    if (this.pending.size === 0 || this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writeDue(Date.now() - PENDING_MS);
    }, PENDING_MS);
    this.timer.unref();
  }

  /**
   * Resolves at once while few blocks wait to be written, else once enough are written that few wait: the
   * writes go on meanwhile, so the caller holds back no longer than it must.
   */
  async settle(): Promise<void> {
    const excess = this.writing.length - WRITING_MAX;
    if (excess > 0) await this.writing[excess - 1]?.written;
  }

  /** Writes every waiting line and resolves once all writes are done. */
  async flush(): Promise<void> {
    this.writeDue(Number.POSITIVE_INFINITY);
    await this.writes;
  }

  private writeDue(olderThan: number): void {
    for (const [key, pending] of this.pending) {
      if (pending.since > olderThan) continue;
      this.pending.delete(key);
      this.write(pending);
    }
    this.armTimer();
  }

  private write(pending: PendingBlock): void {
    this.writes = this.writes
      .then(() => this.writeBlock(pending))
      .catch((error: unknown) => {
        this.lastError = message(error);
      })
      .finally(() => {
        this.writing.shift();
        pending.release();
      });
    this.writing.push({ block: pending, written: this.writes });
  }

  private async writeBlock(pending: PendingBlock): Promise<void> {
    if (pending.maxTime < this.horizon()) return;
    const joined = pending.joined(this.joinScratch);
    const payload = await compressBlock(joined, { ...COMPRESSION, pledgedSrcSize: joined.length });
    const header = blockHeader(payload, pending.count, pending.minTime, pending.maxTime);
    let day = this.days.get(pending.day);
    if (!day) {
      // A new day: the oldest one kept may have just left the window.
      await this.dropDaysBefore(this.horizon());
      day = { file: path.join(this.dir, fileOf(pending.day)), size: 0, blocks: [], longest: 0, handle: null };
      this.days.set(pending.day, day);
    }
    try {
      await fsp.appendFile(day.file, Buffer.concat([header, payload]), { mode: 0o600 });
    } catch (error) {
      // A short write (a full disk) must not leave a torn block in front of the next one.
      await fsp.truncate(day.file, day.size).catch(() => undefined);
      throw error;
    }
    addBlock(day, {
      offset: day.size,
      length: payload.length,
      minTime: pending.minTime,
      maxTime: pending.maxTime,
    });
    day.size += HEADER_BYTES + payload.length;
  }

  /**
   * The click with this id stored at `clickTime` (the time its id carries) or within the lookup window
   * of it, when a block spanning that time holds it; null when the archive cannot say (the caller then
   * asks the event store).
   */
  async find(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    if (this.closed || clickTime < this.horizon()) return null;
    const target = Buffer.from(`,${JSON.stringify(clickId)},`);
    for (const pending of [...this.pending.values(), ...this.writing.map((entry) => entry.block)]) {
      if (pending.minTime > clickTime || pending.maxTime < clickTime) continue;
      for (const line of pending.linesHolding(target)) {
        const click = this.accept(this.decode(line), clickId, clickTime);
        if (click) return click;
      }
    }
    const day = this.days.get(dayOf(clickTime));
    if (!day) return null;
    for (let index = lastStartingBy(day.blocks, clickTime); index >= 0; index -= 1) {
      const block = day.blocks[index] as Block;
      if (block.minTime < clickTime - day.longest) break;
      if (block.maxTime < clickTime) continue;
      const click = await this.findInBlock(day, block, target, clickId, clickTime);
      if (click) return click;
    }
    return null;
  }

  /** The click an archived line holds, its left-out columns derived again; null if it cannot say. */
  private decode(line: string): TrackingEvent | null {
    const values = parseLine(line);
    const whole = values && this.derived ? this.derived.restore(values) : values;
    return whole && decodeValues(whole);
  }

  private accept(event: TrackingEvent | null, clickId: string, clickTime: number): TrackingEvent | null {
    if (!event || event.kind !== EVENT_KIND.click || event.clickId !== clickId) return null;
    if (this.meta.forgotten.some((scope) => takes(scope, event))) return null;
    if (Math.abs(event.time - clickTime) > CLICK_LOOKUP_WINDOW_MS) return null;
    return event;
  }

  private async findInBlock(
    day: DayFile,
    block: Block,
    target: Buffer,
    clickId: string,
    clickTime: number,
  ): Promise<TrackingEvent | null> {
    const kept = this.readBuffers.pop();
    const payload =
      kept && kept.length >= block.length
        ? kept
        : Buffer.allocUnsafeSlow(Math.max(block.length, READ_BUFFER_BYTES));
    try {
      day.handle ??= fsp.open(day.file, 'r');
      const handle = await day.handle;
      const { bytesRead } = await handle.read(payload, 0, block.length, block.offset + HEADER_BYTES);
      if (bytesRead !== block.length) return null;
      // Inflated on the event loop, about 0.1 ms a block: zlib's asynchronous path costs several times
      // that in chunk callbacks, copies and garbage (measured 4,000 lookups/s on one core against 1,450).
      // Searched at once, before another lookup's block replaces it in the inflater's buffer.
      const data = this.inflater.inflate(payload, block.length);
      for (const line of linesHolding(data, target)) {
        const click = this.accept(this.decode(line), clickId, clickTime);
        if (click) return click;
      }
      return null;
    } catch (error) {
      this.lastError = message(error);
      return null;
    } finally {
      if (this.readBuffers.length < READ_BUFFERS_KEPT) this.readBuffers.push(payload);
    }
  }

  /** Before this time no click is answered: older than the days kept, or forgotten for every campaign. */
  horizon(): number {
    let time = Number.isFinite(this.keepDays) ? (dayOf(this.clock()) - this.keepDays) * DAY_MS : 0;
    for (const scope of this.meta.forgotten) {
      if (scope.only === null && scope.keep.length === 0) time = Math.max(time, scope.before);
    }
    return time;
  }

  /**
   * Stops answering the clicks `scope` takes (the event store cleared or deleted them), and removes the
   * days that end before a scope of every campaign.
   */
  async forget(scope: ClearScope): Promise<void> {
    const same = (other: ClearScope) =>
      JSON.stringify([other.only, other.keep]) === JSON.stringify([scope.only, scope.keep]);
    const earlier = this.meta.forgotten.find(same);
    if (earlier && earlier.before >= scope.before) return;
    this.meta = {
      ...this.meta,
      forgotten: [...this.meta.forgotten.filter((other) => !same(other)), { ...scope }],
    };
    await writeMeta(this.dir, this.meta);
    await this.writes;
    await this.dropDaysBefore(this.horizon());
  }

  /** Removes the files of the days that end by `time`. */
  private async dropDaysBefore(time: number): Promise<void> {
    for (const [day, file] of this.days) {
      if ((day + 1) * DAY_MS > time) continue;
      this.days.delete(day);
      const handle = file.handle;
      file.handle = null;
      if (handle) await (await handle).close().catch(() => undefined);
      await fsp.rm(file.file, { force: true });
    }
  }

  status(): ClickArchiveStatus {
    let blocks = 0;
    let bytes = 0;
    for (const day of this.days.values()) {
      blocks += day.blocks.length;
      bytes += day.size;
    }
    return {
      files: this.days.size,
      blocks,
      bytes,
      backfillBefore: this.backfillBefore,
      lastError: this.lastError,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    await this.flush();
    this.closed = true;
    for (const day of this.days.values()) {
      const handle = day.handle;
      day.handle = null;
      if (handle) await (await handle).close().catch(() => undefined);
    }
  }
}
