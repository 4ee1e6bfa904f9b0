import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/server.ts';
import { parseAddress } from '../outbound/addresses.ts';
import { OutboundGuard } from '../outbound/guard.ts';
import { DuckDbConfigStore } from '../store/config/duckdb.ts';
import { migrate } from '../store/config/migrate.ts';
import { checkDomains, type DomainCheckDeps } from './domainChecks.ts';

// Domain checks against a local server standing in for a tracking domain: names are resolved by the
// test: to 127.0.0.1, which the guard is told to allow, or to a public address given as this node's own.

let store: DuckDbConfigStore;
let server: http.Server;
let port: number;
let status = 404;

beforeAll(async () => {
  store = await DuckDbConfigStore.open(path.join(tempDir(), 'cairn.duckdb'));
  await migrate(store);
  server = http.createServer((_request, response) => {
    response.writeHead(status);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await store.close();
});

async function domain(host: string): Promise<number> {
  const rows = await store.query<{ id: number | bigint }>(
    `INSERT INTO domains (host, is_default, notes, created_at, updated_at)
     VALUES ($1, FALSE, '', CAST('2026-01-01 00:00:00+00' AS TIMESTAMPTZ), CAST('2026-01-01 00:00:00+00' AS TIMESTAMPTZ))
     RETURNING id`,
    [host],
  );
  return Number(rows[0]?.id);
}

function deps(own: string[] = []): DomainCheckDeps {
  const resolve = async (host: string) => {
    if (host.endsWith('.invalid')) throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
    return [{ address: own[0] ?? '127.0.0.1', family: 4 }];
  };
  return {
    store,
    outbound: new OutboundGuard({
      privateDestinations: own.length > 0 ? [] : ['127.0.0.1/32'],
      resolve,
      ownAddresses: () => own.map((address) => parseAddress(address)).filter((address) => address !== null),
    }),
    clickPath: () => '/click',
    now: () => Date.parse('2026-03-04T10:30:00Z'),
    lookup: resolve,
    port,
  };
}

describe('domain checks', () => {
  it('passes a domain that answers on its click path and marks one that fails, clearing it once it passes', async () => {
    const good = await domain('good.example');
    const gone = await domain('gone.invalid');
    status = 404; // the click path without a key: the fallback answer, which is an answer
    const first = await checkDomains(deps());
    expect(first).toEqual([
      { domainId: good, host: 'good.example', problem: null },
      { domainId: gone, host: 'gone.invalid', problem: 'gone.invalid does not resolve (ENOTFOUND)' },
    ]);
    status = 502;
    const second = await checkDomains(deps());
    expect(second?.[0]?.problem).toBe(`http://good.example:${port}/click answered 502`);
    const marked = await store.query<{ domain_id: number | bigint }>(
      'SELECT domain_id FROM domain_attention ORDER BY domain_id',
    );
    expect(marked.map((row) => Number(row.domain_id))).toEqual([good, gone]);
    status = 200;
    await checkDomains(deps());
    const after = await store.query<{ domain_id: number | bigint }>('SELECT domain_id FROM domain_attention');
    expect(after.map((row) => Number(row.domain_id))).toEqual([gone]);
  });

  it("counts a domain that resolves to this node's own address as passing", async () => {
    const results = await checkDomains(deps(['8.8.8.8']));
    expect(results?.find((result) => result.host === 'good.example')?.problem).toBeNull();
  });

  it("keeps a trigger's mark whatever the checks find", async () => {
    const marked = await domain('marked.example');
    await store.execute(
      'INSERT INTO domain_attention (domain_id, reason, marked_at, trigger_id) VALUES ($1, $2, $3, $4)',
      [marked, 'Trigger "x" fired', 1, 9],
    );
    status = 200;
    await checkDomains(deps());
    const rows = await store.query<{ reason: string }>(
      'SELECT reason FROM domain_attention WHERE domain_id = $1',
      [marked],
    );
    expect(rows).toEqual([{ reason: 'Trigger "x" fired' }]);
  });
});
