import crypto from 'node:crypto';
import type { Campaign, OfferCapsResponse } from '@cairn/contract';
import { TRACKING_API_PATHS } from '@cairn/contract';
import { createClient } from '@clickhouse/client';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { databaseUrl, freshDatabaseName } from '../../test-support/clickhouse.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { type TestPostgres, testPostgres } from '../../test-support/postgres.ts';
import { ADMIN_PASSWORD, startTestCairn, TestBrowser } from '../../test-support/server.ts';
import { describeOnSharedStores } from '../../test-support/sharedStores.ts';
import type { RunningCairn } from '../index.ts';

// An offer's daily cap across two real servers on one PostgreSQL (configuration) and one ClickHouse
// (events): the conversions arrive on node A, and node B, which saw none of them, sends its next click
// to the fallback offer.

/** A real click on `node`: the host it was sent to and its click id. */
async function clickOn(node: RunningCairn, campaign: Campaign): Promise<{ host: string; clickId: string }> {
  const response = await fetch(`${node.url}/click?key=${campaign.key}`, {
    headers: { 'x-forwarded-for': '212.27.48.10', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' },
    redirect: 'manual',
  });
  await response.arrayBuffer();
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  return { host: location.host, clickId: location.searchParams.get('c') ?? '' };
}

describeOnSharedStores('offer caps on two nodes on PostgreSQL and ClickHouse', (eventsUrl) => {
  const database = freshDatabaseName();
  let config: TestPostgres;
  const nodes: RunningCairn[] = [];

  beforeAll(async () => {
    config = testPostgres();
    const secretKey = crypto.randomBytes(32).toString('base64');
    // The event store is chosen from the environment, as `cairn start` reads it.
    const previous = process.env.CAIRN_EVENTS_DB;
    process.env.CAIRN_EVENTS_DB = databaseUrl(eventsUrl, database);
    try {
      for (const nodeId of ['node-a', 'node-b']) {
        nodes.push(await startTestCairn({ configDb: config.url, secretKey, nodeId, trustProxy: true }));
      }
    } finally {
      if (previous === undefined) delete process.env.CAIRN_EVENTS_DB;
      else process.env.CAIRN_EVENTS_DB = previous;
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    const admin = createClient({ url: eventsUrl });
    await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
    await admin.close();
    await config?.dispose();
  });

  it("sends node B's next click to the fallback once the 5th conversion arrived on node A", async () => {
    const [a, b] = nodes as [RunningCairn, RunningCairn];
    expect(a.events.dialect).toBe('clickhouse');
    const panel = new TestBrowser(a.url);
    expect((await panel.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
    const kit = new ConversionKit(a, panel);
    const fallback = await kit.offers.make({
      name: 'Fallback',
      url: 'https://fallback.example/?c={clickid}',
    });
    const campaign = await kit.campaign({
      network: {},
      offer: { dailyCap: 5, capFallbackOfferId: fallback.id },
    });
    await vi.waitFor(() => expect(b.tracking.table.campaignByKey(campaign.key)).toBeDefined(), {
      timeout: 10_000,
    });

    for (let conversion = 1; conversion <= 5; conversion += 1) {
      const click = await clickOn(a, campaign);
      expect(click.host).toBe('offer.example');
      expect((await kit.postback(`/postback?clickid=${click.clickId}`)).text).toBe('OK');
    }
    await a.tracking.conversions.writer.idle();
    await a.tracking.recorder.flushNow();
    // Node B learns it from the event store on its own refresh; nothing tells it directly.
    await vi.waitFor(() => expect(b.tracking.caps.isCapped(campaign.offerId)).toBe(true), {
      timeout: 15_000,
      interval: 100,
    });
    expect((await clickOn(b, campaign)).host).toBe('fallback.example');

    const onB = new TestBrowser(b.url);
    for (const [name, value] of panel.cookies) onB.cookies.set(name, value);
    const states = (await onB.get(TRACKING_API_PATHS.offerCaps)).json<OfferCapsResponse>();
    expect(states.offers.find((state) => state.offerId === campaign.offerId)).toMatchObject({
      conversions: 5,
      dailyCap: 5,
      capped: true,
    });
  });
});
