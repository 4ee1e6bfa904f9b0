import { DEFAULT_POSTBACK_PROCESSING, reportQuerySchema } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConversionKit, NO_SUMS, startConversionServer } from '../../test-support/postbacks.ts';
import { Clock } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { ReportService } from '../reports/service.ts';
import { customEventSeq } from './customEvents.ts';

// Custom events through real postbacks: a named event counts in its slot and leaves the conversions as
// they were; an event no slot knows is a plain conversion.

let cairn: RunningCairn;
let kit: ConversionKit;
const clock = new Clock('2026-03-04T10:30:00.000Z');

beforeAll(async () => {
  ({ cairn, kit } = await startConversionServer(clock));
});
afterAll(async () => {
  await cairn.close();
});

async function customEvents(clickId: string): Promise<Record<string, unknown>[]> {
  await kit.sums(clickId);
  return cairn.events.query(
    'SELECT kind, seq, event_slot, campaign_id, t1, approved, revenue_micros, cost_micros FROM events WHERE click_id = $1 AND kind = 5 ORDER BY ts',
    [clickId],
  );
}

describe('a postback naming a custom event', () => {
  it('counts in the named slot, copies the click and moves no conversion sum', async () => {
    const campaign = await kit.campaign({ network: {} });
    await cairn.tracking.conversions.saveSettings({
      ...DEFAULT_POSTBACK_PROCESSING,
      eventNames: ['registration', 'deposit'],
      networkEvents: [{ affiliateNetworkId: campaign.networkId ?? 0, networkEvent: 'ftd', slot: 2 }],
    });
    const clickId = await kit.click(campaign, 't1=zone7');
    expect(await kit.postback(`/postback?clickid=${clickId}&event=deposit&payout=20`)).toEqual({
      status: 200,
      text: 'OK',
    });
    clock.advance(1500);
    expect((await kit.postback(`/postback?clickid=${clickId}&event=FTD`)).text).toBe('OK');
    clock.advance(1500);
    expect((await kit.postback(`/click?cnv_id=${clickId}&event=registration`)).text).toBe('OK');
    const rows = await customEvents(clickId);
    expect(rows.map((row) => Number(row.event_slot))).toEqual([2, 2, 1]);
    expect(rows[0]).toMatchObject({
      campaign_id: campaign.id,
      t1: 'zone7',
      approved: 0,
      revenue_micros: 0,
      cost_micros: 0,
    });
    expect(new Set(rows.map((row) => Number(row.seq))).size).toBe(3);
    expect(await kit.sums(clickId)).toEqual(NO_SUMS);
    expect(await kit.conversions(clickId)).toHaveLength(0);

    const reports = new ReportService(cairn.events, cairn.store, clock.now);
    const query = reportQuerySchema.parse({
      groupBy: 'campaign',
      from: '2026-03-04',
      to: '2026-03-04',
      timezone: 'UTC',
    });
    const row = (await reports.report(query, { campaignIds: null })).rows.find(
      (r) => r.value === campaign.id,
    );
    expect(row?.metrics).toMatchObject({ clicks: 1, leads: 0, revenue: 0, event1: 1, event2: 2, event3: 0 });
  });

  it("fills the {eventN} macros of the source's postback with the click's events per slot", async () => {
    const source = await kit.sources.make({
      name: `s-${Math.random()}`,
      postbackUrl: 'https://source.example/pb?c={clickid}&reg={event1}&dep={event2}&other={event30}',
    });
    const campaign = await kit.campaign({ network: {}, campaign: { trafficSourceId: source.id } });
    await cairn.tracking.conversions.saveSettings({
      ...DEFAULT_POSTBACK_PROCESSING,
      eventNames: ['registration', 'deposit'],
    });
    const clickId = await kit.click(campaign);
    await kit.postback(`/postback?clickid=${clickId}&event=deposit`);
    clock.advance(1000);
    await kit.postback(`/postback?clickid=${clickId}&event=deposit`);
    await kit.sums(clickId);
    expect((await kit.postback(`/postback?clickid=${clickId}&payout=3`)).text).toBe('OK');
    await cairn.tracking.conversions.writer.idle();
    const [row] = await cairn.store.query<{ url: string }>('SELECT url FROM s2s_outbox WHERE click_id = $1', [
      clickId,
    ]);
    expect(row?.url).toBe(`https://source.example/pb?c=${clickId}&reg=0&dep=2&other=0`);
  });

  it('is a plain conversion when no slot is named for the event', async () => {
    const campaign = await kit.campaign({ network: {} });
    const clickId = await kit.click(campaign);
    expect((await kit.postback(`/postback?clickid=${clickId}&event=purchase`)).text).toBe('OK');
    expect(await customEvents(clickId)).toEqual([]);
    expect(await kit.sums(clickId)).toMatchObject({ events: 1, approved: 1 });
  });

  it('refuses an event name no network sends', async () => {
    const campaign = await kit.campaign({ network: {} });
    const clickId = await kit.click(campaign);
    const answer = await kit.postback(`/postback?clickid=${clickId}&event=${encodeURIComponent('<b>')}`);
    expect(answer.status).toBe(400);
  });

  it('takes its seq from its time, apart from conversions and lander clicks', () => {
    expect(customEventSeq(0)).toBe(-1);
    expect(customEventSeq(32_767)).toBe(-32_768);
    expect(customEventSeq(32_768)).toBe(-1);
  });
});
