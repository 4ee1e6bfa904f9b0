import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type EntityStatsResponse, REPORT_PATHS } from '@cairn/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cairn, type StartedNode, startNode } from '../../test-support/cli.ts';
import { kindClient } from '../../test-support/entities.ts';
import { testPostgres } from '../../test-support/postgres.ts';
import { ADMIN_PASSWORD, startTestCairn, TestBrowser, tempDir } from '../../test-support/server.ts';
import { describeOnSharedStores } from '../../test-support/sharedStores.ts';

// `cairn migrate-store` end to end, as an operator runs it: an embedded installation with entities, a
// real click and conversion and `cairn seed` traffic is copied into a real PostgreSQL and ClickHouse, and
// a node started on those answers the same reports, signs the same admin in and keeps the same session.

/** The rows of a table migrate-store printed: name -> [embedded, target]. */
function printedCounts(stdout: string, names: string[]): Map<string, [number, number]> {
  const counts = new Map<string, [number, number]>();
  for (const name of names) {
    const match = new RegExp(`^ {2}${name} +([\\d,]+) +([\\d,]+)$`, 'm').exec(stdout);
    if (match) counts.set(name, [Number(match[1]?.replace(/,/g, '')), Number(match[2]?.replace(/,/g, ''))]);
  }
  return counts;
}

/** The rows migrate-store printed for `names`, each one there and copied whole: name -> [embedded, target]. */
function copiedCounts(stdout: string, names: string[]): Map<string, [number, number]> {
  const counts = printedCounts(stdout, names);
  expect([...counts.keys()]).toEqual(names);
  for (const [name, [source, target]] of counts) expect(target, name).toBe(source);
  return counts;
}

async function clickhouse(serverUrl: string, query: string): Promise<string> {
  const response = await fetch(`${serverUrl}/`, { method: 'POST', body: query });
  const text = await response.text();
  if (!response.ok) throw new Error(`ClickHouse: ${text}`);
  return text.trim();
}

/** A browser on another server holding the same cookies (the same signed-in session). */
function carried(browser: TestBrowser, url: string): TestBrowser {
  const moved = new TestBrowser(url);
  for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
  return moved;
}

const COUNTED = [
  'clicks',
  'uniqueClicks',
  'lpViews',
  'lpClicks',
  'leads',
  'leadsApproved',
  'revenue',
  'cost',
];

/** Every campaign's counted figures over the last ten days, as the campaign list shows them. */
async function campaignFigures(browser: TestBrowser): Promise<Record<string, Record<string, number>>> {
  const day = 86_400_000;
  const from = new Date(Date.now() - 10 * day).toISOString();
  const to = new Date(Date.now() + day).toISOString();
  const result = await browser.get(
    `${REPORT_PATHS.entityStats}?kind=campaign&ids=1,2,3&from=${from}&to=${to}&timezone=UTC`,
  );
  expect(result.status, result.text).toBe(200);
  const stats = result.json<EntityStatsResponse>().stats;
  return Object.fromEntries(
    Object.entries(stats).map(([id, metrics]) => [
      id,
      Object.fromEntries(COUNTED.map((name) => [name, Number(metrics[name as keyof typeof metrics])])),
    ]),
  );
}

describe('cairn migrate-store refusals', () => {
  const nowhere = ['--to-config', 'postgres://nobody@127.0.0.1:1/none', '--to-events', 'http://127.0.0.1:1'];

  it('refuses while a server holds the data directory', async () => {
    const dataDir = tempDir();
    const server = await startTestCairn({ dataDir, configDb: null });
    try {
      const refused = await cairn(['migrate-store', ...nowhere], { CAIRN_DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/in use by the Cairn server .*Stop the running Cairn first/s);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('refuses a data directory without an installation, no target, and a journal not yet stored', async () => {
    const dataDir = tempDir();
    const missing = await cairn(['migrate-store', ...nowhere], { CAIRN_DATA_DIR: dataDir });
    expect(missing.stderr).toContain(`No embedded installation in ${dataDir}`);
    expect((await cairn(['migrate'], { CAIRN_DATA_DIR: dataDir })).code).toBe(0);
    const noTarget = await cairn(['migrate-store'], { CAIRN_DATA_DIR: dataDir });
    expect(noTarget.code).toBe(1);
    expect(noTarget.stderr).toContain('Give --to-config');
    const badUrl = await cairn(['migrate-store', '--to-events', 'clickhouse:9000'], {
      CAIRN_DATA_DIR: dataDir,
    });
    expect(badUrl.stderr).toContain('--to-events takes a ClickHouse URL');

    // What a server killed mid-flush leaves: a segment with an event line after its header.
    fs.mkdirSync(path.join(dataDir, 'journal'));
    fs.writeFileSync(path.join(dataDir, 'journal', '000000000007.jsonl'), 'header\n["event"]\n');
    const journal = await cairn(['migrate-store', ...nowhere], { CAIRN_DATA_DIR: dataDir });
    expect(journal.code).toBe(1);
    expect(journal.stderr).toContain('holds events not yet in events.duckdb');
  }, 120_000);
});

describeOnSharedStores('cairn migrate-store into PostgreSQL and ClickHouse', (clickhouseUrl) => {
  const database = testPostgres();
  const eventsDb = `cairn_t_migrate_${crypto.randomBytes(4).toString('hex')}`;
  const nodes: StartedNode[] = [];
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await database.dispose();
    await clickhouse(clickhouseUrl, `DROP DATABASE IF EXISTS ${eventsDb}`);
  }, 60_000);

  it('copies every table and event, and a node on the copies reports, signs in and routes the same', async () => {
    const dataDir = tempDir();
    const env = { CAIRN_DATA_DIR: dataDir };

    // An embedded installation: entities made in the panel, a real click and its conversion.
    const embedded = await startTestCairn({ dataDir, configDb: null });
    const panel = new TestBrowser(embedded.url);
    let campaignKey = '';
    const postbackKey = embedded.tracking.conversions.keys.current;
    try {
      expect((await panel.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
      const network = await kindClient(panel, 'affiliate_network').make({ name: 'Moved network' });
      const offer = await kindClient(panel, 'offer').make({
        name: 'Moved offer',
        url: 'https://offer.example/?c={clickid}',
        affiliateNetworkId: network.id,
        payoutMicros: 7_000_000,
      });
      const campaign = await kindClient(panel, 'campaign').make<{ key: string }>({
        name: 'Moved campaign',
        flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
      });
      campaignKey = campaign.key;
      await embedded.tracking.table.settled();
      const click = await fetch(`${embedded.url}/click?key=${campaignKey}`, { redirect: 'manual' });
      expect(click.status, await click.text()).toBe(302);
      const clickId = new URL(click.headers.get('location') ?? '').searchParams.get('c');
      expect(clickId).toBeTruthy();
      const postback = await fetch(
        `${embedded.url}/postback?clickid=${clickId}&status=approved&key=${postbackKey}`,
      );
      expect(postback.status).toBe(200);
      await embedded.tracking.conversions.writer.idle();
    } finally {
      await embedded.close();
    }
    const seeded = await cairn(['seed', '--clicks', '3000', '--days', '5', '--campaigns', '2'], env);
    expect(seeded.code, seeded.stderr).toBe(0);

    // Auto-clearing takes the seeded days before the last two: their sums stay in the rollup, their
    // clicks in the cleared clicks (for late conversions).
    const before = await startTestCairn({ dataDir, configDb: null });
    let figures: Record<string, Record<string, number>>;
    let cleared: { click_id: string; campaign_id: number } | undefined;
    try {
      const counts = await before.events.clearBefore({
        before: Date.now() - 2 * 86_400_000,
        only: null,
        keep: [],
      });
      expect(counts.clicks).toBeGreaterThan(0);
      [cleared] = await before.events.query<{ click_id: string; campaign_id: number }>(
        'SELECT click_id, campaign_id FROM cleared_clicks ORDER BY click_id LIMIT 1',
      );
      figures = await campaignFigures(carried(panel, before.url));
    } finally {
      await before.close();
    }
    const sum = (name: string) => Object.values(figures).reduce((total, row) => total + (row[name] ?? 0), 0);
    expect(sum('clicks')).toBe(3001);
    expect(figures['1']?.leadsApproved).toBe(1);
    expect(cleared).toBeDefined();

    // Either store alone, then both again: the second time both targets refuse, and nothing changes.
    const toConfig = ['--to-config', database.url];
    const toEvents = ['--to-events', `${clickhouseUrl}/${eventsDb}`];
    const configOnly = await cairn(['migrate-store', ...toConfig], env);
    expect(configOnly.code, configOnly.stderr).toBe(0);
    expect(configOnly.stdout).not.toContain('Events copied');
    const tables = copiedCounts(configOnly.stdout, [
      'users',
      'sessions',
      'settings',
      'campaigns',
      'offers',
      'conversions',
      'audit_log',
      'postback_log',
    ]);
    expect(tables.get('campaigns')?.[0]).toBe(3);
    expect(tables.get('conversions')?.[0]).toBe(1);
    expect(tables.get('users')?.[0]).toBe(1);
    expect(tables.get('audit_log')?.[0]).toBeGreaterThan(0);

    const eventsOnly = await cairn(['migrate-store', ...toEvents], env);
    expect(eventsOnly.code, eventsOnly.stderr).toBe(0);
    expect(eventsOnly.stdout).not.toContain('Configuration copied');
    const kinds = copiedCounts(eventsOnly.stdout, [
      'clicks',
      'lander clicks',
      'conversion events',
      'rolled-up clicks',
      'rolled-up revenue',
      'cleared clicks kept',
    ]);
    expect((kinds.get('clicks')?.[0] ?? 0) + (kinds.get('rolled-up clicks')?.[0] ?? 0)).toBe(3001);
    expect(kinds.get('cleared clicks kept')?.[0]).toBe(kinds.get('rolled-up clicks')?.[0]);
    const events = await clickhouse(clickhouseUrl, `SELECT count() FROM ${eventsDb}.events`);

    const again = await cairn(['migrate-store', ...toConfig, ...toEvents], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The target configuration database already holds data');
    expect(again.stderr).toContain(`The target event store already holds ${events} events`);

    // A node on the copies, with the installation's key: the same answers as the embedded store gave.
    const secretKey = fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim();
    const nodeEnv = {
      CAIRN_CONFIG_DB: database.url,
      CAIRN_EVENTS_DB: `${clickhouseUrl}/${eventsDb}`,
      CAIRN_SECRET_KEY: secretKey,
    };
    const node = await startNode({ ...nodeEnv, CAIRN_DATA_DIR: tempDir() });
    nodes.push(node);
    expect(node.output()).not.toContain('First start');
    expect(node.output()).toContain(`Tracker id: ${before.trackerId}`);
    const fresh = new TestBrowser(node.url);
    expect((await fresh.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
    // The session signed in on the embedded store goes on: same sessions table, same key.
    expect(await campaignFigures(carried(panel, node.url))).toEqual(figures);
    expect(await campaignFigures(fresh)).toEqual(figures);
    // A late conversion of a cleared click finds it on the copies and counts with its campaign.
    const late = await fetch(
      `${node.url}/postback?clickid=${cleared?.click_id}&status=approved&key=${postbackKey}`,
    );
    expect(await late.text()).toBe('OK');
    await vi.waitFor(async () => {
      const after = await campaignFigures(fresh);
      const id = String(cleared?.campaign_id);
      expect(after[id]?.leadsApproved).toBe((figures[id]?.leadsApproved ?? 0) + 1);
      expect(after[id]?.clicks).toBe(figures[id]?.clicks);
    }, 30_000);
    const routed = await fetch(`${node.url}/click?key=${campaignKey}`, { redirect: 'manual' });
    expect(routed.status).toBe(302);
    expect(routed.headers.get('location')).toContain('https://offer.example/');
    // New rows get new ids: the sequences continue after the copied ones.
    const made = await kindClient(fresh, 'offer').create({ name: 'Made after', url: 'https://o.example/' });
    expect(made.status, made.text).toBe(201);
    expect(made.json<{ id: number }>().id).toBeGreaterThan(7);

    // A node with another key refuses the installation.
    const wrongKey = await cairn(['start'], {
      ...nodeEnv,
      CAIRN_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
      CAIRN_DATA_DIR: tempDir(),
      CAIRN_PORT: '0',
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain('master key');

    // A re-run over the copies replaces the configuration, keeps the events the node recorded (the
    // routed click, the late conversion), and stores no event twice.
    await node.stop();
    const rerun = await cairn(['migrate-store', ...toConfig, ...toEvents, '--allow-non-empty'], env);
    expect(rerun.code, rerun.stderr).toBe(0);
    copiedCounts(rerun.stdout, ['campaigns', 'offers']);
    const raw = kinds.get('clicks')?.[0] ?? 0;
    expect(printedCounts(rerun.stdout, ['clicks']).get('clicks')).toEqual([raw, raw + 1]);
    const rolledUp = kinds.get('rolled-up clicks') as [number, number];
    expect(printedCounts(rerun.stdout, ['rolled-up clicks']).get('rolled-up clicks')).toEqual(rolledUp);
    expect(await clickhouse(clickhouseUrl, `SELECT sum(clicks) FROM ${eventsDb}.event_rollup`)).toBe(
      String(rolledUp[0]),
    );
    expect(await clickhouse(clickhouseUrl, `SELECT count() FROM ${eventsDb}.events`)).toBe(
      String(Number(events) + 2),
    );
    const offers = await database.open();
    expect((await offers.query('SELECT name FROM offers WHERE name = $1', ['Made after'])).length).toBe(0);
  }, 240_000);
});
