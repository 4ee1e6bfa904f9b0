import type { AffiliateNetwork } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit, NETWORK_IP, postbackKeyOf } from '../../test-support/postbacks.ts';
import { Clock, type TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// The postback key against the real server: what a forger without it gets, what a network with the
// panel's link gets, rotation and retirement through the panel's API, and the keyless opt-in.

let cairn: RunningCairn;
let kit: ConversionKit;
let browser: TestBrowser;
const clock = new Clock('2026-03-04T10:30:00.000Z');

beforeAll(async () => {
  const started = await signedInAdmin({ trustProxy: true, now: clock.now });
  cairn = started.cairn;
  browser = started.browser;
  kit = new ConversionKit(cairn, browser);
});
afterAll(async () => {
  await cairn.close();
});

const none = { events: 0, approved: 0, pending: 0, declined: 0, revenue: 0, cost: 0 };
const refused = { status: 403, text: 'error: missing or wrong postback key' };

async function logOf(clickId: string): Promise<{ outcome: string; query: string }[]> {
  await cairn.tracking.conversions.writer.idle();
  return cairn.store.query('SELECT outcome, query FROM postback_log WHERE click_id = $1 ORDER BY id', [
    clickId,
  ]);
}

describe('the postback key', () => {
  it('refuses a postback without the key or with a wrong one, recording nothing', async () => {
    const campaign = await kit.campaign({ network: {}, offer: { payoutAuto: true } });
    const clickId = await kit.click(campaign);
    const forged = `/postback?clickid=${clickId}&payout=99999&status=approved`;
    expect(await kit.postback(forged, { key: null })).toEqual(refused);
    expect(await kit.postback(forged, { key: 'not-the-key' })).toEqual(refused);
    expect(await kit.postback(forged, { key: '' })).toEqual(refused);
    expect(
      await kit.postback('/postback', {
        method: 'POST',
        type: 'application/json',
        body: JSON.stringify({ clickid: clickId, payout: '99999', key: 'guess' }),
        key: null,
      }),
    ).toEqual(refused);
    expect(await kit.postback(`/click?cnv_id=${clickId}&payout=99999`, { key: null })).toEqual(refused);
    expect(await kit.sums(clickId)).toEqual(none);
    expect(await kit.conversions(clickId)).toEqual([]);
    const logged = await logOf(clickId);
    expect(logged.map((entry) => entry.outcome)).toEqual([
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
    // The log shows what came, never a key.
    expect(logged[1]?.query).toContain('key=***');
    expect(logged[3]?.query).toContain('"key":"***"');
  });

  it("records with the key from the panel's tracking links, as before", async () => {
    const key = await postbackKeyOf(browser);
    const links = (await browser.get('/api/tracking/links')).json<{
      domains: { postbackUrl: string; conversionPixelUrl: string }[];
      previousPostbackKeys: number;
    }>();
    expect(links.domains[0]?.conversionPixelUrl).toContain(`key=${key}`);
    expect(links.previousPostbackKeys).toBe(0);
    const campaign = await kit.campaign({ network: {} });
    const clickId = await kit.click(campaign);
    expect(await kit.postback(`/postback?clickid=${clickId}&key=${key}`, { key: null })).toEqual({
      status: 200,
      text: 'OK',
    });
    expect(await kit.sums(clickId)).toMatchObject({ approved: 1, revenue: 5_000_000 });
    // The network form's postback URL carries it too.
    const network = (await kit.networks.get(campaign.networkId ?? 0)).json<AffiliateNetwork>();
    expect(new URL(network.postbackUrl).searchParams.get('key')).toBe(key);
  });

  it('keeps the old key valid through a rotation until it is retired, and audits both', async () => {
    const oldKey = await postbackKeyOf(browser);
    const rotated = await browser.post('/api/settings/postback-keys/rotate', {});
    expect(rotated.status).toBe(200);
    const newKey = await postbackKeyOf(browser);
    expect(newKey).not.toBe(oldKey);
    expect(rotated.json()).toEqual({ currentKey: newKey, previousKeys: 1 });
    const campaign = await kit.campaign({ network: {} });
    const first = await kit.click(campaign);
    const second = await kit.click(campaign);
    expect(await kit.postback(`/postback?clickid=${first}`, { key: oldKey })).toMatchObject({ status: 200 });
    expect(await kit.postback(`/postback?clickid=${second}`, { key: newKey })).toMatchObject({ status: 200 });

    const retired = await browser.post('/api/settings/postback-keys/retire', {});
    expect(retired.json()).toEqual({ currentKey: newKey, previousKeys: 0 });
    const third = await kit.click(campaign);
    expect(await kit.postback(`/postback?clickid=${third}`, { key: oldKey })).toEqual(refused);
    expect(await kit.postback(`/postback?clickid=${third}`, { key: newKey })).toMatchObject({ status: 200 });
    const audit = await cairn.store.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'postback_key%' ORDER BY id",
    );
    expect(audit.map((row) => row.action)).toEqual(['postback_key_rotated', 'postback_keys_retired']);
    // The keys are stored encrypted: neither appears in the config store as written.
    const stored = await cairn.store.query<{ value: string }>(
      "SELECT value FROM settings WHERE key = 'postback.keys'",
    );
    expect(stored[0]?.value).not.toContain(newKey);
    expect(stored[0]?.value).not.toContain(oldKey);
  });

  it('is required of a network only without its keyless opt-in, which needs an IP allow-list', async () => {
    const withoutList = await kit.networks.create({ name: 'keyless', acceptKeylessPostbacks: true });
    expect(withoutList.status).toBe(400);
    expect(errorFields(withoutList)).toEqual(['acceptKeylessPostbacks']);
    expect(withoutList.text).toContain('add the network');

    const campaign = await kit.campaign({
      network: { acceptKeylessPostbacks: true, allowedPostbackIps: [NETWORK_IP] },
    });
    const clickId = await kit.click(campaign);
    expect(await kit.postback(`/postback?clickid=${clickId}`, { key: null, ip: '198.51.100.9' })).toEqual(
      refused,
    );
    expect(await kit.postback(`/postback?clickid=${clickId}`, { key: null })).toEqual({
      status: 200,
      text: 'OK',
    });
    // Emptying the list of a keyless network is refused as well, by the mass edit too.
    const networkId = campaign.networkId ?? 0;
    const emptied = await kit.networks.put(networkId, {
      name: 'keyless',
      acceptKeylessPostbacks: true,
      allowedPostbackIps: [],
    });
    expect(emptied.status).toBe(400);
    expect((await kit.networks.mass([networkId], { allowedPostbackIps: [] })).status).toBe(400);

    // A network without the opt-in still needs the key, whatever address sends.
    const keyed = await kit.campaign({ network: { allowedPostbackIps: [NETWORK_IP] } });
    const keyedClick = await kit.click(keyed);
    expect(await kit.postback(`/postback?clickid=${keyedClick}`, { key: null })).toEqual(refused);
  });
});
