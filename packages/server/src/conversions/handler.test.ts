import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit, NETWORK_IP, withPostbackKey } from '../../test-support/postbacks.ts';
import { Clock, tempDir } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// GET postbacks are answered before the framework routes them (handler.ts); requests that reach the
// framework (inject(), POST) take its routes (routes.ts). A network must not be able to tell them apart.

const clock = new Clock('2026-03-04T10:30:00.000Z');
let cairn: RunningCairn;
let kit: ConversionKit;
let clickId: string;

beforeAll(async () => {
  const started = await signedInAdmin({ trustProxy: true, now: clock.now, dataDir: tempDir() });
  cairn = started.cairn;
  kit = new ConversionKit(cairn, started.browser);
  const campaign = await kit.campaign({ network: { allowedPostbackIps: [NETWORK_IP] } });
  clickId = await kit.click(campaign);
});

afterAll(async () => {
  await cairn.close();
});

interface Answer {
  status: number;
  type: string | null;
  cache: string | null;
  text: string;
}

const keyed = (url: string) => withPostbackKey(url, cairn.tracking.conversions.keys.current);

async function overTheWire(url: string, ip: string): Promise<Answer> {
  const response = await fetch(`${cairn.url}${keyed(url)}`, { headers: { 'x-forwarded-for': ip } });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    text: await response.text(),
  };
}

async function throughTheRouter(url: string, ip: string): Promise<Answer> {
  const response = await cairn.app.inject({
    method: 'GET',
    url: keyed(url),
    headers: { 'x-forwarded-for': ip },
  });
  return {
    status: response.statusCode,
    type: String(response.headers['content-type'] ?? '') || null,
    cache: String(response.headers['cache-control'] ?? '') || null,
    text: response.body,
  };
}

describe('GET postbacks answered before the router', () => {
  it.each([
    ['a malformed click id', () => '/postback?clickid=not-a-click', 400],
    ['an unknown click', () => '/postback?clickid=01kjmma2g7zzzzzzzzzzzzz', 404],
    ['a Binom-style postback with a malformed id', () => '/click?cnv_id=%00%ff', 400],
    ['an address the network refuses', () => `/postback?clickid=${clickId}`, 403, '198.51.100.7'],
  ])('answers %s as the router does', async (_case, url, status, ip = NETWORK_IP) => {
    const wire = await overTheWire(url(), ip);
    expect(wire).toEqual(await throughTheRouter(url(), ip));
    expect(wire).toMatchObject({ status, type: 'text/plain; charset=utf-8', cache: 'no-store' });
  });

  it('records a conversion, then answers its repeat as the router does', async () => {
    const url = `/postback?clickid=${clickId}&txid=same&payout=2`;
    expect(await overTheWire(url, NETWORK_IP)).toMatchObject({ status: 200, text: 'OK' });
    const repeat = await overTheWire(url, NETWORK_IP);
    expect(repeat.text).toMatch(/^ignored: /);
    expect(repeat).toEqual(await throughTheRouter(url, NETWORK_IP));
    expect(await kit.conversions(clickId)).toHaveLength(1);
  });

  it('leaves HEAD requests to the router, which records nothing', async () => {
    const response = await fetch(`${cairn.url}${keyed(`/postback?clickid=${clickId}&txid=head`)}`, {
      method: 'HEAD',
      headers: { 'x-forwarded-for': NETWORK_IP },
    });
    expect(response.status).toBe(404);
    expect(await kit.conversions(clickId)).toHaveLength(1);
  });
});
