import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { type ClickHouseClient, createClient } from '@clickhouse/client';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { databaseUrl, freshDatabaseName } from '../../test-support/clickhouse.ts';
import { kindClient } from '../../test-support/entities.ts';
import { type TestPostgres, testPostgres } from '../../test-support/postgres.ts';
import {
  killNode,
  type NodeProcess,
  type NodeSettings,
  startNode,
  stopNode,
} from '../../test-support/processes.ts';
import { TestBrowser, tempDir } from '../../test-support/server.ts';
import { describeOnSharedStores } from '../../test-support/sharedStores.ts';

// Scale-out as it runs: two `cairn start` processes on one PostgreSQL (configuration) and one ClickHouse
// (events), sharing the master key, each with its own data dir, port, node id and click journal. A change
// made on one node routes the other's clicks; the clicks of both are in one report; and a node killed
// with `kill -9` under load loses no click it answered: after it restarts, every answered click id is in
// the event store exactly once.

const PASSWORD = 'scale-out-Password-73';
const running: ChildProcess[] = [];

interface Routed {
  clickId: string;
  location: string;
}

/** One click on a node: where it was sent and its click id, or null when the node did not route it. */
async function clickOn(node: NodeProcess, key: string): Promise<Routed | null> {
  const response = await fetch(`${node.url}/click?key=${key}`, { redirect: 'manual' });
  await response.arrayBuffer();
  const location = response.headers.get('location');
  if (response.status !== 302 || !location?.startsWith('https://offer.example/')) return null;
  return { location, clickId: new URL(location).searchParams.get('c') ?? '' };
}

describeOnSharedStores('two Cairn processes on PostgreSQL and ClickHouse', (eventsUrl) => {
  const database = freshDatabaseName();
  let config: TestPostgres;
  let clickhouse: ClickHouseClient;
  let settings: [NodeSettings, NodeSettings];
  let nodes: [NodeProcess, NodeProcess];
  let panel: TestBrowser;
  let offerId = 0;

  beforeAll(async () => {
    config = testPostgres();
    const secretKey = crypto.randomBytes(32).toString('base64');
    const node = (nodeId: string): NodeSettings => ({
      dataDir: tempDir(`cairn-${nodeId}-`),
      nodeId,
      configDb: config.url,
      eventsDb: databaseUrl(eventsUrl, database),
      secretKey,
      adminPassword: PASSWORD,
    });
    settings = [node('node-a'), node('node-b')];
    // One after the other: the second finds the schemas made and the installation's key in place.
    const a = await startNode(settings[0], running);
    nodes = [a, await startNode(settings[1], running)];
    clickhouse = createClient({ url: eventsUrl, database });
    // ReplacingMergeTree would fold an event stored twice in a background merge and hide it from the
    // count; with merges stopped on this test's table, a double stays visible.
    await clickhouse.command({ query: 'SYSTEM STOP MERGES events' });
    panel = new TestBrowser(a.url);
    expect((await panel.signIn('admin', PASSWORD)).status).toBe(200);
    const offer = await kindClient(panel, 'offer').make({
      name: 'shared offer',
      url: 'https://offer.example/first?c={clickid}',
    });
    offerId = offer.id;
  }, 120_000);
  afterAll(async () => {
    for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await clickhouse?.close();
    const admin = createClient({ url: eventsUrl });
    await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
    await admin.close();
    await config?.dispose();
  });

  /** A campaign made on node A, once node B routes it. */
  async function campaignOnBoth(name: string): Promise<{ id: number; key: string }> {
    const campaign = await kindClient(panel, 'campaign').make<{ key: string }>({
      name,
      flow: { defaultPaths: [{ offers: [{ offerId }] }] },
    });
    await vi.waitFor(async () => expect(await clickOn(nodes[1], campaign.key)).not.toBeNull(), {
      timeout: 10_000,
      interval: 20,
    });
    return campaign;
  }

  it('routes on node B what is made and changed on node A', async ({ annotate }) => {
    const made = Date.now();
    const campaign = await campaignOnBoth('made on a');
    const routedAfter = Date.now() - made;

    const offers = kindClient(panel, 'offer');
    const changed = Date.now();
    const put = await offers.put(offerId, {
      name: 'shared offer',
      url: 'https://offer.example/second?c={clickid}',
    });
    expect(put.status).toBe(200);
    await vi.waitFor(
      async () =>
        expect((await clickOn(nodes[1], campaign.key))?.location).toMatch(
          /^https:\/\/offer\.example\/second\?/,
        ),
      { timeout: 10_000, interval: 20 },
    );
    await annotate(
      `node B routed a new campaign ${routedAfter} ms and an offer change ${Date.now() - changed} ms after node A answered`,
    );
  });

  it('counts the clicks of both nodes in one report, on either node', async () => {
    const campaign = await campaignOnBoth('counted on both');
    const answered = new Set<string>();
    for (let n = 0; n < 30; n += 1) {
      const routed = await clickOn(nodes[n % 3 === 0 ? 1 : 0], campaign.key);
      if (routed) answered.add(routed.clickId);
    }
    // The clicks campaignOnBoth sent to node B while it waited count too.
    const onB = new TestBrowser(nodes[1].url);
    for (const [name, value] of panel.cookies) onB.cookies.set(name, value);
    const report = async (browser: TestBrowser) =>
      (
        await browser.get(`/api/report?groupBy=campaign&preset=all_time&filter%5Bcampaign%5D=${campaign.id}`)
      ).json<{ rows: { value: number; metrics: { clicks: number } }[] }>();
    const stored = async () => {
      const result = await clickhouse.query({
        query: `SELECT count() AS n FROM events WHERE kind = 1 AND campaign_id = ${campaign.id}`,
        format: 'JSONEachRow',
      });
      return Number((await result.json<{ n: string }>())[0]?.n);
    };
    // Every answered click, and the one of node B's that showed it routed the campaign.
    const total = answered.size + 1;
    await vi.waitFor(async () => expect(await stored()).toBe(total), { timeout: 30_000, interval: 100 });
    for (const browser of [panel, onB]) {
      expect((await report(browser)).rows).toEqual([
        expect.objectContaining({
          value: campaign.id,
          metrics: expect.objectContaining({ clicks: total }),
        }),
      ]);
    }
  });

  it('loses no answered click when a node is killed with kill -9 under load', {
    timeout: 180_000,
  }, async () => {
    const campaign = await campaignOnBoth('killed under load');
    const answered: string[] = [];
    let stop = false;
    const worker = (node: NodeProcess) => async () => {
      while (!stop) {
        try {
          const routed = await clickOn(node, campaign.key);
          if (routed) answered.push(routed.clickId);
        } catch {
          // The node is gone: what had no answer was never promised.
          if (node === nodes[1]) return;
        }
      }
    };
    const workers = [nodes[0], nodes[0], nodes[0], nodes[1], nodes[1], nodes[1]].flatMap((node) => [
      worker(node)(),
      worker(node)(),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await killNode(nodes[1]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop = true;
    await Promise.all(workers);
    expect(answered.length).toBeGreaterThan(100);

    // The same data dir and node id: the restarted node replays what its journal holds.
    nodes[1] = await startNode(settings[1], running);
    const stored = async () => {
      const result = await clickhouse.query({
        query: `SELECT click_id, count() AS n FROM events WHERE kind = 1 AND campaign_id = ${campaign.id} GROUP BY click_id`,
        format: 'JSONEachRow',
      });
      const rows = await result.json<{ click_id: string; n: string }>();
      return new Map(rows.map((row) => [row.click_id, Number(row.n)]));
    };
    await vi.waitFor(
      async () => {
        const found = await stored();
        expect(answered.filter((id) => !found.has(id))).toEqual([]);
      },
      { timeout: 60_000, interval: 250 },
    );
    // Both nodes stopped cleanly (each flushes its journal): then nothing may be there twice.
    await Promise.all(nodes.map(stopNode));
    const found = await stored();
    expect(answered.filter((id) => !found.has(id))).toEqual([]);
    expect([...found].filter(([, n]) => n > 1)).toEqual([]);
  });
});
