import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { sampleClick } from '../../test-support/sampleEvents.ts';
import { tempDir } from '../../test-support/server.ts';
import type { TrackingEvent } from '../events/event.ts';
import { encodeEvent } from '../events/journalCodec.ts';
import { Journal, readSegment, type Segment, segmentFileName, segmentLines } from './journal.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');

function journalDir(): string {
  return path.join(tempDir('cairn-journal-'), 'journal');
}

function recordingLogger() {
  const warnings: string[] = [];
  return {
    warnings,
    warn: (_obj: unknown, msg?: string) => warnings.push(msg ?? ''),
    error: (_obj: unknown, msg?: string) => warnings.push(msg ?? ''),
  };
}

const files = (dir: string) => fs.readdirSync(dir).sort();

describe('click journal', () => {
  it('writes one line per event after a header, in numbered segments', async () => {
    const dir = journalDir();
    const logger = recordingLogger();
    const journal = Journal.open(dir, { storedUpTo: -1, logger });
    const events = [sampleClick(T0), sampleClick(T0 + 1)];
    for (const event of events) journal.append(event);
    expect(journal.openEvents).toBe(2);
    journal.rotate();
    journal.rotate(); // nothing open: no empty segment
    journal.append(sampleClick(T0 + 2));
    journal.close();
    expect(files(dir)).toEqual([segmentFileName(1), segmentFileName(2)]);
    const text = fs.readFileSync(path.join(dir, segmentFileName(1)), 'utf8');
    expect(text.split('\n')).toHaveLength(4); // header, two events, '' after the last newline
    expect(journal.closedSegments.map((segment) => [segment.number, segment.events])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(await readSegment(journal.closedSegments[0] as Segment, logger)).toEqual(events);
    expect(logger.warnings).toEqual([]);
    expect(() => journal.append(sampleClick(T0))).toThrow(/closed/);
  });

  it('writes staged lines with one write(2) at commit, split at the segment limit, in order', async () => {
    const logger = recordingLogger();
    const journal = Journal.open(journalDir(), { storedUpTo: -1, maxSegmentEvents: 3, logger });
    const writes = vi.spyOn(fs, 'writeSync');
    try {
      const events = Array.from({ length: 5 }, (_, index) => sampleClick(T0 + index));
      const stageAll = (some: TrackingEvent[]) => {
        for (const event of some) {
          const line = journal.stage(event);
          // Its bytes as staged, also for the line that found the segment full and opened the next.
          expect(Buffer.from(journal.lastStagedLine).toString('utf8')).toBe(line);
        }
        return journal.pendingWrite;
      };
      const firstWrite = stageAll(events.slice(0, 2));
      expect(firstWrite.written).toBeNull();
      journal.rotate(); // staged lines keep their segment open until they are written
      expect(journal.closedSegments).toHaveLength(0);
      stageAll(events.slice(2, 4)); // the fourth finds the segment full: the three before go out first
      expect(firstWrite.written).toBe(true);
      const secondWrite = stageAll(events.slice(4));
      writes.mockClear();
      journal.commit();
      expect(secondWrite.written).toBe(true);
      expect(writes).toHaveBeenCalledTimes(1);
      journal.close();
      expect(journal.closedSegments.map((segment) => segment.events)).toEqual([3, 2]);
      const read = [];
      for (const segment of journal.closedSegments) read.push(...(await readSegment(segment, logger)));
      expect(read).toEqual(events);
    } finally {
      writes.mockRestore();
    }
  });

  it('marks a staged write that the disk refused, and keeps the journal writable', async () => {
    const logger = recordingLogger();
    const journal = Journal.open(journalDir(), { storedUpTo: -1, logger });
    journal.append(sampleClick(T0));
    journal.stage(sampleClick(T0 + 1));
    const refused = journal.pendingWrite;
    const writes = vi.spyOn(fs, 'writeSync').mockImplementationOnce(() => {
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    });
    try {
      expect(() => journal.commit()).toThrow(/no space/);
    } finally {
      writes.mockRestore();
    }
    expect(refused.written).toBe(false);
    journal.append(sampleClick(T0 + 2));
    journal.close();
    const read = await readSegment(journal.closedSegments[0] as Segment, logger);
    expect(read.map((event) => event.time)).toEqual([T0, T0 + 2]);
  });

  it('rotates a segment that reaches its event or byte limit', () => {
    const byEvents = Journal.open(journalDir(), {
      storedUpTo: -1,
      maxSegmentEvents: 3,
      logger: recordingLogger(),
    });
    for (let index = 0; index < 7; index += 1) byEvents.append(sampleClick(T0 + index));
    byEvents.rotate();
    expect(byEvents.closedSegments.map((segment) => segment.events)).toEqual([3, 3, 1]);

    const line = encodeEvent(sampleClick(T0)).length;
    const byBytes = Journal.open(journalDir(), {
      storedUpTo: -1,
      maxSegmentBytes: 3000 + line * 4,
      logger: recordingLogger(),
    });
    for (let index = 0; index < 10; index += 1) byBytes.append(sampleClick(T0 + index));
    byBytes.rotate();
    const counts = byBytes.closedSegments.map((segment) => segment.events ?? 0);
    expect(counts.length).toBeGreaterThan(1);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(10);
    for (const segment of byBytes.closedSegments) {
      expect(fs.statSync(segment.file).size).toBeLessThan(3000 + line * 4);
    }
  });

  it('refuses an event no store could hold without writing anything', () => {
    const dir = journalDir();
    const journal = Journal.open(dir, { storedUpTo: -1, logger: recordingLogger() });
    journal.append(sampleClick(T0));
    expect(() => journal.append({ ...sampleClick(T0), campaignId: -(2 ** 40) })).toThrow(TypeError);
    expect(journal.openEvents).toBe(1);
    journal.close();
    expect(fs.readFileSync(path.join(dir, segmentFileName(1)), 'utf8').split('\n')).toHaveLength(3);
  });

  it('at open deletes what the store holds, queues the rest and numbers after both', () => {
    const dir = journalDir();
    const first = Journal.open(dir, { storedUpTo: -1, maxSegmentEvents: 1, logger: recordingLogger() });
    for (let index = 0; index < 4; index += 1) first.append(sampleClick(T0 + index));
    first.close();
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a segment');

    const second = Journal.open(dir, { storedUpTo: 2, logger: recordingLogger() });
    expect(second.closedSegments.map((segment) => [segment.number, segment.events])).toEqual([
      [3, null],
      [4, null],
    ]);
    expect(files(dir)).toEqual([segmentFileName(3), segmentFileName(4), 'notes.txt']);
    second.append(sampleClick(T0));
    second.close();
    expect(files(dir)).toContain(segmentFileName(5));

    // Every segment stored and deleted: numbering continues after the store's mark, never below it.
    const emptyDir = journalDir();
    const third = Journal.open(emptyDir, { storedUpTo: 41, logger: recordingLogger() });
    third.append(sampleClick(T0));
    third.close();
    expect(files(emptyDir)).toEqual([segmentFileName(42)]);
  });

  it('tells which event times may still be waiting for the store', () => {
    const dir = journalDir();
    const journal = Journal.open(dir, { storedUpTo: -1, maxSegmentEvents: 2, logger: recordingLogger() });
    expect(journal.mayHold(T0)).toBe(false);
    for (const offset of [0, 5, 10]) journal.append(sampleClick(T0 + offset));
    // Segment 1 holds T0..T0+5 and waits; segment 2 is open with T0+10.
    expect([0, 3, 5, 10].map((offset) => journal.mayHold(T0 + offset))).toEqual([true, true, true, true]);
    expect([-1, 7, 11].map((offset) => journal.mayHold(T0 + offset))).toEqual([false, false, false]);
    journal.rotate();
    journal.release(1);
    expect([0, 5, 10].map((offset) => journal.mayHold(T0 + offset))).toEqual([false, false, true]);
    journal.release(2);
    expect(journal.mayHold(T0 + 10)).toBe(false);
    journal.close();

    // Segments left by an earlier run are not read yet: any time may be in them.
    const reopened = Journal.open(dir, { storedUpTo: -1, logger: recordingLogger() });
    reopened.append(sampleClick(T0));
    reopened.close();
    const afterRestart = Journal.open(dir, { storedUpTo: -1, logger: recordingLogger() });
    expect(afterRestart.mayHold(T0 - 86_400_000)).toBe(true);
    afterRestart.close();
  });

  it('release deletes stored segments in order', () => {
    const dir = journalDir();
    const journal = Journal.open(dir, { storedUpTo: -1, maxSegmentEvents: 1, logger: recordingLogger() });
    for (let index = 0; index < 3; index += 1) journal.append(sampleClick(T0 + index));
    journal.rotate();
    journal.release(2);
    expect(journal.closedSegments.map((segment) => segment.number)).toEqual([3]);
    expect(files(dir)).toEqual([segmentFileName(3)]);
  });
});

describe('reading a segment', () => {
  function segmentWith(text: string): Segment {
    const dir = journalDir();
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, segmentFileName(1));
    fs.writeFileSync(file, text);
    return { number: 1, file, events: null, firstAt: T0, times: null };
  }

  function writtenSegment(count: number): { segment: Segment; events: ReturnType<typeof sampleClick>[] } {
    const journal = Journal.open(journalDir(), {
      storedUpTo: -1,
      maxSegmentEvents: count,
      logger: recordingLogger(),
    });
    const events = Array.from({ length: count }, (_, index) => sampleClick(T0 + index));
    for (const event of events) journal.append(event);
    journal.close();
    return { segment: journal.closedSegments[0] as Segment, events };
  }

  it('skips a torn last line with a warning', async () => {
    const { segment, events } = writtenSegment(3);
    const line = encodeEvent(sampleClick(T0 + 9));
    fs.appendFileSync(segment.file, line.slice(0, 57));
    const logger = recordingLogger();
    expect(await readSegment(segment, logger)).toEqual(events);
    expect(logger.warnings).toEqual(['Skipped a torn last journal line']);
  });

  it('skips a complete line missing only its newline (its write did not return)', async () => {
    const { segment, events } = writtenSegment(2);
    fs.appendFileSync(segment.file, encodeEvent(sampleClick(T0 + 9)));
    const logger = recordingLogger();
    expect(await readSegment(segment, logger)).toEqual(events);
    expect(logger.warnings).toHaveLength(1);
  });

  it('skips lines that do not decode and keeps the others', async () => {
    const { segment, events } = writtenSegment(2);
    fs.appendFileSync(segment.file, '\u0000\u0000\u0000\n[1,2]\n');
    fs.appendFileSync(segment.file, `${encodeEvent(events[0] as ReturnType<typeof sampleClick>)}\n`);
    const logger = recordingLogger();
    expect(await readSegment(segment, logger)).toEqual([...events, events[0]]);
    expect(logger.warnings).toEqual(['Skipped journal lines that do not decode']);
  });

  it('reads many lines in slices', async () => {
    const { segment, events } = writtenSegment(2500);
    expect(await readSegment(segment, recordingLogger())).toEqual(events);
  });

  it('cuts lines across its 64 kB reads as one split of the whole text would, multi-byte characters included', async () => {
    // Lines of 1 to 700 characters, two- to four-byte ones among them, so that some of the ~27 read
    // boundaries fall inside a character and others on a newline; the text ends in a torn line.
    const pieces = ['a', 'ü', '€', '🚀', 'Zürich', '東京'];
    const lines = Array.from({ length: 4000 }, (_, index) =>
      Array.from({ length: 1 + ((index * 37) % 233) }, (_, at) => pieces[(index + at) % pieces.length]).join(
        '',
      ),
    );
    const text = `${lines.join('\n')}\nto`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(25 * 64 * 1024);
    expect(await segmentLines(segmentWith(text).file)).toEqual(text.split('\n'));
    expect(await segmentLines(segmentWith(`${text}\n`).file)).toEqual(`${text}\n`.split('\n'));
    expect(await segmentLines(segmentWith('').file)).toEqual(['']);
  });

  it('gives nothing for a header cut short, and reads lines after an unreadable header as current', async () => {
    const logger = recordingLogger();
    expect(await readSegment(segmentWith('{"cairnJour'), logger)).toEqual([]);
    expect(await readSegment(segmentWith(''), logger)).toEqual([]);
    const event = sampleClick(T0);
    expect(await readSegment(segmentWith(`garbage\n${encodeEvent(event)}\n`), logger)).toEqual([event]);
    expect(logger.warnings).toHaveLength(2);
  });

  it('refuses a segment written by a newer version, so it stays on disk', async () => {
    await expect(
      readSegment(segmentWith('{"cairnJournal":2,"columns":[]}\n[1]\n'), recordingLogger()),
    ).rejects.toThrow(/newer version/);
  });
});
