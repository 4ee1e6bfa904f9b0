import { afterAll, expect, it } from 'vitest';
import { signedInAdmin } from '../../entities/testing.ts';
import type { RunningCairn } from '../../index.ts';
import { EVENT_KIND, eventFromRow, type TrackingEvent } from '../../store/events/schema.ts';
import { Clock, startTestCairn, tempDir } from '../../test-support.ts';
import { ConversionKit } from './testing.ts';

// A process that dies after committing conversions and before journaling their events leaves their
// rows in conversion_journal. The next start journals exactly the events the event store lacks.

const clock = new Clock('2026-03-04T10:30:00.000Z');
const dataDir = tempDir();
let cairn: RunningCairn;

afterAll(async () => {
  await cairn.close();
});

async function leaveBehind(events: TrackingEvent[]): Promise<void> {
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

it('journals the events a killed run owed, once, and nothing it had already journaled', async () => {
  const started = await signedInAdmin({ trustProxy: true, now: clock.now, dataDir });
  cairn = started.cairn;
  let kit = new ConversionKit(cairn, started.browser);
  const campaign = await kit.campaign({ network: {} });
  const owed = await kit.click(campaign);
  const done = await kit.click(campaign);
  await kit.postback(`/postback?clickid=${done}`);
  expect(await kit.sums(done)).toMatchObject({ events: 1, approved: 1 });

  const [click] = await cairn.events.query('SELECT * FROM events WHERE click_id = $1 AND kind = 1', [owed]);
  const [stored] = await cairn.events.query('SELECT * FROM events WHERE click_id = $1 AND kind = 3', [done]);
  const missing: TrackingEvent = {
    ...eventFromRow(click ?? {}),
    kind: EVENT_KIND.conversion,
    seq: 1,
    time: clock.ms + 5_000,
    status: 'approved',
    approved: 1,
    revenueMicros: 5_000_000,
  };
  await leaveBehind([missing, eventFromRow(stored ?? {})]);
  await cairn.close();

  cairn = await startTestCairn({ trustProxy: true, now: clock.now, dataDir });
  kit = new ConversionKit(cairn, started.browser);
  await cairn.tracking.conversions.writer.idle();
  expect(await kit.sums(owed)).toMatchObject({ events: 1, approved: 1, revenue: 5_000_000 });
  expect(await kit.sums(done)).toMatchObject({ events: 1, approved: 1 });
  expect(await cairn.store.query('SELECT count(*) AS n FROM conversion_journal')).toEqual([{ n: 0 }]);
});
