import { describe, expect, it } from 'vitest';
import { AGENTS, FR_IP, US_MOBILE_IP, useClickServer, type Visit } from '../../../test-support/clicks.ts';

// The newer flow criteria through the real click endpoint: saved by the API, compiled into the routing
// table, read from real requests.

const server = useClickServer();
const { visit, ruleCampaign, destination } = server;

describe('click routing by the newer criteria', () => {
  it('decides on the newer criteria: continent, versions, brand, network kind, referrer domain, parameters, headers and zoned time', async () => {
    const hitAndMiss = async (criterion: Parameters<typeof ruleCampaign>[0], hit: Visit, miss: Visit) => {
      const campaign = await ruleCampaign(criterion);
      expect(await destination(campaign, hit), `${criterion.type} hit`).toBe('hit');
      expect(await destination(campaign, miss), `${criterion.type} miss`).toBe('miss');
    };
    await hitAndMiss({ type: 'continent', values: ['EU'] }, { ip: FR_IP }, { ip: US_MOBILE_IP });
    await hitAndMiss(
      { type: 'os_version', values: ['iOS >= 17.4'] },
      { userAgent: AGENTS.iPhone },
      { userAgent: AGENTS.android },
    );
    await hitAndMiss(
      { type: 'browser_version', values: ['Chrome 120-126'] },
      { userAgent: AGENTS.windows },
      { userAgent: AGENTS.android },
    );
    await hitAndMiss(
      { type: 'brand', values: ['samsung'] },
      { userAgent: AGENTS.android },
      { userAgent: AGENTS.windows },
    );
    await hitAndMiss({ type: 'network_kind', values: ['hosting'] }, { ip: '8.8.8.8' }, { ip: FR_IP });
    await hitAndMiss(
      { type: 'referrer_domain', values: ['example.com'] },
      { referrer: 'https://news.example.com/a' },
      { referrer: 'https://badexample.com/a' },
    );
    await hitAndMiss(
      { type: 'param', name: 'zone', operator: 'equals', values: ['z-1'] },
      { query: 'zone=z-1' },
      { query: 'zone=z-2' },
    );
    await hitAndMiss(
      { type: 'header', name: 'X-Requested-With', operator: 'exists', values: [] },
      { headers: { 'x-requested-with': 'com.example.app' } },
      {},
    );
    // The clock reads Wednesday 10:30 UTC, 19:30 in Tokyo: the criterion's zone decides, not the tracker's.
    const tokyo = await ruleCampaign({
      type: 'time_of_day',
      timezone: 'Asia/Tokyo',
      values: ['19:00-20:00'],
    });
    expect(await destination(tokyo)).toBe('hit');
    const utc = await ruleCampaign({ type: 'time_of_day', values: ['19:00-20:00'] });
    expect(await destination(utc)).toBe('miss');
    const inTrackerZone = await ruleCampaign({ type: 'time_of_day', values: ['10:00-11:00'] });
    expect(await destination(inTrackerZone)).toBe('hit');

    // The test clicker says which criteria made its rule match.
    const test = await server.browser.post('/api/tracking/test_click', {
      campaignKey: tokyo.key,
      ip: FR_IP,
      userAgent: AGENTS.windows,
    });
    expect(test.json<{ rule: string; ruleCriteria: string[] }>()).toMatchObject({
      rule: 'the rule',
      ruleCriteria: ['Time of day is one of 19:00-20:00 (Asia/Tokyo)'],
    });
    const none = await server.browser.post('/api/tracking/test_click', { campaignKey: utc.key, ip: FR_IP });
    expect(none.json<{ ruleCriteria: string[] }>().ruleCriteria).toEqual([]);

    // The test clicker sends the headers it is given, so header rules can be tried there too.
    const app = await ruleCampaign({
      type: 'header',
      name: 'X-Requested-With',
      operator: 'exists',
      values: [],
    });
    const asApp = await server.browser.post('/api/tracking/test_click', {
      campaignKey: app.key,
      headers: 'X-Requested-With: com.example.app\nnot a header',
    });
    expect(asApp.json<{ ruleCriteria: string[] }>().ruleCriteria).toEqual(['Header x-requested-with exists']);
    const plain = await server.browser.post('/api/tracking/test_click', { campaignKey: app.key });
    expect(plain.json<{ rule: string }>().rule).toBe('Default paths');
  });

  it('sends a visitor down a rule asking for visitors unique for its paths once per window, by cookie or memory', async () => {
    const campaign = await ruleCampaign({ type: 'unique_path', values: ['unique'] });
    const visitor = { ip: '198.51.100.77' };
    const first = await visit(`/click?key=${campaign.key}`, visitor);
    expect(new URL(first.headers.get('location') ?? '').host).toBe('hit.example');
    const cookies = first.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
    const ruleCookie = cookies.find((cookie) => cookie.startsWith(`cairn_u${campaign.id}r0=`));
    expect(ruleCookie).toBeDefined();
    // Without cookies the node's memory knows the visitor; with the cookie, any address does.
    expect(await destination(campaign, visitor)).toBe('miss');
    expect(await destination(campaign, { ip: '198.51.100.78', cookie: ruleCookie })).toBe('miss');
    expect(await destination(campaign, { ip: '198.51.100.79' })).toBe('hit');
  });
});
