import fs from 'node:fs';
import path from 'node:path';
import type { Campaign, ReadyResponse } from '@cairn/contract';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { postbackKeyOf, withPostbackKey } from '../../test-support/postbacks.ts';
import type { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

const TOKEN = 'scrape-token-of-this-test-0123456789';

let cairn: RunningCairn;
let browser: TestBrowser;
let campaign: Campaign;

beforeAll(async () => {
  const started = await signedInAdmin({ metricsToken: TOKEN });
  cairn = started.cairn;
  browser = started.browser;
  const lander = await kindClient(browser, 'landing').make({
    name: 'm lp',
    url: 'https://lp.example/?c={clickid}',
  });
  const offer = await kindClient(browser, 'offer').make({
    name: 'm offer',
    url: 'https://offer.example/?c={clickid}',
  });
  campaign = await kindClient(browser, 'campaign').make<Campaign>({
    name: 'metrics',
    flow: { defaultPaths: [{ landers: [{ landingId: lander.id }], offers: [{ offerId: offer.id }] }] },
  });
  await cairn.tracking.table.settled();
});
afterAll(async () => {
  await cairn?.close();
});

async function scrape(headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const response = await fetch(`${cairn.url}/metrics`, { headers });
  return { status: response.status, text: await response.text() };
}

/** The families of a scrape by name; every sample's value as a number. */
async function families(): Promise<Map<string, ReturnType<typeof parsePrometheusTextFormat>[number]>> {
  const { status, text } = await scrape();
  expect(status).toBe(200);
  return new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
}

function value(
  all: Awaited<ReturnType<typeof families>>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = all.get(name);
  expect(family, name).toBeDefined();
  const sample = family?.metrics.find((metric) =>
    Object.entries(labels).every(([key, wanted]) => metric.labels?.[key] === wanted),
  );
  return Number(sample?.value ?? sample?.count ?? Number.NaN);
}

async function visit(path: string): Promise<Response> {
  const response = await fetch(`${cairn.url}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  return response;
}

describe('/metrics', () => {
  it('is open to loopback scrapers and to the bearer token, and a plain 404 to anyone else', async () => {
    expect((await scrape()).status).toBe(200);
    expect(
      (await scrape({ authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '198.51.100.9' })).status,
    ).toBe(200);
    // A proxy on this machine makes every visitor a loopback client: a forwarded request is the visitor.
    const forwarded = await scrape({ 'x-forwarded-for': '198.51.100.9' });
    expect(forwarded.status).toBe(404);
    expect(forwarded.text).not.toContain('cairn_');
    expect((await scrape({ authorization: 'Bearer wrong', forwarded: 'for=198.51.100.9' })).status).toBe(404);
  });

  it('counts clicks by outcome, their redirect times, the journal and report latency', async () => {
    const before = await families();
    const routedBefore = value(before, 'cairn_clicks_total', { outcome: 'routed' });
    const landerBefore = value(before, 'cairn_clicks_total', { outcome: 'lander_click' });
    const fallbackBefore = value(before, 'cairn_clicks_total', { outcome: 'fallback' });
    const redirectsBefore = value(before, 'cairn_redirect_duration_seconds');
    const storedBefore = value(before, 'cairn_journal_stored_events_total');

    const first = await visit(`/click?key=${campaign.key}`);
    expect(first.status).toBe(302);
    const clickId = new URL(first.headers.get('location') ?? '').searchParams.get('c');
    await visit(`/click?key=${campaign.key}`);
    expect((await visit(`/click?lp=1&clickid=${clickId}`)).status).toBe(302);
    expect((await visit('/click?key=no-such-campaign')).status).toBe(404);
    await cairn.tracking.recorder.flushNow();
    expect(
      (await browser.call('GET', `/api/report?groupBy=campaign&from=2020-01-01&to=2030-01-01`)).status,
    ).toBeLessThan(500);

    const after = await families();
    expect(value(after, 'cairn_clicks_total', { outcome: 'routed' }) - routedBefore).toBe(2);
    expect(value(after, 'cairn_clicks_total', { outcome: 'lander_click' }) - landerBefore).toBe(1);
    expect(value(after, 'cairn_clicks_total', { outcome: 'fallback' }) - fallbackBefore).toBe(1);
    expect(value(after, 'cairn_redirect_duration_seconds') - redirectsBefore).toBe(3);
    expect(value(after, 'cairn_journal_stored_events_total') - storedBefore).toBe(3);
    expect(value(after, 'cairn_journal_backlog_events')).toBe(0);
    expect(value(after, 'cairn_journal_flush_duration_seconds')).toBeGreaterThan(0);
    // The parser keeps no labels on histogram samples: read the report's count from the text itself.
    expect((await scrape()).text).toContain('cairn_report_duration_seconds_count{route="/api/report"} 1');
    expect(value(after, 'cairn_s2s_outbox_rows', { state: 'pending' })).toBe(0);
    expect(value(after, 'cairn_info')).toBe(1);

    // Postbacks by the outcome they were answered with: one without the key, one recorded.
    const key = await postbackKeyOf(browser);
    expect((await visit(`/postback?clickid=${clickId}&payout=2`)).status).toBe(403);
    expect((await visit(withPostbackKey(`/postback?clickid=${clickId}&payout=2`, key))).status).toBe(200);
    const counted = await families();
    expect(value(counted, 'cairn_postbacks_total', { outcome: 'refused' })).toBe(1);
    expect(value(counted, 'cairn_postbacks_total', { outcome: 'recorded' })).toBe(1);
    expect(after.get('process_cpu_seconds_total')?.type).toBe('COUNTER');
    const buckets = after.get('cairn_redirect_duration_seconds')?.metrics[0]?.buckets ?? {};
    expect(Object.keys(buckets).length).toBeGreaterThan(5);
  });
});

describe('the sample Grafana dashboard', () => {
  it('asks only for metrics a node exposes', async () => {
    const file = path.resolve(import.meta.dirname, '../../../../deploy/grafana-dashboard.json');
    const dashboard = fs.readFileSync(file, 'utf8');
    const asked = new Set(
      [...dashboard.matchAll(/\b((?:cairn|process)_[a-z0-9_]+)/g)].map((match) =>
        (match[1] as string).replace(/_(bucket|sum|count)$/, ''),
      ),
    );
    expect(asked.size).toBeGreaterThan(8);
    const exposed = await families();
    expect([...asked].filter((name) => !exposed.has(name))).toEqual([]);
  });
});

describe('/api/ready', () => {
  it('is ready while both stores answer and the journal keeps up', async () => {
    const response = await fetch(`${cairn.url}/api/ready`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ReadyResponse;
    expect(body.status).toBe('ready');
    expect(body.checks.map((check) => [check.name, check.ok])).toEqual([
      ['config_store', true],
      ['event_store', true],
      ['journal', true],
    ]);
  });

  it('answers 503 naming the journal once events wait longer than the limit', async () => {
    const slow = await signedInAdmin({ readyMaxLagMs: 1, flushIntervalMs: 3_600_000 });
    try {
      const offer = await kindClient(slow.browser, 'offer').make({ name: 'o', url: 'https://o.example/' });
      const waiting = await kindClient(slow.browser, 'campaign').make<Campaign>({
        name: 'waiting',
        flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
      });
      await slow.cairn.tracking.table.settled();
      await fetch(`${slow.cairn.url}/click?key=${waiting.key}`, { redirect: 'manual' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = await fetch(`${slow.cairn.url}/api/ready`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as ReadyResponse;
      expect(body.status).toBe('not_ready');
      expect(body.checks.find((check) => check.name === 'journal')).toMatchObject({ ok: false });
      expect(body.checks.find((check) => check.name === 'journal')?.detail).toContain('limit 1 ms');
    } finally {
      await slow.cairn.close();
    }
  });
});
