import type { Campaign, FlowCriterion } from '@cairn/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RunningCairn } from '../src/index.ts';
import type { ClickFacts } from '../src/tracking/routing/evaluate.ts';
import { type KindClient, kindClient, signedInAdmin } from './entities.ts';
import { Clock, type TestBrowser } from './server.ts';

// The click engine on the real server: real routing table, real enrichment databases, real journal.
// Visitors' addresses arrive through X-Forwarded-For (the server trusts one proxy hop here).

export const AGENTS = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};
export const FR_IP = '212.27.48.10';
export const US_MOBILE_IP = '174.192.0.1';

export interface Visit {
  ip?: string;
  userAgent?: string;
  language?: string;
  referrer?: string;
  query?: string;
  cookie?: string;
  /** Further request headers. */
  headers?: Record<string, string>;
}

export interface ClickServer {
  cairn: RunningCairn;
  browser: TestBrowser;
  campaigns: KindClient;
  offers: KindClient;
  /** The offers a rule campaign sends matching clicks to, and the rest. */
  hitOffer: number;
  missOffer: number;
  clock: Clock;
  visit(path: string, visitor?: Visit): Promise<Response>;
  /** The API answers a write once this node's routing table holds it, so no wait for the table here. */
  makeCampaign(body: Record<string, unknown>): Promise<Campaign>;
  /** A campaign whose one rule sends matching clicks to "hit" and the rest to "miss". */
  ruleCampaign(criterion: Partial<FlowCriterion> & { type: string; values: string[] }): Promise<Campaign>;
  /** The first label of the host a click on the campaign is redirected to. */
  destination(campaign: Campaign, visitor?: Visit): Promise<string>;
}

/** A signed-in Cairn for the file's tests, started before them and closed after. */
export function useClickServer(): ClickServer {
  const server = { clock: new Clock('2026-03-04T10:30:00.000Z') } as ClickServer; // a Wednesday
  beforeAll(async () => {
    ({ cairn: server.cairn, browser: server.browser } = await signedInAdmin({
      trustProxy: true,
      now: server.clock.now,
    }));
    server.campaigns = kindClient(server.browser, 'campaign');
    server.offers = kindClient(server.browser, 'offer');
    server.hitOffer = (await server.offers.make({ name: 'hit', url: 'https://hit.example/?c={clickid}' })).id;
    server.missOffer = (
      await server.offers.make({ name: 'miss', url: 'https://miss.example/?c={clickid}' })
    ).id;
  });
  afterAll(async () => {
    await server.cairn.close();
  });
  server.visit = async (path, visitor = {}) => {
    const headers: Record<string, string> = {
      'x-forwarded-for': visitor.ip ?? FR_IP,
      'user-agent': visitor.userAgent ?? AGENTS.windows,
    };
    if (visitor.language) headers['accept-language'] = visitor.language;
    if (visitor.referrer) headers.referer = visitor.referrer;
    if (visitor.cookie) headers.cookie = visitor.cookie;
    Object.assign(headers, visitor.headers);
    const response = await fetch(`${server.cairn.url}${path}`, { headers, redirect: 'manual' });
    await response.arrayBuffer();
    return response;
  };
  server.makeCampaign = (body) => server.campaigns.make<Campaign>({ name: `c-${Math.random()}`, ...body });
  server.ruleCampaign = (criterion) =>
    server.makeCampaign({
      flow: {
        defaultPaths: [{ offers: [{ offerId: server.missOffer }] }],
        rules: [
          { name: 'the rule', criteria: [criterion], paths: [{ offers: [{ offerId: server.hitOffer }] }] },
        ],
      },
    });
  server.destination = async (campaign, visitor = {}) => {
    const response = await server.visit(
      `/click?key=${campaign.key}${visitor.query ? `&${visitor.query}` : ''}`,
      visitor,
    );
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location') ?? '').host.split('.')[0] ?? '';
  };
  return server;
}

/** A campaign as read, without what the server sets itself: a body to send back with a change. */
export function campaignInput(campaign: Campaign): Record<string, unknown> {
  const { id, key, createdAt, updatedAt, archived, effectiveFlow, url, ...input } = campaign as Campaign &
    Record<string, unknown>;
  void [id, key, createdAt, updatedAt, archived, effectiveFlow, url];
  return input;
}

/** A click's routing facts: a mobile Chrome visitor from the US on a Monday afternoon, changed by `facts`. */
export const clickFactsOf = (facts: Partial<ClickFacts> = {}): ClickFacts => ({
  country: 'US',
  region: 'California',
  city: 'San Jose',
  deviceType: 'mobile',
  brand: 'Samsung',
  model: 'SM-S918B',
  os: 'Android',
  osVersion: '14',
  browser: 'Chrome',
  browserVersion: '130.0.6723.58',
  language: 'en-us',
  isp: 'Comcast Cable',
  connectionType: 'broadband',
  hosting: false,
  ip: '203.0.113.45',
  referrer: 'https://news.example.com/article',
  referrerDomain: 'news.example.com',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130',
  dayOfWeek: 'mon',
  hour: 14,
  minuteOfDay: 14 * 60 + 5,
  localTime: () => ({ dayOfWeek: 'mon', hour: 14, minuteOfDay: 14 * 60 + 5 }),
  tokens: ['zone-77', '', 'Banner'],
  query: new URLSearchParams('key=abc&zone=Z-12&sub_id=&utm_source=Push'),
  rawHeaders: ['Host', 'example.com', 'X-Requested-With', 'com.example.app', 'Accept', 'text/html'],
  unique: true,
  uniqueForRule: () => true,
  bot: false,
  ...facts,
});
