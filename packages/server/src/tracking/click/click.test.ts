import type { Campaign } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { AGENTS, campaignInput, FR_IP, US_MOBILE_IP, useClickServer } from '../../../test-support/clicks.ts';
import { kindClient } from '../../../test-support/entities.ts';
import { clickTimeOf } from '../../events/clickId.ts';
import { isValidLpKey } from './lpProtect.ts';

const server = useClickServer();
const { visit, makeCampaign, ruleCampaign, destination } = server;

describe('click routing by rule criteria', () => {
  const enrich = (ip: string, userAgent = AGENTS.windows) =>
    server.cairn.tracking.enricher.enrich({ ip, userAgent, acceptLanguage: '', referrer: '' });

  it('decides on geography and network from the shipped databases', async () => {
    const fr = enrich(FR_IP);
    expect(fr.countryCode).toBe('FR');
    const country = await ruleCampaign({ type: 'country', values: ['FR'] });
    expect(await destination(country, { ip: FR_IP })).toBe('hit');
    expect(await destination(country, { ip: US_MOBILE_IP })).toBe('miss');

    for (const [type, value] of [
      ['region', fr.region],
      ['city', fr.city],
      ['isp', fr.isp.slice(0, 4)],
    ] as const) {
      expect(value, `${type} of ${FR_IP}`).not.toBe('');
      const campaign = await ruleCampaign({ type, values: [value] });
      expect(await destination(campaign, { ip: FR_IP }), type).toBe('hit');
      expect(await destination(campaign, { ip: '8.8.8.8' }), type).toBe('miss');
    }

    const mobile = enrich(US_MOBILE_IP, AGENTS.iPhone);
    expect(mobile.connectionType).toBe('cellular');
    const connection = await ruleCampaign({ type: 'connection_type', values: ['cellular'] });
    expect(await destination(connection, { ip: US_MOBILE_IP, userAgent: AGENTS.iPhone })).toBe('hit');
    expect(await destination(connection, { ip: FR_IP })).toBe('miss');

    const ip = await ruleCampaign({ type: 'ip', values: ['212.27.48.0/24'] });
    expect(await destination(ip, { ip: FR_IP })).toBe('hit');
    expect(await destination(ip, { ip: '212.27.49.10' })).toBe('miss');
  });

  it('decides on device, system, browser, bot and user agent from real user-agent strings', async () => {
    const device = await ruleCampaign({ type: 'device_type', values: ['mobile'] });
    expect(await destination(device, { userAgent: AGENTS.android })).toBe('hit');
    expect(await destination(device, { userAgent: AGENTS.windows })).toBe('miss');

    const os = await ruleCampaign({ type: 'os', values: ['iOS'] });
    expect(await destination(os, { userAgent: AGENTS.iPhone })).toBe('hit');
    expect(await destination(os, { userAgent: AGENTS.android })).toBe('miss');

    const browserRule = await ruleCampaign({ type: 'browser', values: ['Chrome'] });
    expect(await destination(browserRule, { userAgent: AGENTS.windows })).toBe('hit');
    expect(await destination(browserRule, { userAgent: AGENTS.iPhone })).toBe('miss');

    const bot = await ruleCampaign({ type: 'bot', values: ['bot'] });
    expect(await destination(bot, { userAgent: AGENTS.googlebot })).toBe('hit');
    expect(await destination(bot, { userAgent: AGENTS.windows })).toBe('miss');

    const agent = await ruleCampaign({ type: 'user_agent', values: ['SM-S901B'] });
    expect(await destination(agent, { userAgent: AGENTS.android })).toBe('hit');
    expect(await destination(agent, { userAgent: AGENTS.iPhone })).toBe('miss');
  });

  it('decides on language, referrer, tokens, time and uniqueness', async () => {
    const language = await ruleCampaign({ type: 'language', values: ['pt'] });
    expect(await destination(language, { language: 'pt-BR,pt;q=0.9,en;q=0.5' })).toBe('hit');
    expect(await destination(language, { language: 'en-US,en;q=0.9' })).toBe('miss');

    const referrer = await ruleCampaign({ type: 'referrer', values: ['news.example'] });
    expect(await destination(referrer, { referrer: 'https://www.news.example/a?b=1' })).toBe('hit');
    expect(await destination(referrer, { referrer: 'https://other.example/' })).toBe('miss');

    const token = await ruleCampaign({ type: 'token', tokenIndex: 2, values: ['zone-7'] });
    expect(await destination(token, { query: 't2=zone-7' })).toBe('hit');
    expect(await destination(token, { query: 't2=zone-8' })).toBe('miss');

    const day = await ruleCampaign({ type: 'day_of_week', values: ['wed'] });
    expect(await destination(day)).toBe('hit');
    const hour = await ruleCampaign({ type: 'hour', values: ['10'] });
    expect(await destination(hour)).toBe('hit');
    const otherHour = await ruleCampaign({ type: 'hour', values: ['11'] });
    expect(await destination(otherHour)).toBe('miss');

    const unique = await ruleCampaign({ type: 'unique', values: ['unique'] });
    const visitor = { ip: '203.0.113.77', userAgent: 'Unique-Test/1.0 (Windows NT 10.0)' };
    expect(await destination(unique, visitor)).toBe('hit');
    expect(await destination(unique, visitor)).toBe('miss');
  });
});

describe('click engine', () => {
  it('splits clicks by weight within statistical tolerance and skips paused parts', async () => {
    const third = (await server.offers.make({ name: 'third', url: 'https://third.example/' })).id;
    const campaign = await makeCampaign({
      flow: {
        defaultPaths: [
          { weight: 75, offers: [{ offerId: server.hitOffer }] },
          {
            weight: 25,
            offers: [
              { offerId: server.missOffer, weight: 1 },
              { offerId: third, paused: true },
            ],
          },
          { weight: 500, paused: true, offers: [{ offerId: third }] },
        ],
      },
    });
    const counts = new Map<number, number>();
    const { engine } = server.cairn.tracking;
    for (let i = 0; i < 10_000; i += 1) {
      const result = engine.click(
        {
          query: new URLSearchParams({ key: campaign.key }),
          ip: `198.51.100.${i % 250}`,
          userAgent: AGENTS.windows,
          acceptLanguage: '',
          referrer: '',
          cookies: {},
          now: server.clock.now(),
        },
        { dryRun: true },
      );
      if (result.kind !== 'routed') throw new Error(result.reason);
      counts.set(result.event.offerId, (counts.get(result.event.offerId) ?? 0) + 1);
    }
    // 75% of 10 000 has a standard deviation of ~43; 5 of them is far outside chance.
    expect(Math.abs((counts.get(server.hitOffer) ?? 0) - 7500)).toBeLessThan(220);
    expect((counts.get(server.hitOffer) ?? 0) + (counts.get(server.missOffer) ?? 0)).toBe(10_000);
    expect(counts.get(third)).toBeUndefined();
  });

  it('fills macros URL-encoded and records the click with its tokens and cost', async () => {
    const source = await kindClient(server.browser, 'traffic_source').make({
      name: 'macro-source',
      externalId: { parameter: 'cid', placeholder: '{clickid}' },
      tokens: [{ parameter: 'zone', placeholder: '{zone}', name: 'Zone' }],
    });
    const offer = await server.offers.make({
      name: 'macro offer',
      url: 'https://macro.example/?id={clickid}&z={t1}&ext={externalid}&cc={country_code}&ua={os_name}',
    });
    const campaign = await makeCampaign({
      trafficSourceId: source.id,
      costModel: 'cpc',
      costMicros: 25_000,
      flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
    });
    const response = await visit(`/click?key=${campaign.key}&zone=a%26b%3Dc%20%3Cx%3E&cid=ext-1`);
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('z')).toBe('a&b=c <x>');
    expect(location.search).toContain('z=a%26b%3Dc%20%3Cx%3E');
    expect(location.searchParams.get('ext')).toBe('ext-1');
    expect(location.searchParams.get('cc')).toBe('FR');
    const clickId = location.searchParams.get('id') ?? '';
    await server.cairn.tracking.recorder.flushNow();
    const rows = await server.cairn.events.query<{
      t1: string;
      external_id: string;
      cost_micros: number;
      country: string;
    }>('SELECT t1, external_id, cost_micros, country FROM events WHERE click_id = $1', [clickId]);
    expect(rows.map((row) => ({ ...row, cost_micros: Number(row.cost_micros) }))).toEqual([
      { t1: 'a&b=c <x>', external_id: 'ext-1', cost_micros: 25_000, country: 'FR' },
    ]);
  });

  it('records a visitor whose network has a 4-byte AS number past 2^31, not sends them to the fallback', async () => {
    // The shipped ASN data maps 103.138.210.0/24 to AS4294967294 (a private-use number). A signed 32-bit
    // column refused it, so every click from there went to the 404 page and was never recorded.
    const ip = '103.138.210.7';
    expect(
      server.cairn.tracking.enricher.enrich({ ip, userAgent: '', acceptLanguage: '', referrer: '' }).asn,
    ).toBe(4_294_967_294);
    const campaign = await makeCampaign({
      flow: { defaultPaths: [{ offers: [{ offerId: server.hitOffer }] }] },
    });
    const response = await visit(`/click?key=${campaign.key}`, { ip });
    expect(response.status).toBe(302);
    const clickId = new URL(response.headers.get('location') ?? '').searchParams.get('c') ?? '';
    await server.cairn.tracking.recorder.flushNow();
    const rows = await server.cairn.events.query<{ asn: number }>(
      'SELECT asn FROM events WHERE click_id = $1',
      [clickId],
    );
    expect(rows.map((row) => Number(row.asn))).toEqual([4_294_967_294]);
  });

  it("reads each token from its source's parameter, else t<n>, the first value of a repeated one, on clicks and test clicks", async () => {
    const source = await kindClient(server.browser, 'traffic_source').make({
      name: 'token-source',
      tokens: [
        { parameter: 'zone', placeholder: '{zone}', name: 'Zone' },
        { parameter: 'site', placeholder: '{site}', name: 'Site' },
      ],
    });
    const campaign = await makeCampaign({
      trafficSourceId: source.id,
      flow: { defaultPaths: [{ offers: [{ offerId: server.hitOffer }] }] },
    });
    // t1 and t2 read zone and site, so t1= itself is no token; t3 is read as itself.
    const query = `zone=z1&t1=not-a-token&site=${'s'.repeat(300)}&t3=third&zone=z2&t30=last&other=x`;
    const expected = ['z1', 's'.repeat(256), 'third', ...Array(26).fill(''), 'last'];
    const response = await visit(`/click?key=${campaign.key}&${query}`);
    const clickId = new URL(response.headers.get('location') ?? '').searchParams.get('c') ?? '';
    await server.cairn.tracking.recorder.flushNow();
    expect((await server.cairn.events.findClick(clickId, clickTimeOf(clickId) as number))?.tokens).toEqual(
      expected,
    );

    const test = await server.browser.post('/api/tracking/test_click', { campaignKey: campaign.key, query });
    expect(test.status).toBe(200);
    expect(test.json<{ facts: { tokens: string } }>().facts.tokens).toBe(
      expected
        .map((value, index) => (value ? `t${index + 1}=${value}` : ''))
        .filter(Boolean)
        .join(' '),
    );
  });

  it("charges what the source reports with auto cost, to the micro, else the campaign's cost", async () => {
    const source = await kindClient(server.browser, 'traffic_source').make({
      name: 'cost-source',
      cost: { parameter: 'cost', placeholder: '{cost}' },
    });
    const flow = { defaultPaths: [{ offers: [{ offerId: server.hitOffer }] }] };
    const auto = await makeCampaign({
      trafficSourceId: source.id,
      costModel: 'cpc',
      costMicros: 20_000,
      costAuto: true,
      flow,
    });
    const cpm = await makeCampaign({
      trafficSourceId: source.id,
      costModel: 'cpm',
      costMicros: 2_000_000,
      flow,
    });
    const costOf = async (campaign: Campaign, query: string): Promise<number> => {
      const response = await visit(`/click?key=${campaign.key}${query}`);
      const clickId = new URL(response.headers.get('location') ?? '').searchParams.get('c');
      await server.cairn.tracking.recorder.flushNow();
      const rows = await server.cairn.events.query<{ cost_micros: number }>(
        'SELECT cost_micros FROM events WHERE click_id = $1',
        [clickId],
      );
      return Number(rows[0]?.cost_micros);
    };
    expect(await costOf(auto, '&cost=0.0125')).toBe(12_500);
    // Push and pop traffic bills fractions of a micro-unit: rounded, not swapped for the campaign's cost.
    expect(await costOf(auto, '&cost=0.0004567')).toBe(457);
    expect(await costOf(auto, '&cost=%7Bcost%7D')).toBe(20_000);
    expect(await costOf(auto, '&cost=abc')).toBe(20_000);
    expect(await costOf(auto, '')).toBe(20_000);
    // Not auto: a thousandth of the CPM whatever the source says.
    expect(await costOf(cpm, '&cost=0.5')).toBe(2_000);
    // A source that loses a fifth of what it bills: the clicks that arrive carry the rest's cost too.
    const lossy = await kindClient(server.browser, 'traffic_source').make({
      name: 'lossy',
      trafficLossPercent: 20,
    });
    const paid = await makeCampaign({
      trafficSourceId: lossy.id,
      costModel: 'cpc',
      costMicros: 20_000,
      flow,
    });
    expect(await costOf(paid, '')).toBe(25_000);
  });

  it('forgets uniqueness when the campaign window has passed', async () => {
    const campaign = await ruleCampaign({ type: 'unique', values: ['unique'] });
    await server.campaigns.put(campaign.id, { ...campaignInput(campaign), uniquenessHours: 1 });
    await server.cairn.tracking.table.settled();
    const visitor = { ip: '203.0.113.90', userAgent: 'Window-Test/2.0' };
    expect(await destination(campaign, visitor)).toBe('hit');
    expect(await destination(campaign, visitor)).toBe('miss');
    server.clock.advance(61 * 60 * 1000);
    expect(await destination(campaign, visitor)).toBe('hit');
  });

  it('sends the visitors of a protected lander a key its code can check, and no key to others', async () => {
    const landers = kindClient(server.browser, 'landing');
    const protectedLander = await landers.make<{ lpProtectKey: string }>({
      name: 'protected',
      url: 'https://lp.example/protected?c={clickid}',
      lpProtect: true,
    });
    const placing = await landers.make<{ lpProtectKey: string }>({
      name: 'placing',
      url: 'https://lp.example/placing?k={lp_key}',
      lpProtect: true,
    });
    const open = await landers.make({ name: 'open', url: 'https://lp.example/open?k={lp_key}' });
    const landerUrl = async (landingId: number) => {
      const campaign = await makeCampaign({
        flow: { defaultPaths: [{ landers: [{ landingId }], offers: [{ offerId: server.hitOffer }] }] },
      });
      return new URL((await visit(`/click?key=${campaign.key}`)).headers.get('location') ?? '');
    };

    const sent = await landerUrl(protectedLander.id);
    const key = sent.searchParams.get('lpkey') ?? '';
    expect(key.split('.')[0]).toBe(sent.searchParams.get('c'));
    expect(isValidLpKey(protectedLander.lpProtectKey, key, server.clock.now())).toBe(true);
    expect(isValidLpKey(placing.lpProtectKey, key, server.clock.now())).toBe(false);

    const placed = await landerUrl(placing.id);
    expect(placed.searchParams.has('lpkey')).toBe(false);
    expect(isValidLpKey(placing.lpProtectKey, placed.searchParams.get('k') ?? '', server.clock.now())).toBe(
      true,
    );

    const unprotected = await landerUrl(open.id);
    expect(unprotected.search).toBe('?k=');
  });

  it('takes the lander click-through to the offer by click id and by cookie', async () => {
    const lander = await kindClient(server.browser, 'landing').make({
      name: 'lp',
      url: 'https://lp.example/?c={clickid}',
    });
    const second = await server.offers.make({ name: 'second', url: 'https://second.example/?c={clickid}' });
    const campaign = await makeCampaign({
      flow: {
        defaultPaths: [
          {
            landers: [{ landingId: lander.id }],
            offers: [{ offerId: server.hitOffer }, { offerId: second.id, weight: 1 }],
          },
        ],
      },
    });
    const entry = await visit(`/click?key=${campaign.key}`);
    const toLander = new URL(entry.headers.get('location') ?? '');
    expect(toLander.host).toBe('lp.example');
    const clickId = toLander.searchParams.get('c') ?? '';
    const cookie = entry.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(cookie).toContain(`cairn_click=${clickId}`);

    const byParam = await visit(`/click?lp=1&clickid=${clickId}&to_offer=2`);
    expect(byParam.status).toBe(302);
    expect(byParam.headers.get('location')).toBe(`https://second.example/?c=${clickId}`);
    const byCookie = await visit('/click?lp=1&to_offer=1', { cookie });
    expect(byCookie.headers.get('location')).toBe(`https://hit.example/?c=${clickId}`);
    const unknown = await visit('/click?lp=1&clickid=00000000000000000000000');
    expect(unknown.status).toBe(404);

    await server.cairn.tracking.recorder.flushNow();
    const rows = await server.cairn.events.query<{ kind: number; n: number }>(
      'SELECT kind, count(*) AS n FROM events WHERE click_id = $1 GROUP BY kind ORDER BY kind',
      [clickId],
    );
    expect(rows.map((row) => [Number(row.kind), Number(row.n)])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('sends unknown and paused campaigns to the fallback', async () => {
    expect((await visit('/click?key=doesnotexist')).status).toBe(404);
    expect((await visit('/click')).status).toBe(404);
    const paused = await makeCampaign({
      status: 'paused',
      flow: { defaultPaths: [{ offers: [{ offerId: server.hitOffer }] }] },
    });
    expect((await visit(`/click?key=${paused.key}`)).status).toBe(404);
  });
});
