import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/server.ts';
import { DuckDbConfigStore } from '../store/config/duckdb.ts';
import { migrate } from '../store/config/migrate.ts';
import { FailureLedger, type Reservation } from './throttle.ts';

// The failure budgets on a real (embedded) config store; the same SQL runs on PostgreSQL, where the
// two-node sign-in test spends one budget from two nodes.
let store: DuckDbConfigStore;
beforeAll(async () => {
  store = await DuckDbConfigStore.open(path.join(tempDir(), 'cairn.duckdb'));
  await migrate(store);
});
afterAll(async () => {
  await store.close();
});

const ids = (reservation: Reservation): number[] => {
  if (!('ids' in reservation)) throw new Error(`refused: ${JSON.stringify(reservation)}`);
  return reservation.ids;
};
const left = async () => Number((await store.query('SELECT count(*) AS n FROM sign_in_failures'))[0]?.n);

describe('FailureLedger', () => {
  it('refuses after max failures in the window and reopens as the oldest leaves it', async () => {
    const ledger = new FailureLedger(store, 60_000);
    const k = [{ key: 'k1', max: 2 }];
    ids(await ledger.reserve(k, 0));
    ids(await ledger.reserve(k, 30_000));
    expect(await ledger.reserve(k, 30_000)).toEqual({ retryAfterSeconds: 30 });
    expect(await ledger.reserve(k, 59_500)).toEqual({ retryAfterSeconds: 1 });
    ids(await ledger.reserve(k, 60_001));
    expect(await ledger.reserve([{ key: 'other1', max: 2 }], 60_001)).toHaveProperty('ids');
  });

  it('reserves under every budget or none, and waits for the longest', async () => {
    const ledger = new FailureLedger(store, 60_000);
    const ip = { key: 'i:ip2', max: 3 };
    const account = { key: 'a:password:two', max: 1 };
    ids(await ledger.reserve([ip, account], 1000));
    expect(await ledger.reserve([ip, account], 2000)).toEqual({ retryAfterSeconds: 59 });
    // The refused attempt spent nothing of the IP's budget.
    ids(await ledger.reserve([ip], 3000));
    ids(await ledger.reserve([ip], 4000));
    expect(await ledger.reserve([ip], 5000)).toEqual({ retryAfterSeconds: 56 });
  });

  it('forgives a reservation, forgets keys on reset and old failures on sweep', async () => {
    const ledger = new FailureLedger(store, 1000);
    const k = [{ key: 'k3', max: 2 }];
    const first = ids(await ledger.reserve(k, 100_000));
    ids(await ledger.reserve(k, 100_001));
    expect(await ledger.reserve(k, 100_002)).toHaveProperty('retryAfterSeconds');
    await ledger.forgive(first);
    ids(await ledger.reserve(k, 100_003));
    await ledger.reset(['k3']);
    ids(await ledger.reserve(k, 100_004));
    ids(await ledger.reserve(k, 100_005));
    expect(await left()).toBeGreaterThan(2);
    await ledger.sweep(200_000);
    expect(await left()).toBe(0);
  });
});
