import fs from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { EVENT_COLUMNS } from '../events/columns.ts';
import type { TrackingEvent } from '../events/event.ts';
import { decoderFor, encodeEvent, HEADER_LINE, headerColumns } from '../events/journalCodec.ts';
import type { EventTimes } from '../store/events/port.ts';

// The click journal: every tracking event is written here, one line each, before its HTTP answer goes
// out. A write(2) that returned is kept by the OS even if the process is killed the next instant, so no
// answered click is lost; the flusher later moves closed segments into the event store.
//
// A segment is `<number>.jsonl` in the line format of journalCodec.ts.

/** pino-compatible, so the server's logger fits. */
export interface RecorderLogger {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

const HEADER_BYTES = Buffer.from(`${HEADER_LINE}\n`);
const SEGMENT_FILE = /^(\d{12})\.jsonl$/;
/**
 * Events per segment, and so at most per store append: DuckDB's appender is synchronous, ~13 µs an event
 * here, so 2000 holds the event loop ~25 ms where 5000 held it ~65 ms, for the same throughput.
 */
export const DEFAULT_BATCH_EVENTS = 2000;
/** Lines decoded between two yields to the event loop while a segment is read. */
const DECODE_SLICE = 1000;

export function segmentFileName(segmentNumber: number): string {
  return `${String(segmentNumber).padStart(12, '0')}.jsonl`;
}

/** A closed segment waiting to be stored. */
export interface Segment {
  readonly number: number;
  readonly file: string;
  /** Events it holds; null for a segment left by an earlier run until it has been read. */
  events: number | null;
  /** When its first event was journaled (ms), or the file's modification time for a leftover one. */
  readonly firstAt: number;
  /** The earliest and latest time its events carry; null for a segment left by an earlier run. */
  readonly times: EventTimes | null;
}

/** One write(2) of staged lines: null until it is tried, then whether every line reached the disk. */
export interface JournalWrite {
  written: boolean | null;
}

export interface JournalOptions {
  /** Segments numbered up to this are already in the event store: deleted at open, never replayed. */
  storedUpTo: number;
  /** A segment rotates before it would grow past this many bytes (default 16 MB). */
  maxSegmentBytes?: number;
  /**
   * A segment rotates once it holds this many events (default DEFAULT_BATCH_EVENTS), so one segment
   * always fits in one store append and its mark: a segment is stored whole or not at all.
   */
  maxSegmentEvents?: number;
  logger: RecorderLogger;
}

export class Journal {
  readonly dir: string;
  private readonly maxBytes: number;
  private readonly maxEvents: number;
  private readonly logger: RecorderLogger;
  private readonly waiting: Segment[] = [];
  private nextNumber: number;
  private fd = -1;
  private currentNumber = -1;
  private currentEvents = 0;
  private currentBytes = 0;
  private currentFirstAt = 0;
  private currentTimes: EventTimes = { from: Infinity, to: -Infinity };
  private appended = 0;
  private isClosed = false;
  // Staged lines are encoded into this buffer and written from it: no allocation per event, and the
  // exact byte count is known, so a short write can be completed.
  private scratch = Buffer.allocUnsafe(64 * 1024);
  private stagedBytes = 0;
  private stagedEvents = 0;
  private lastLineStart = 0;
  private lastLineEnd = 0;
  private staged: JournalWrite = { written: null };

  private constructor(dir: string, nextNumber: number, options: JournalOptions) {
    this.dir = dir;
    this.nextNumber = nextNumber;
    this.maxBytes = options.maxSegmentBytes ?? 16 * 1024 * 1024;
    this.maxEvents = options.maxSegmentEvents ?? DEFAULT_BATCH_EVENTS;
    this.logger = options.logger;
  }

  /**
   * Opens the journal in `dir`: deletes the segments the store already holds, queues the others (left by
   * a run that ended before storing them) for the flusher, and numbers new segments after both.
   */
  static open(dir: string, options: JournalOptions): Journal {
    fs.mkdirSync(dir, { recursive: true });
    const numbers = fs
      .readdirSync(dir)
      .map((name) => SEGMENT_FILE.exec(name)?.[1])
      .filter((digits) => digits !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const highest = numbers.at(-1) ?? 0;
    const journal = new Journal(dir, Math.max(highest, options.storedUpTo, 0) + 1, options);
    for (const segmentNumber of numbers) {
      const file = path.join(dir, segmentFileName(segmentNumber));
      if (segmentNumber <= options.storedUpTo) {
        journal.unlink(file);
      } else {
        journal.waiting.push({
          number: segmentNumber,
          file,
          events: null,
          firstAt: fs.statSync(file).mtimeMs,
          times: null,
        });
      }
    }
    return journal;
  }

  /**
   * Writes one event synchronously and returns its line. Throws a TypeError for an event the store could
   * not hold (so a bad event never blocks the flusher), and the write's error if the disk refuses it.
   */
  append(event: TrackingEvent): string {
    const line = this.stage(event);
    this.commit();
    return line;
  }

  /**
   * Encodes one event into the next write and returns its line; `commit` writes every staged line with
   * one write(2), and `pendingWrite` (read right after staging) tells whether a line reached the disk.
   * Clicks arriving in one turn of the event loop share a write this way, and are answered after it.
   * Throws as `append` does; a staged line is never split from the segment it was staged for.
   */
  stage(event: TrackingEvent): string {
    if (this.isClosed) throw new Error('The click journal is closed');
    const line = encodeEvent(event);
    if (
      this.fd >= 0 &&
      (this.currentEvents + this.stagedEvents >= this.maxEvents ||
        this.currentBytes + this.stagedBytes + line.length >= this.maxBytes)
    ) {
      this.commit();
      this.closeCurrent();
    }
    if (this.fd < 0) this.openNext();
    const room = this.stagedBytes + line.length * 3 + 1;
    if (room > this.scratch.length) {
      const grown = Buffer.allocUnsafe(Math.max(room, this.scratch.length * 2));
      this.scratch.copy(grown, 0, 0, this.stagedBytes);
      this.scratch = grown;
    }
    this.lastLineStart = this.stagedBytes;
    this.stagedBytes += this.scratch.write(line, this.stagedBytes);
    this.lastLineEnd = this.stagedBytes;
    this.scratch[this.stagedBytes] = 0x0a;
    this.stagedBytes += 1;
    this.stagedEvents += 1;
    if (event.time < this.currentTimes.from) this.currentTimes.from = event.time;
    if (event.time > this.currentTimes.to) this.currentTimes.to = event.time;
    return line;
  }

  /**
   * The bytes of the line `stage` wrote last (without its newline), in the journal's own buffer: valid
   * until the next `stage`, so a caller copies them at once rather than encode the line again.
   */
  get lastStagedLine(): Uint8Array {
    return this.scratch.subarray(this.lastLineStart, this.lastLineEnd);
  }

  /** The write the lines staged since the last commit will go out in. */
  get pendingWrite(): JournalWrite {
    return this.staged;
  }

  /** Writes the staged lines; throws the write's error (and marks their write failed) if the disk refuses. */
  commit(): void {
    if (this.stagedEvents === 0) return;
    const write = this.staged;
    const length = this.stagedBytes;
    const events = this.stagedEvents;
    this.staged = { written: null };
    this.stagedBytes = 0;
    this.stagedEvents = 0;
    let written = 0;
    try {
      while (written < length) written += fs.writeSync(this.fd, this.scratch, written, length - written);
    } catch (error) {
      write.written = false;
      // A line cut short must stay the last of its segment, where the reader skips it, rather than be
      // glued to the next event's line. Whole lines before it are replayed like any other.
      if (written > 0) this.closeCurrent();
      throw error;
    }
    write.written = true;
    this.currentBytes += length;
    this.currentEvents += events;
    this.appended += events;
  }

  /**
   * Closes the current segment if it holds events; the next event opens a new one. Lines staged but not
   * yet written keep it open until they are (their answers wait on that write; the next rotation takes them).
   */
  rotate(): void {
    if (this.fd >= 0 && this.currentEvents > 0 && this.stagedEvents === 0) this.closeCurrent();
  }

  /** The closed segments not yet stored, oldest first. Owned by the journal: do not modify. */
  get closedSegments(): readonly Segment[] {
    return this.waiting;
  }

  /**
   * Whether an event of this time (ms) may be in a segment the store does not hold yet: the one being
   * written, or one closed and waiting (a segment left by an earlier run may hold any time).
   */
  mayHold(time: number): boolean {
    const open = this.currentTimes;
    if (this.fd >= 0 && time >= open.from && time <= open.to) return true;
    return this.waiting.some(
      (segment) => segment.times === null || (time >= segment.times.from && time <= segment.times.to),
    );
  }

  /** Events in the segment being written. */
  get openEvents(): number {
    return this.currentEvents;
  }

  get openFirstAt(): number {
    return this.currentFirstAt;
  }

  /** Events appended since the journal was opened. */
  get appendedTotal(): number {
    return this.appended;
  }

  /** Forgets and deletes the closed segments numbered up to `upTo`: the store holds them. */
  release(upTo: number): void {
    while (this.waiting.length > 0 && (this.waiting[0] as Segment).number <= upTo) {
      this.unlink((this.waiting.shift() as Segment).file);
    }
  }

  /** Closes the current segment's file; its events wait on disk for the next start. */
  close(): void {
    if (this.isClosed) return;
    try {
      this.commit();
    } catch (error) {
      this.logger.error({ err: error }, 'Could not write the last journal lines');
    }
    this.isClosed = true;
    if (this.fd >= 0) this.closeCurrent();
  }

  private openNext(): void {
    const segmentNumber = this.nextNumber;
    this.nextNumber += 1;
    // 'wx' never reuses a file: numbering is the only thing that tells stored segments from others.
    this.fd = fs.openSync(path.join(this.dir, segmentFileName(segmentNumber)), 'wx');
    this.currentNumber = segmentNumber;
    this.currentEvents = 0;
    this.currentFirstAt = Date.now();
    this.currentTimes = { from: Infinity, to: -Infinity };
    try {
      this.currentBytes = this.writeHeader();
    } catch (error) {
      this.closeCurrent();
      throw error;
    }
  }

  private writeHeader(): number {
    let written = 0;
    while (written < HEADER_BYTES.length) written += fs.writeSync(this.fd, HEADER_BYTES, written);
    return HEADER_BYTES.length;
  }

  private closeCurrent(): void {
    const fd = this.fd;
    this.fd = -1;
    this.waiting.push({
      number: this.currentNumber,
      file: path.join(this.dir, segmentFileName(this.currentNumber)),
      events: this.currentEvents,
      firstAt: this.currentFirstAt,
      times: this.currentTimes,
    });
    this.currentEvents = 0;
    this.currentBytes = 0;
    fs.closeSync(fd);
  }

  private unlink(file: string): void {
    try {
      fs.unlinkSync(file);
    } catch (error) {
      // Left behind, the file is deleted at the next start: its number is at or below the store's mark.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.logger.warn({ err: error, file }, 'Could not delete a stored journal segment');
      }
    }
  }
}

/** Bytes read at a time by segmentLines. */
const READ_CHUNK = 64 * 1024;

/**
 * A segment file's lines, as `text.split('\n')` would give them, read 64 kB at a time. A whole segment
 * read as one string (up to megabytes) is allocated straight into the old generation, and every line cut
 * from it keeps all of it alive there until that line dies: at 2,000 clicks/s that grew the old generation
 * by about a megabyte a second, and a full collection is what stalls clicks on a busy core. Strings of a
 * chunk's size start in the young generation, and only the lines still wanted are kept. (The click
 * archive reads segments as bytes instead: visitClickLines.)
 */
export async function segmentLines(file: string): Promise<string[]> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(READ_CHUNK);
    const decoder = new StringDecoder('utf8');
    const lines: string[] = [];
    let tail = '';
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK, null);
      if (bytesRead === 0) break;
      const parts = (tail + decoder.write(buffer.subarray(0, bytesRead))).split('\n');
      tail = parts.pop() ?? '';
      for (const part of parts) lines.push(part);
    }
    lines.push(tail + decoder.end());
    return lines;
  } finally {
    await handle.close();
  }
}

/**
 * The events of a closed segment, read without holding the event loop for long. A last line without its
 * newline (a write cut short by a crash) and lines that do not decode are skipped with a warning; only a
 * segment written by a newer Cairn is refused (an error, so it stays on disk for that version).
 */
export async function readSegment(segment: Segment, logger: RecorderLogger): Promise<TrackingEvent[]> {
  const lines = await segmentLines(segment.file);
  const events: TrackingEvent[] = [];
  if (lines.length === 1) {
    if ((lines[0] as string).length > 0)
      logger.warn({ file: segment.file }, 'Skipped a journal segment cut short in its header');
    return events;
  }
  const names = headerColumns(lines[0] as string);
  if (names === 'newer') throw new Error(`${segment.file} was written by a newer version of Cairn`);
  if (names === null) {
    // Try the current column order: a line of another shape fails to decode and is skipped.
    logger.warn({ file: segment.file }, 'A journal segment header is unreadable; reading it as current');
  }
  const decode = decoderFor(names ?? EVENT_COLUMNS.map((column) => column.name));
  let skipped = 0;
  // The last piece follows the last newline: empty, or a line torn by a crash.
  const last = lines.length - 1;
  for (let index = 1; index < last; index += 1) {
    const event = decode(lines[index] as string);
    if (event === null) skipped += 1;
    else events.push(event);
    if (index % DECODE_SLICE === 0) await nextTurn();
  }
  if (skipped > 0) {
    logger.warn({ file: segment.file, skipped }, 'Skipped journal lines that do not decode');
  }
  const torn = (lines[last] as string).length;
  if (torn > 0) logger.warn({ file: segment.file, bytes: torn }, 'Skipped a torn last journal line');
  return events;
}
