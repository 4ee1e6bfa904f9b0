import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { Clock, startTestCairn, tempDir } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { DuckDbConfigStore } from '../store/config/duckdb.ts';
import { migrate } from '../store/config/migrate.ts';
import { ConvertedClicks } from './convertedClicks.ts';
import { insertConversions } from './store.ts';

const randomId = () => crypto.randomBytes(12).toString('base64url').slice(0, 23);

describe('ConvertedClicks', () => {
  it('says maybe for every click until it is loaded', () => {
    const converted = new ConvertedClicks();
    expect(converted.loaded).toBe(false);
    expect(converted.mayHave(randomId())).toBe(true);
  });

  it('never says none for a click it holds, and rarely says maybe for one it does not, as it grows', async () => {
    const converted = new ConvertedClicks();
    await converted.load({ query: async () => [] as never[] });
    const held = Array.from({ length: 300_000 }, randomId);
    for (const clickId of held) converted.add(clickId);
    expect(held.every((clickId) => converted.mayHave(clickId))).toBe(true);
    const others = Array.from({ length: 100_000 }, randomId);
    const maybes = others.filter((clickId) => converted.mayHave(clickId)).length;
    expect(maybes / others.length).toBeLessThan(0.03);
  });

  it('loads the clicks of the stored conversions, and those added while it loads', async () => {
    const store = await DuckDbConfigStore.open(path.join(tempDir(), 'cairn.duckdb'));
    try {
      await migrate(store);
      const conversion = (clickId: string) => ({
        state: {
          clickId,
          seq: 1,
          txid: null,
          status: 'approved' as const,
          networkStatus: '',
          payout: { micros: 1, currency: 'USD' },
          revenueMicros: 1,
          costMicros: 0,
          lastEventMs: 0,
          changesDay: 0,
          changesThatDay: 0,
          reportedStatuses: [],
        },
        click: {
          clickId,
          clickTime: 0,
          campaignId: 1,
          offerId: 1,
          affiliateNetworkId: 0,
          trafficSourceId: 0,
        },
      });
      const stored = Array.from({ length: 500 }, randomId);
      // Two inserts, so the table's row ids are not one run written at once.
      await insertConversions(store, stored.slice(0, 130).map(conversion) as never, 0);
      await insertConversions(store, stored.slice(130).map(conversion) as never, 0);
      const converted = new ConvertedClicks();
      // In chunks of 64 rows, so the ranges' edges are crossed.
      const loading = converted.load(store, 64);
      const during = randomId();
      converted.add(during);
      await loading;
      expect(converted.loaded).toBe(true);
      expect([...stored, during].every((clickId) => converted.mayHave(clickId))).toBe(true);
      const others = Array.from({ length: 1000 }, randomId);
      expect(others.filter((clickId) => converted.mayHave(clickId)).length).toBeLessThan(30);
    } finally {
      await store.close();
    }
  });
});

describe('the conversion writer on DuckDB', () => {
  const clock = new Clock('2026-03-04T10:30:00.000Z');
  const dataDir = tempDir();
  let cairn: RunningCairn;

  afterAll(async () => {
    await cairn.close();
  });

  it('still knows a converted click after a restart: a further postback is a duplicate', async () => {
    const started = await signedInAdmin({ trustProxy: true, now: clock.now, dataDir });
    cairn = started.cairn;
    let kit = new ConversionKit(cairn, started.browser);
    const campaign = await kit.campaign({ network: { duplicatePostbacks: 'ignore' } });
    const clickId = await kit.click(campaign);
    const fresh = await kit.click(campaign);
    expect((await kit.postback(`/postback?clickid=${clickId}&txid=t1`)).text).toBe('OK');
    await cairn.close();

    cairn = await startTestCairn({ trustProxy: true, now: clock.now, dataDir });
    kit = new ConversionKit(cairn, started.browser);
    // Loaded first, so the repeat is decided by the filter's maybe, not by a store read it would always do.
    await cairn.tracking.conversions.writer.idle();
    expect((await kit.postback(`/postback?clickid=${clickId}&txid=t2`)).text).toMatch(/^ignored: /);
    expect((await kit.postback(`/postback?clickid=${fresh}&txid=t3`)).text).toBe('OK');
    expect((await kit.conversions(clickId)).map((row) => row.txid)).toEqual(['t1']);
    expect(await kit.sums(clickId)).toMatchObject({ events: 1, approved: 1 });
    expect(await kit.sums(fresh)).toMatchObject({ events: 1, approved: 1 });
  });
});
