import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { postbackKeyOf } from '../../test-support/postbacks.ts';
import { campaignOn, killNode, startNode, stopNode } from '../../test-support/processes.ts';
import { tempDir } from '../../test-support/server.ts';
import { EVENT_KIND } from '../events/event.ts';
import { openConfigStore } from '../runtime.ts';
import { DuckDbEventStore } from '../store/events/duckdb.ts';

// `kill -9` while postbacks pour in. A postback answered OK was committed before its answer: after a
// restart on the same data dir it is one conversion, one conversion event in the event store and one
// postback log entry, whatever the kill interrupted (a group commit, the journal hand-off, its clearing).
// A postback the kill cut off may or may not have been committed, but never counts twice either.

const PASSWORD = 'postback-crash-Password-38';
const CLICKS = 1500;
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function counts(store: { query: (text: string) => Promise<Record<string, unknown>[]> }, sql: string) {
  const rows = await store.query(sql);
  return new Map(rows.map((row) => [String(row.click_id), Number(row.n)]));
}

describe('crash safety of conversions', () => {
  it('keeps every answered postback exactly once across a kill -9 under load', async () => {
    const dataDir = tempDir('cairn-postback-crash-');
    const first = await startNode({ dataDir, adminPassword: PASSWORD }, children);
    // On a network: a postback is checked against the network's rules as in production.
    const campaign = await campaignOn(first, PASSWORD, async (browser) => ({
      affiliateNetworkId: (await browser.post('/api/affiliate_network', { name: 'crash network' })).json<{
        id: number;
      }>().id,
      payoutMicros: 3_000_000,
    }));

    const key = await postbackKeyOf(campaign.browser);
    const clickIds: string[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (clickIds.length < CLICKS) {
          const response = await fetch(`${first.url}/click?key=${campaign.key}`, { redirect: 'manual' });
          const location = response.headers.get('location');
          expect(response.status).toBe(302);
          clickIds.push(new URL(location ?? '').searchParams.get('c') ?? '');
        }
      }),
    );

    const answered: string[] = [];
    let next = 0;
    let stop = false;
    const worker = async () => {
      while (!stop && next < clickIds.length) {
        const clickId = clickIds[next++] as string;
        try {
          const response = await fetch(
            `${first.url}/postback?clickid=${clickId}&txid=t-${clickId}&key=${key}`,
          );
          if (response.status === 200 && (await response.text()) === 'OK') answered.push(clickId);
        } catch {
          // The server is gone: what had no answer was never promised.
          return;
        }
      }
    };
    const workers = Array.from({ length: 24 }, worker);
    // Long enough for many group commits and some cleared hand-offs, short of running out of clicks.
    while (answered.length < 200 && next < clickIds.length) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await killNode(first);
    stop = true;
    await Promise.all(workers);
    expect(answered.length).toBeGreaterThanOrEqual(200);
    expect(next).toBeLessThan(clickIds.length);

    // The restart recovers what the kill left; a clean stop then settles everything to read the files.
    const second = await startNode({ dataDir, adminPassword: PASSWORD }, children);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await stopNode(second);

    const store = await openConfigStore(dataDir);
    const events = await DuckDbEventStore.open(path.join(dataDir, 'events.duckdb'));
    try {
      const conversions = await counts(
        store,
        'SELECT click_id, count(*) AS n FROM conversions GROUP BY click_id',
      );
      const logged = await counts(
        store,
        "SELECT click_id, count(*) AS n FROM postback_log WHERE outcome = 'recorded' GROUP BY click_id",
      );
      const stored = await counts(
        events,
        `SELECT click_id, count(*) AS n FROM events WHERE kind = ${EVENT_KIND.conversion} GROUP BY click_id`,
      );
      const once = (map: Map<string, number>, ids: Iterable<string>) =>
        [...ids].filter((id) => map.get(id) !== 1);
      expect(once(conversions, answered)).toEqual([]);
      expect(once(stored, answered)).toEqual([]);
      expect(once(logged, answered)).toEqual([]);
      // Postbacks committed but cut off before their answer count once as well, in every table.
      expect(once(stored, conversions.keys())).toEqual([]);
      expect(once(logged, conversions.keys())).toEqual([]);
      expect([...stored.keys()].filter((id) => !conversions.has(id))).toEqual([]);
      expect(await store.query('SELECT count(*) AS n FROM conversion_journal_batches')).toEqual([{ n: 0 }]);
    } finally {
      await events.close();
      await store.close();
    }
  });
});
