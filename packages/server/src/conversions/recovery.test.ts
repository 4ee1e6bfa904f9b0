import { afterAll, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { Clock, startTestCairn, tempDir } from '../../test-support/server.ts';
import { eventFromRow } from '../events/columns.ts';
import { EVENT_KIND, type TrackingEvent } from '../events/event.ts';
import type { RunningCairn } from '../index.ts';
import { insertJournalRows } from './store.ts';

// A process that dies after committing conversions and before journaling their events leaves their
// batch's row in conversion_journal_batches (an older version: a row per event in conversion_journal).
// The next start journals exactly the events the event store lacks.

const clock = new Clock('2026-03-04T10:30:00.000Z');
let cairn: RunningCairn;

afterAll(async () => {
  await cairn.close();
});

/** Rows as this version writes them: one per batch. */
async function leaveBehind(events: TrackingEvent[]): Promise<void> {
  await insertJournalRows(cairn.store, cairn.tracking.nodeId, 'died-1', events);
}

/** Rows as the version before migration 7 wrote them: one per event. */
async function leaveBehindLegacy(events: TrackingEvent[]): Promise<void> {
  for (const event of events) {
    await cairn.store.execute(
      `INSERT INTO conversion_journal (node_id, batch, click_id, seq, click_ms, event_ms, status, txid, approved,
              pending, declined, revenue_micros, cost_micros)
       VALUES ($1, 'died-1', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        cairn.tracking.nodeId,
        event.clickId,
        event.seq,
        event.clickTime,
        event.time,
        event.status,
        event.txid,
        event.approved,
        event.pending,
        event.declined,
        event.revenueMicros,
        event.costMicros,
      ],
    );
  }
}

it.each([
  ['one row a batch', leaveBehind],
  ['one row an event, left by an older version', leaveBehindLegacy],
])(
  'journals the events a killed run owed, once, and nothing it had already journaled (%s)',
  async (_format, leave) => {
    const started = await signedInAdmin({ trustProxy: true, now: clock.now, dataDir: tempDir() });
    cairn = started.cairn;
    let kit = new ConversionKit(cairn, started.browser);
    const campaign = await kit.campaign({ network: {} });
    const owed = await kit.click(campaign);
    const done = await kit.click(campaign);
    await kit.postback(`/postback?clickid=${done}`);
    expect(await kit.sums(done)).toMatchObject({ events: 1, approved: 1 });

    const [click] = await cairn.events.query('SELECT * FROM events WHERE click_id = $1 AND kind = 1', [owed]);
    const [stored] = await cairn.events.query('SELECT * FROM events WHERE click_id = $1 AND kind = 3', [
      done,
    ]);
    const missing: TrackingEvent = {
      ...eventFromRow(click ?? {}),
      kind: EVENT_KIND.conversion,
      seq: 1,
      time: clock.ms + 5_000,
      status: 'approved',
      approved: 1,
      revenueMicros: 5_000_000,
    };
    await leave([missing, eventFromRow(stored ?? {})]);
    const dataDir = cairn.config.dataDir;
    await cairn.close();

    cairn = await startTestCairn({ trustProxy: true, now: clock.now, dataDir });
    kit = new ConversionKit(cairn, started.browser);
    await cairn.tracking.conversions.writer.idle();
    expect(await kit.sums(owed)).toMatchObject({ events: 1, approved: 1, revenue: 5_000_000 });
    expect(await kit.sums(done)).toMatchObject({ events: 1, approved: 1 });
    expect(await cairn.store.query('SELECT count(*) AS n FROM conversion_journal')).toEqual([{ n: 0 }]);
    expect(await cairn.store.query('SELECT count(*) AS n FROM conversion_journal_batches')).toEqual([
      { n: 0 },
    ]);
    await cairn.close();
  },
);

it('leaves a batch it cannot read in place, and still journals the others', async () => {
  const started = await signedInAdmin({ trustProxy: true, now: clock.now, dataDir: tempDir() });
  cairn = started.cairn;
  const kit = new ConversionKit(cairn, started.browser);
  const campaign = await kit.campaign({ network: {} });
  const owed = await kit.click(campaign);
  await cairn.tracking.recorder.flushNow();
  const [click] = await cairn.events.query('SELECT * FROM events WHERE click_id = $1 AND kind = 1', [owed]);
  await leaveBehind([
    { ...eventFromRow(click ?? {}), kind: EVENT_KIND.conversion, seq: 1, time: clock.ms + 1, approved: 1 },
  ]);
  await cairn.store.execute(
    "INSERT INTO conversion_journal_batches (node_id, batch, events) VALUES ($1, 'torn', '[[\"x\", 1')",
    [cairn.tracking.nodeId],
  );
  const dataDir = cairn.config.dataDir;
  await cairn.close();

  cairn = await startTestCairn({ trustProxy: true, now: clock.now, dataDir });
  await cairn.tracking.conversions.writer.idle();
  expect(await new ConversionKit(cairn, started.browser).sums(owed)).toMatchObject({
    events: 1,
    approved: 1,
  });
  expect(await cairn.store.query('SELECT batch FROM conversion_journal_batches')).toEqual([
    { batch: 'torn' },
  ]);
});
