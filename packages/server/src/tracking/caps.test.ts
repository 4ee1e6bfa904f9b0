import {
  type Campaign,
  type OfferCapsResponse,
  STATS_SETTINGS_PATHS,
  TRACKING_API_PATHS,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { Clock, type TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// Offers' daily caps on a real server: real clicks through /click, conversions by real postbacks, the
// counts read back from the real event store. The clock stands still unless a test moves it.

let cairn: RunningCairn;
let browser: TestBrowser;
let kit: ConversionKit;
// 22:30 in New York, the tracker's zone: its midnight is 05:00 UTC (EST, before the DST change), while
// a UTC day would have begun hours ago.
const clock = new Clock('2026-03-05T03:30:00.000Z');

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin({ trustProxy: true, now: clock.now }));
  kit = new ConversionKit(cairn, browser);
  const saved = await browser.call('PUT', STATS_SETTINGS_PATHS.stats, {
    body: { timezone: 'America/New_York', baseCurrency: 'USD', rates: {} },
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await cairn.close();
});

/** A real click: the host it was sent to and its click id. */
async function clickOn(campaign: Campaign): Promise<{ host: string; clickId: string }> {
  const response = await fetch(`${cairn.url}/click?key=${campaign.key}`, {
    headers: { 'x-forwarded-for': '212.27.48.10', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' },
    redirect: 'manual',
  });
  await response.arrayBuffer();
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  return { host: location.host, clickId: location.searchParams.get('c') ?? '' };
}

/** Lets the postbacks reach the journal and the caps read the event store again. */
async function counted(): Promise<void> {
  await cairn.tracking.conversions.writer.idle();
  await cairn.tracking.caps.refresh();
}

async function capState(offerId: number) {
  const answer = await browser.get(TRACKING_API_PATHS.offerCaps);
  expect(answer.status).toBe(200);
  return answer.json<OfferCapsResponse>().offers.find((state) => state.offerId === offerId);
}

describe('an offer with a daily conversion cap', () => {
  let campaign: Campaign & { offerId: number };

  it('sends the next click after the 5th conversion to its fallback offer, and shows the state', async () => {
    const fallback = await kit.offers.make({
      name: 'Fallback',
      url: 'https://fallback.example/?c={clickid}',
    });
    campaign = await kit.campaign({ network: {}, offer: { dailyCap: 5, capFallbackOfferId: fallback.id } });
    for (let conversion = 1; conversion <= 5; conversion += 1) {
      const click = await clickOn(campaign);
      expect(click.host).toBe('offer.example');
      expect((await kit.postback(`/postback?clickid=${click.clickId}`)).text).toBe('OK');
      await counted();
    }
    expect(await capState(campaign.offerId)).toEqual({
      offerId: campaign.offerId,
      conversions: 5,
      clicks: 5,
      dailyCap: 5,
      dailyClickCap: null,
      capped: true,
    });
    expect((await clickOn(campaign)).host).toBe('fallback.example');
  });

  it('takes its clicks again from midnight in the tracker zone', async () => {
    clock.ms = Date.parse('2026-03-05T04:59:59.000Z');
    await counted();
    expect((await clickOn(campaign)).host).toBe('fallback.example');
    clock.ms = Date.parse('2026-03-05T05:00:00.000Z');
    // At once, before the counts of the new day are read.
    expect((await clickOn(campaign)).host).toBe('offer.example');
    await counted();
    expect(await capState(campaign.offerId)).toMatchObject({ conversions: 0, clicks: 1, capped: false });
  });
});

describe('an offer with a daily click cap and no fallback', () => {
  it("sends its clicks to the path's other offers once the cap is reached", async () => {
    const capped = await kit.offers.make({
      name: 'Click capped',
      url: 'https://capped.example/?c={clickid}',
      dailyClickCap: 2,
    });
    const other = await kit.offers.make({ name: 'Other', url: 'https://other.example/?c={clickid}' });
    const campaign = await kit.campaigns.make<Campaign>({
      name: 'Click cap',
      flow: {
        defaultPaths: [
          {
            offers: [
              { offerId: capped.id, weight: 100 },
              { offerId: other.id, weight: 1 },
            ],
          },
        ],
      },
    });
    await cairn.tracking.table.settled();
    let cappedClicks = 0;
    for (let attempt = 0; attempt < 200 && cappedClicks < 2; attempt += 1) {
      if ((await clickOn(campaign)).host === 'capped.example') cappedClicks += 1;
      await counted();
    }
    expect(cappedClicks).toBe(2);
    expect(await capState(capped.id)).toMatchObject({ clicks: 2, dailyClickCap: 2, capped: true });
    for (let click = 0; click < 5; click += 1) expect((await clickOn(campaign)).host).toBe('other.example');
  });
});

describe("this node's own traffic", () => {
  it('counts against a cap as it is journaled, before the event store is read again', async () => {
    const fallback = await kit.offers.make({ name: 'Spare', url: 'https://spare.example/?c={clickid}' });
    const campaign = await kit.campaign({ offer: { dailyClickCap: 3, capFallbackOfferId: fallback.id } });
    await cairn.tracking.caps.refresh();
    const hosts: string[] = [];
    for (let click = 0; click < 4; click += 1) {
      clock.advance(1);
      hosts.push((await clickOn(campaign)).host);
    }
    expect(hosts).toEqual(['offer.example', 'offer.example', 'offer.example', 'spare.example']);
  });
});

describe("a lander's click-through", () => {
  it('goes to the fallback when the offer it was given reached its cap since', async () => {
    const lander = await kindClient(browser, 'landing').make({
      name: 'Quiz',
      url: 'https://lp.example/?c={clickid}',
    });
    const fallback = await kit.offers.make({ name: 'After quiz', url: 'https://after.example/?c={clickid}' });
    const offer = await kit.offers.make({
      name: 'Quiz offer',
      url: 'https://quiz-offer.example/?c={clickid}',
      dailyClickCap: 1,
      capFallbackOfferId: fallback.id,
    });
    const campaign = await kit.campaigns.make<Campaign>({
      name: 'Quiz campaign',
      flow: { defaultPaths: [{ landers: [{ landingId: lander.id }], offers: [{ offerId: offer.id }] }] },
    });
    await cairn.tracking.table.settled();
    clock.advance(1);
    const toLander = await clickOn(campaign);
    expect(toLander.host).toBe('lp.example');
    // That click was the offer's one click of the day: the visitor's click-through goes to the fallback.
    const through = await fetch(`${cairn.url}/click?lp=1&clickid=${toLander.clickId}`, {
      redirect: 'manual',
    });
    await through.arrayBuffer();
    expect(new URL(through.headers.get('location') ?? '').host).toBe('after.example');
  });
});

describe('cap fallbacks', () => {
  it('refuses a fallback that leads back to the offer, with a field message', async () => {
    const first = await kit.offers.make({ name: 'First', url: 'https://first.example/' });
    const second = await kit.offers.make({
      name: 'Second',
      url: 'https://second.example/',
      capFallbackOfferId: first.id,
    });
    const loop = await kit.offers.put(first.id, {
      name: 'First',
      url: 'https://first.example/',
      capFallbackOfferId: second.id,
    });
    expect(loop.status).toBe(400);
    expect(errorFields(loop)).toEqual(['capFallbackOfferId']);
    const itself = await kit.offers.put(first.id, {
      name: 'First',
      url: 'https://first.example/',
      capFallbackOfferId: first.id,
    });
    expect(itself.status).toBe(400);
    expect(errorFields(itself)).toEqual(['capFallbackOfferId']);
    expect((await kit.offers.get(first.id)).json()).toMatchObject({ capFallbackOfferId: null });
  });
});
