import { afterAll, beforeAll, expect, it } from 'vitest';
import { sampleClick } from '../../test-support/sampleEvents.ts';
import { Clock, startTestCairn } from '../../test-support/server.ts';
import { mintClickId } from '../events/clickId.ts';
import type { RunningCairn } from '../index.ts';

// How a postback finds a click the node has journaled but not stored yet (a conversion within a flush
// interval, or a flusher behind), and that a miss flushes the journal only when the id's time could be in
// it: an id no click has, the one hostile postbacks bring, must not cost a flush. The flusher's own
// timer is an hour here, so the journal holds what the test puts in it.

const clock = new Clock('2026-03-04T10:30:00.000Z');
let cairn: RunningCairn;

beforeAll(async () => {
  cairn = await startTestCairn({ now: clock.now, flushIntervalMs: 3_600_000 });
});

afterAll(async () => {
  await cairn.close();
});

it('finds a click still in the journal by flushing it, and leaves the journal alone for other times', async () => {
  const { recorder, conversions } = cairn.tracking;
  // Journaled as the engine does, but not kept in memory: only the journal and the store can have it.
  const click = sampleClick(clock.now());
  recorder.record(click);
  expect(recorder.stats().backlogEvents).toBe(1);

  const unknownHourAgo = clock.now() - 3_600_000;
  expect(await conversions.findClick(mintClickId(unknownHourAgo), unknownHourAgo)).toBeNull();
  expect(recorder.stats().backlogEvents).toBe(1);

  const found = await conversions.findClick(click.clickId, click.time);
  expect(found?.clickId).toBe(click.clickId);
  expect(found?.campaignId).toBe(click.campaignId);
  expect(recorder.stats().backlogEvents).toBe(0);

  // An unknown id of the very millisecond a journaled click has is looked for there too, and is a miss.
  const neighbour = sampleClick(clock.now() + 5);
  recorder.record(neighbour);
  const sameTime = mintClickId(neighbour.time);
  expect(sameTime).not.toBe(neighbour.clickId);
  expect(await conversions.findClick(sameTime, neighbour.time)).toBeNull();
  expect(recorder.stats().backlogEvents).toBe(0);
});
