import { DEFAULT_POSTBACK_PROCESSING } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConversionKit, NO_SUMS, startConversionServer } from '../../test-support/postbacks.ts';
import { Clock } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
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
