import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { withDerived } from '../../../test-support/derivedColumns.ts';
import { sampleClick } from '../../../test-support/sampleEvents.ts';
import { tempDir } from '../../../test-support/server.ts';
import { blankEvent, EVENT_KIND, type TrackingEvent } from '../../events/event.ts';
import { encodeEvent } from '../../events/journalCodec.ts';
import type { ClickFacts } from '../events/port.ts';
import { BLOCK_LINES, ClickArchive, WRITING_MAX } from './archive.ts';
import { HEADER_BYTES, scan } from './archiveFiles.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const lineOf = (event: TrackingEvent) => ({ time: event.time, line: encodeEvent(event) });
const noClicks = async () => false;

describe('click archive', () => {
  const open: ClickArchive[] = [];
  const openAt = async (dir: string, hasClicks = noClicks) => {
    const archive = await ClickArchive.open(dir, hasClicks, { clock: () => T0 });
    open.push(archive);
    return archive;
  };
  afterEach(async () => {
    for (const archive of open.splice(0)) await archive.close();
  });

  it('finds a click by id and the time its id carries: waiting, written, and after a restart', async () => {
    const dir = tempDir();
    const archive = await openAt(dir);
    const count = 2 * BLOCK_LINES + BLOCK_LINES / 2;
    const clicks = Array.from({ length: count }, (_, index) => sampleClick(T0 + index * 1000));
    clicks[7] = {
      ...(clicks[7] as TrackingEvent),
      userAgent: 'quote " back \\ é\nline',
      externalId: 'x,"y",z',
    };
    archive.add(clicks.map(lineOf));
    // Two full blocks are on their way to disk, the rest waits; every one is found.
    for (const click of [clicks[0], clicks[7], clicks[count - 1]] as TrackingEvent[]) {
      expect(await archive.find(click.clickId, click.time)).toEqual(click);
    }
    await archive.close();
    const reopened = await openAt(dir);
    expect(reopened.status()).toMatchObject({ files: 1, blocks: 3, lastError: null });
    for (const click of clicks) expect(await reopened.find(click.clickId, click.time)).toEqual(click);
    // Not a click of the archive, or asked at another time than its id's: the caller asks the store.
    expect(await reopened.find(sampleClick(T0).clickId, T0)).toBeNull();
    expect(await reopened.find((clicks[3] as TrackingEvent).clickId, T0 - 86_400_000)).toBeNull();
  });

  it('finds clicks in blocks written out of time order, and in a block spanning other blocks', async () => {
    const dir = tempDir();
    const archive = await openAt(dir);
    const hours = [3, 1, 2, 0].map((hour) =>
      Array.from({ length: BLOCK_LINES }, (_, index) => sampleClick(T0 + hour * 3_600_000 + index * 1000)),
    );
    for (const clicks of hours) archive.add(clicks.map(lineOf), 'backfill');
    // A late block whose span covers all of the others (a replay of old and new clicks together).
    const wide = [sampleClick(T0 + 10), sampleClick(T0 + 4 * 3_600_000)];
    archive.add(wide.map(lineOf));
    await archive.close();
    const reopened = await openAt(dir);
    expect(reopened.status().blocks).toBe(5);
    for (const click of [...hours.flat(), ...wide]) {
      expect(await reopened.find(click.clickId, click.time)).toEqual(click);
    }
  });

  it('keeps only clicks: a lander click or conversion of the same id is never the answer', async () => {
    const archive = await openAt(tempDir());
    const click = sampleClick(T0);
    const other = { ...sampleClick(T0 + 1), tokens: [click.clickId, ...sampleClick(T0).tokens.slice(1)] };
    archive.add([lineOf({ ...click, kind: EVENT_KIND.lpClick, seq: 1 }), lineOf(other), lineOf(click)]);
    await archive.flush();
    expect(await archive.find(click.clickId, T0)).toEqual(click);
    expect(await archive.find(other.clickId, T0 + 1)).toEqual(other);
  });

  it('cuts a block torn by a crash off at the next open and goes on writing after it', async () => {
    const dir = tempDir();
    const archive = await openAt(dir);
    const first = Array.from({ length: BLOCK_LINES }, (_, index) => sampleClick(T0 + index));
    const second = Array.from({ length: BLOCK_LINES }, (_, index) => sampleClick(T0 + 1000 + index));
    archive.add(first.map(lineOf));
    archive.add(second.map(lineOf));
    await archive.close();
    const file = path.join(dir, '2026-03-01.blk');
    const whole = fs.statSync(file).size;
    // The second block half written, then another whose bytes never reached the disk (zeros).
    fs.truncateSync(file, whole - 100);
    fs.appendFileSync(file, Buffer.alloc(4096));
    const reopened = await openAt(dir);
    expect(reopened.status().blocks).toBe(1);
    expect(fs.statSync(file).size).toBeLessThan(whole - 100);
    expect(await reopened.find((first[9] as TrackingEvent).clickId, T0 + 9)).toEqual(first[9]);
    expect(await reopened.find((second[9] as TrackingEvent).clickId, T0 + 1009)).toBeNull();
    reopened.add(second.map(lineOf));
    await reopened.close();
    const again = await openAt(dir);
    expect(again.status().blocks).toBe(2);
    expect(await again.find((second[9] as TrackingEvent).clickId, T0 + 1009)).toEqual(second[9]);
  });

  it('starts afresh over unreadable files, and backfills only when the store already held clicks', async () => {
    const dir = tempDir();
    const archive = await openAt(dir);
    expect(archive.backfillBefore).toBeNull();
    const click = sampleClick(T0);
    archive.add([lineOf(click)]);
    await archive.close();
    fs.writeFileSync(path.join(dir, 'archive.json'), '{ not json');
    const reset = await openAt(dir, async () => true);
    expect(reset.backfillBefore).toBe(T0);
    expect(reset.status().files).toBe(0);
    expect(await reset.find(click.clickId, T0)).toBeNull();
    await reset.backfilledDownTo(T0 - 3_600_000);
    await reset.close();
    expect((await openAt(dir)).backfillBefore).toBe(T0 - 3_600_000);
  });

  it('forgets clicks before a clear, across a restart, and removes the days that ended before it', async () => {
    const dir = tempDir();
    const archive = await openAt(dir);
    const old = sampleClick(T0 - 86_400_000);
    const early = sampleClick(T0);
    const late = sampleClick(T0 + 3_600_000);
    archive.add([old, early, late].map(lineOf));
    await archive.flush();
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.blk'))).toHaveLength(2);
    await archive.forget({ before: T0 + 60_000, only: null, keep: [] });
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.blk'))).toEqual(['2026-03-01.blk']);
    expect(await archive.find(early.clickId, early.time)).toBeNull();
    expect(await archive.find(late.clickId, late.time)).toEqual(late);
    await archive.close();
    const reopened = await openAt(dir);
    expect(await reopened.find(early.clickId, early.time)).toBeNull();
    expect(await reopened.find(late.clickId, late.time)).toEqual(late);
    // A click stored later with a time before the horizon is not answered either.
    const backdated = blankEvent(EVENT_KIND.click, 'backdated', T0);
    reopened.add([lineOf(backdated)]);
    expect(await reopened.find('backdated', T0)).toBeNull();
  });

  it('keeps the days it is told to, removing a day once it leaves them, and at the next open', async () => {
    const dir = tempDir();
    const day = 86_400_000;
    let now = T0;
    const within = (keepDays: number) => ClickArchive.open(dir, noClicks, { keepDays, clock: () => now });
    const dayFiles = () =>
      fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.blk'))
        .sort();
    const archive = await within(2);
    const clicks = [3, 2, 1, 0].map((daysAgo) => sampleClick(T0 - daysAgo * day));
    const [tooOld, oldest, middle, today] = clicks as [
      TrackingEvent,
      TrackingEvent,
      TrackingEvent,
      TrackingEvent,
    ];
    archive.add(clicks.map(lineOf));
    await archive.flush();
    // Today and the two days before: a click older than that is never written, nor answered.
    expect(dayFiles()).toEqual(['2026-02-27.blk', '2026-02-28.blk', '2026-03-01.blk']);
    expect(await archive.find(tooOld.clickId, tooOld.time)).toBeNull();
    for (const click of [oldest, middle, today])
      expect(await archive.find(click.clickId, click.time)).toEqual(click);
    // The next day's first block pushes the oldest day out.
    now = T0 + day;
    const tomorrow = sampleClick(now);
    archive.add([lineOf(tomorrow)]);
    await archive.flush();
    expect(dayFiles()).toEqual(['2026-02-28.blk', '2026-03-01.blk', '2026-03-02.blk']);
    expect(await archive.find(oldest.clickId, oldest.time)).toBeNull();
    expect(await archive.find(middle.clickId, middle.time)).toEqual(middle);
    await archive.close();
    // Days that left the window while it was closed go when it opens.
    now = T0 + 3 * day;
    const reopened = await within(2);
    expect(dayFiles()).toEqual(['2026-03-02.blk']);
    expect(await reopened.find(tomorrow.clickId, tomorrow.time)).toEqual(tomorrow);
    expect(await reopened.find(today.clickId, today.time)).toBeNull();
    await reopened.close();
  });

  it('holds a caller back while many blocks wait to be written, and not while a few do', async () => {
    const archive = await openAt(tempDir());
    const linesOf = (count: number, from: number) =>
      Array.from({ length: count * BLOCK_LINES }, (_, index) => lineOf(sampleClick(T0 + from + index)));
    // A live flush's block or two: written in the background, the caller goes on at once.
    archive.add(linesOf(2, 0));
    await archive.settle();
    expect(archive.status().blocks).toBe(0);
    // A backlog's worth: the caller waits until few blocks wait and the others' buffers are free.
    archive.add(linesOf(20, 10_000_000));
    expect(archive.status().blocks).toBe(0);
    await archive.settle();
    expect(archive.status().blocks).toBeGreaterThanOrEqual(22 - WRITING_MAX);
    await archive.flush();
    expect(archive.status()).toMatchObject({ blocks: 22, lastError: null });
  });

  it('keeps journal clicks without the columns it derives again, and answers them whole', async () => {
    // Stands in for the enricher (derivedColumns.test.ts uses the real one): a place per address.
    const placeOf: ClickFacts = (ip, userAgent) => ({
      ...blankEvent(EVENT_KIND.click, '', 0),
      country: ip.startsWith('10.') ? 'NL' : 'FR',
      region: 'Region',
      city: `City of ${ip}`,
      isp: `ISP of ${ip}`,
      asn: 64_500 + Number(ip.split('.')[3]),
      connectionType: userAgent.includes('Mobile') ? 'mobile' : 'broadband',
      ip,
      userAgent,
    });
    const recorded = (index: number): TrackingEvent => {
      const ip = `10.0.0.${index % 250}`;
      return withDerived(
        { ...sampleClick(T0 + index), ip, userAgent: 'Mobile UA' },
        placeOf(ip, 'Mobile UA'),
      );
    };
    const dir = tempDir();
    const archive = await openAt(dir);
    archive.deriveFrom(placeOf);
    const clicks = Array.from({ length: BLOCK_LINES + 3 }, (_, index) => recorded(index));
    for (const click of clicks) {
      const line = Buffer.from(encodeEvent(click));
      archive.addLine(click.time, line, 0, line.length, 'journal');
    }
    // Appended by the store itself rather than taken from the journal: kept whole.
    const appended = recorded(999);
    archive.add([lineOf(appended)]);
    for (const click of [clicks[0], clicks.at(-1), appended] as TrackingEvent[]) {
      expect(await archive.find(click.clickId, click.time)).toEqual(click);
    }
    await archive.close();
    const [file] = fs.readdirSync(dir).filter((name) => name.endsWith('.blk'));
    const bytes = fs.readFileSync(path.join(dir, file as string));
    const text = scan(path.join(dir, file as string))
      .blocks.map((block) =>
        zlib
          .zstdDecompressSync(
            bytes.subarray(block.offset + HEADER_BYTES, block.offset + HEADER_BYTES + block.length),
          )
          .toString(),
      )
      .join('\n');
    expect(text.match(/City of/g)).toHaveLength(1);
    expect(text).toContain((clicks[5] as TrackingEvent).clickId);

    const reopened = await openAt(dir);
    reopened.deriveFrom(placeOf);
    for (const click of [...clicks, appended])
      expect(await reopened.find(click.clickId, click.time)).toEqual(click);
    await reopened.close();
    // Without the derivation, or with one that places the address elsewhere now, a cut line is not
    // answered (the caller asks the event store); a whole one still is.
    const blind = await openAt(dir);
    const moved = await openAt(dir);
    moved.deriveFrom((ip, userAgent) => ({ ...placeOf(ip, userAgent), city: 'Elsewhere' }));
    for (const other of [blind, moved]) {
      expect(
        await other.find((clicks[5] as TrackingEvent).clickId, (clicks[5] as TrackingEvent).time),
      ).toBeNull();
      expect(await other.find(appended.clickId, appended.time)).toEqual(appended);
    }
  });
});
