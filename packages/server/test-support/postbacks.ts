// Helpers for the conversion tests: real clicks through /click on a real server, postbacks from a given
// address (the test servers trust X-Forwarded-For), and the sums the event store holds for a click.
import type { Campaign } from '@cairn/contract';
import { expect } from 'vitest';
import type { RunningCairn } from '../src/index.ts';
import { type KindClient, kindClient, signedInAdmin } from './entities.ts';
import type { Clock, TestBrowser } from './server.ts';

export const NETWORK_IP = '203.0.113.7';

/** What a click with no conversion sums to. */
export const NO_SUMS: Sums = { events: 0, approved: 0, pending: 0, declined: 0, revenue: 0, cost: 0 };

/** A real server on the clock given (trusting X-Forwarded-For, so postbacks come from a chosen address) and its kit. */
export async function startConversionServer(
  clock: Clock,
): Promise<{ cairn: RunningCairn; kit: ConversionKit }> {
  const started = await signedInAdmin({ trustProxy: true, now: clock.now });
  return { cairn: started.cairn, kit: new ConversionKit(started.cairn, started.browser) };
}

/** The postback key the panel hands out: the `key` of `GET /api/tracking/links`' postback URL. */
export async function postbackKeyOf(browser: TestBrowser): Promise<string> {
  const links = await browser.get('/api/tracking/links');
  expect(links.status).toBe(200);
  const url = links.json<{ domains: { postbackUrl: string }[] }>().domains[0]?.postbackUrl ?? '';
  const key = new URL(url).searchParams.get('key') ?? '';
  expect(key).not.toBe('');
  return key;
}

/** `path` with `key=` added to its query (null: as it is). */
export function withPostbackKey(path: string, key: string | null): string {
  if (key === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`;
}

export interface Sums {
  events: number;
  approved: number;
  pending: number;
  declined: number;
  revenue: number;
  cost: number;
}

export class ConversionKit {
  readonly cairn: RunningCairn;
  readonly networks: KindClient;
  readonly offers: KindClient;
  readonly campaigns: KindClient;
  readonly sources: KindClient;

  constructor(cairn: RunningCairn, browser: TestBrowser) {
    this.cairn = cairn;
    this.networks = kindClient(browser, 'affiliate_network');
    this.offers = kindClient(browser, 'offer');
    this.campaigns = kindClient(browser, 'campaign');
    this.sources = kindClient(browser, 'traffic_source');
  }

  /** A campaign sending every click straight to one offer (on a network when `network` is given). */
  async campaign(
    options: {
      network?: Record<string, unknown>;
      offer?: Record<string, unknown>;
      campaign?: Record<string, unknown>;
    } = {},
  ): Promise<Campaign & { offerId: number; networkId: number | null }> {
    const networkId = options.network
      ? (await this.networks.make({ name: `n-${Math.random()}`, ...options.network })).id
      : null;
    const offer = await this.offers.make({
      name: `o-${Math.random()}`,
      url: 'https://offer.example/?c={clickid}',
      affiliateNetworkId: networkId,
      payoutMicros: 5_000_000,
      ...options.offer,
    });
    const campaign = await this.campaigns.make<Campaign>({
      name: `c-${Math.random()}`,
      flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
      ...options.campaign,
    });
    await this.cairn.tracking.table.settled();
    return { ...campaign, offerId: offer.id, networkId };
  }

  /** A real click on the campaign; resolves to its click id, read from the redirect. */
  async click(campaign: Campaign, query = ''): Promise<string> {
    const response = await fetch(`${this.cairn.url}/click?key=${campaign.key}${query ? `&${query}` : ''}`, {
      headers: {
        'x-forwarded-for': '212.27.48.10',
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
      },
      redirect: 'manual',
    });
    await response.arrayBuffer();
    expect(response.status).toBe(302);
    const clickId = new URL(response.headers.get('location') ?? '').searchParams.get('c') ?? '';
    expect(clickId).toHaveLength(23);
    return clickId;
  }

  /**
   * A postback as a network sends it: with the installation's postback key (as the panel's links carry
   * it) unless `key` says otherwise (null: none).
   */
  async postback(
    path: string,
    options: { ip?: string; method?: string; body?: string; type?: string; key?: string | null } = {},
  ): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? NETWORK_IP };
    if (options.type) headers['content-type'] = options.type;
    const key = options.key === undefined ? this.cairn.tracking.conversions.keys.current : options.key;
    const response = await fetch(`${this.cairn.url}${withPostbackKey(path, key)}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body,
      redirect: 'manual',
    });
    return { status: response.status, text: await response.text() };
  }

  /** What the event store's conversion events of a click add up to. */
  async sums(clickId: string): Promise<Sums> {
    await this.cairn.tracking.conversions.writer.idle();
    await this.cairn.tracking.recorder.flushNow();
    const [row] = await this.cairn.events.query(
      `SELECT count(*) AS events, coalesce(sum(approved), 0) AS approved, coalesce(sum(pending), 0) AS pending,
              coalesce(sum(declined), 0) AS declined, coalesce(sum(revenue_micros), 0) AS revenue,
              coalesce(sum(cost_micros), 0) AS cost
         FROM events WHERE kind = 3 AND click_id = $1`,
      [clickId],
    );
    return {
      events: Number(row?.events),
      approved: Number(row?.approved),
      pending: Number(row?.pending),
      declined: Number(row?.declined),
      revenue: Number(row?.revenue),
      cost: Number(row?.cost),
    };
  }

  /** The conversion rows the config store holds for a click. */
  async conversions(clickId: string): Promise<Record<string, unknown>[]> {
    return this.cairn.store.query('SELECT * FROM conversions WHERE click_id = $1 ORDER BY seq', [clickId]);
  }
}
