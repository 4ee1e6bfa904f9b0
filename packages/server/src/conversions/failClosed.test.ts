import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConversionKit, NO_SUMS, startConversionServer } from '../../test-support/postbacks.ts';
import { Clock } from '../../test-support/server.ts';
import { mintClickId } from '../events/clickId.ts';
import type { RunningCairn } from '../index.ts';
import { MAX_CHANGES_PER_DAY } from './decide.ts';
import { REFUSED_LOG_PER_SECOND, REFUSED_QUERY_MAX } from './refusals.ts';

// What someone holding the postback key's worth of access, or none, can still make a postback do:
// payouts of offers gone from the routing table, currencies without a rate, endless status flips, repeated
// S2S reports, and the work and log rows unauthenticated postbacks cost. Against the real server.

let cairn: RunningCairn;
let kit: ConversionKit;
const clock = new Clock('2026-03-04T10:30:00.000Z');

beforeAll(async () => {
  ({ cairn, kit } = await startConversionServer(clock));
});
afterAll(async () => {
  await cairn.close();
});

describe('fail closed', () => {
  it("gives a click whose offer or network is archived the offer's last payout, never the postback's", async () => {
    const archivedOffer = await kit.campaign({ network: {}, offer: { payoutAuto: true } });
    const first = await kit.click(archivedOffer);
    expect((await kit.offers.archive(archivedOffer.offerId)).status).toBe(200);
    await cairn.tracking.table.settled();
    expect(await kit.postback(`/postback?clickid=${first}&payout=99999&currency=USD`)).toMatchObject({
      status: 200,
    });
    expect(await kit.sums(first)).toMatchObject({ approved: 1, revenue: 5_000_000 });

    const archivedNetwork = await kit.campaign({ network: {}, offer: { payoutAuto: true } });
    const second = await kit.click(archivedNetwork);
    expect((await kit.networks.archive(archivedNetwork.networkId ?? 0)).status).toBe(200);
    await cairn.tracking.table.settled();
    await kit.postback(`/postback?clickid=${second}&payout=99999`);
    expect(await kit.sums(second)).toMatchObject({ approved: 1, revenue: 5_000_000 });

    // A live auto-payout offer still takes the network's amount.
    const live = await kit.campaign({ network: {}, offer: { payoutAuto: true } });
    const third = await kit.click(live);
    await kit.postback(`/postback?clickid=${third}&payout=7`);
    expect(await kit.sums(third)).toMatchObject({ revenue: 7_000_000 });
  });

  it('refuses a payout in a currency without a rate instead of taking it at par', async () => {
    const campaign = await kit.campaign({ network: {}, offer: { payoutAuto: true } });
    const clickId = await kit.click(campaign);
    const answer = await kit.postback(`/postback?clickid=${clickId}&payout=99999&currency=ZZZ`);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('currency ZZZ has no exchange rate');
    expect(await kit.sums(clickId)).toEqual(NO_SUMS);
    await cairn.tracking.conversions.writer.idle();
    const [logged] = await cairn.store.query<{ outcome: string }>(
      'SELECT outcome FROM postback_log WHERE click_id = $1',
      [clickId],
    );
    expect(logged?.outcome).toBe('invalid');
  });
});

describe('unauthenticated postbacks', () => {
  const refusedCount = async (outcome: string) => {
    await cairn.tracking.conversions.writer.idle();
    const [row] = await cairn.store.query('SELECT count(*) AS n FROM postback_log WHERE outcome = $1', [
      outcome,
    ]);
    return Number(row?.n);
  };

  it('leave a short prefix in the log, within a budget per outcome a second', async () => {
    clock.advance(5000);
    const padding = 'x'.repeat(1500);
    const before = { refused: await refusedCount('refused'), invalid: await refusedCount('invalid') };
    await Promise.all(
      Array.from({ length: REFUSED_LOG_PER_SECOND + 30 }, () =>
        kit.postback(`/postback?clickid=${mintClickId(clock.ms)}&pad=${padding}`, { key: 'wrong' }),
      ),
    );
    // A flood of one kind leaves the others their entries.
    expect(await kit.postback(`/postback?clickid=nonsense&pad=${padding}`)).toMatchObject({ status: 400 });
    expect((await refusedCount('refused')) - before.refused).toBe(REFUSED_LOG_PER_SECOND);
    expect((await refusedCount('invalid')) - before.invalid).toBe(1);
    const longest = await cairn.store.query<{ n: number }>(
      "SELECT max(length(query)) AS n FROM postback_log WHERE outcome IN ('refused', 'invalid')",
    );
    expect(Number(longest[0]?.n)).toBeLessThanOrEqual(REFUSED_QUERY_MAX);
    clock.advance(1000);
  });

  it('keep the log within its row cap at housekeeping, newest kept', async () => {
    await kit.postback('/postback?clickid=last-one', { key: null });
    await cairn.tracking.conversions.writer.idle();
    const outbox = cairn.tracking.conversions.outbox;
    outbox.logRowsMax = 5;
    try {
      await outbox.housekeeping();
    } finally {
      outbox.logRowsMax = Number.MAX_SAFE_INTEGER;
    }
    const rows = await cairn.store.query<{ click_id: string }>(
      'SELECT click_id FROM postback_log ORDER BY id',
    );
    expect(rows).toHaveLength(5);
    expect(rows.at(-1)?.click_id).toBe('last-one');
  });

  it('read each unknown id once and share journal flushes, while a click just answered is found', async () => {
    let reads = 0;
    let flushes = 0;
    const events = cairn.events;
    const findClick = events.findClick.bind(events);
    const recorder = cairn.tracking.recorder;
    const flushNow = recorder.flushNow.bind(recorder);
    events.findClick = (clickId, clickTime) => {
      reads += 1;
      return findClick(clickId, clickTime);
    };
    recorder.flushNow = () => {
      flushes += 1;
      return flushNow();
    };
    try {
      const ids = Array.from({ length: 20 }, () => mintClickId(clock.ms));
      const burst = [...ids, ...ids, ...ids].map((id) => kit.postback(`/postback?clickid=${id}`));
      const answers = await Promise.all(burst);
      expect(answers.every((answer) => answer.status === 404)).toBe(true);
      expect(reads).toBeLessThanOrEqual(ids.length);
      expect(flushes).toBeLessThanOrEqual(3);
      const again = await Promise.all(ids.map((id) => kit.postback(`/postback?clickid=${id}`)));
      expect(again.every((answer) => answer.status === 404)).toBe(true);
      expect(reads).toBeLessThanOrEqual(ids.length);

      // Lander click-throughs naming a made-up click share the same memory of misses.
      const madeUp = mintClickId(clock.ms);
      const readsBefore = reads;
      const throughs = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${cairn.url}/click?lp=1&clickid=${madeUp}`, { redirect: 'manual' }),
        ),
      );
      for (const through of throughs) await through.arrayBuffer();
      expect(reads - readsBefore).toBeLessThanOrEqual(1);

      // A real click, gone from memory and still in the journal, is found at once.
      const campaign = await kit.campaign({ network: {} });
      const clickId = await kit.click(campaign);
      cairn.tracking.recent.forgetClick(clickId);
      expect(await kit.postback(`/postback?clickid=${clickId}`)).toEqual({ status: 200, text: 'OK' });
    } finally {
      events.findClick = findClick;
      recorder.flushNow = flushNow;
    }
  });
});

describe('a conversion changed again and again', () => {
  it('reports each status to the traffic source once: approved, declined, approved sends approved once', async () => {
    const source = await kit.sources.make({
      name: `s-${Math.random()}`,
      postbackUrl: 'https://source.example/s2s?status={cnv_status}&click={clickid}',
    });
    const campaign = await kit.campaign({ network: {}, campaign: { trafficSourceId: source.id } });
    const clickId = await kit.click(campaign);
    for (const status of ['approved', 'declined', 'approved', 'declined']) {
      expect(await kit.postback(`/postback?clickid=${clickId}&status=${status}`)).toMatchObject({
        text: 'OK',
      });
    }
    await cairn.tracking.conversions.writer.idle();
    const outbox = await cairn.store.query<{ url: string }>(
      'SELECT url FROM s2s_outbox WHERE click_id = $1 ORDER BY id',
      [clickId],
    );
    expect(outbox.map((row) => new URL(row.url).searchParams.get('status'))).toEqual([
      'approved',
      'declined',
    ]);
  });

  // Last: it moves the clock a day on (the session would not survive another test).
  it(`takes ${MAX_CHANGES_PER_DAY} status changes a day, then ignores them until the next day`, async () => {
    const campaign = await kit.campaign({ network: {} });
    const clickId = await kit.click(campaign);
    expect(await kit.postback(`/postback?clickid=${clickId}&status=approved`)).toMatchObject({ text: 'OK' });
    const flip = (index: number) => (index % 2 === 0 ? 'declined' : 'approved');
    for (let index = 0; index < MAX_CHANGES_PER_DAY; index += 1) {
      expect(await kit.postback(`/postback?clickid=${clickId}&status=${flip(index)}`)).toMatchObject({
        status: 200,
        text: 'OK',
      });
    }
    const capped = await kit.postback(`/postback?clickid=${clickId}&status=declined`);
    expect(capped.status).toBe(200);
    expect(capped.text).toMatch(/^ignored: the conversion changed 10 times today/);
    expect(await kit.conversions(clickId)).toMatchObject([{ status: 'approved' }]);
    clock.advance(24 * 3600 * 1000);
    expect(await kit.postback(`/postback?clickid=${clickId}&status=declined`)).toMatchObject({ text: 'OK' });
    expect(await kit.sums(clickId)).toMatchObject({ approved: 0, declined: 1 });
  });
});
