import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversionKit,
  NETWORK_IP,
  NO_SUMS,
  startConversionServer,
} from '../../test-support/postbacks.ts';
import { Clock } from '../../test-support/server.ts';
import { mintClickId } from '../events/clickId.ts';
import type { RunningCairn } from '../index.ts';
import { SETTING_BASE_CURRENCY, SETTING_CURRENCY_RATES } from '../settings/keys.ts';
import { setSetting } from '../settings/store.ts';
import { REFUSED_LOG_PER_SECOND } from './refusals.ts';

// Postbacks against the real server: real clicks through /click, real journal and event store, the
// conversion state in the real config store. Sums are read from the event store, as reports read them.

let cairn: RunningCairn;
let kit: ConversionKit;
const clock = new Clock('2026-03-04T10:30:00.000Z');

beforeAll(async () => {
  ({ cairn, kit } = await startConversionServer(clock));
});
afterAll(async () => {
  await cairn.close();
});

describe('a postback after a real click', () => {
  it('is counted once, however often it repeats', async () => {
    const campaign = await kit.campaign({ network: {} });
    const clickId = await kit.click(campaign);
    expect(await kit.postback(`/postback?clickid=${clickId}`)).toEqual({ status: 200, text: 'OK' });
    const once = { events: 1, approved: 1, pending: 0, declined: 0, revenue: 5_000_000, cost: 0 };
    expect(await kit.sums(clickId)).toEqual(once);
    expect(await kit.postback(`/postback?clickid=${clickId}`)).toEqual({
      status: 200,
      text: 'ignored: duplicate postback',
    });
    expect(await kit.postback(`/postback?clickid=${clickId}&status=approved`)).toMatchObject({ status: 200 });
    expect(await kit.sums(clickId)).toEqual(once);
    expect(await kit.conversions(clickId)).toHaveLength(1);
  });

  it('copies the click dimensions onto the conversion', async () => {
    const campaign = await kit.campaign({ network: {} });
    const clickId = await kit.click(campaign, 't1=zone9');
    await kit.postback(`/postback?clickid=${clickId}&txid=T1`);
    await kit.sums(clickId);
    const [click, conversion] = await cairn.events.query(
      'SELECT kind, campaign_id, offer_id, country, t1, txid, status FROM events WHERE click_id = $1 ORDER BY kind',
      [clickId],
    );
    expect(conversion).toMatchObject({
      kind: 3,
      campaign_id: campaign.id,
      offer_id: campaign.offerId,
      country: click?.country,
      t1: 'zone9',
      txid: 'T1',
      status: 'approved',
    });
  });

  it('never counts a repeated txid twice, and counts each status change once', async () => {
    const campaign = await kit.campaign({ network: {} });
    const clickId = await kit.click(campaign);
    const send = (status: string) => kit.postback(`/postback?clickid=${clickId}&txid=A-1&status=${status}`);
    expect((await send('pending')).text).toBe('OK');
    expect(await kit.sums(clickId)).toMatchObject({
      approved: 0,
      pending: 1,
      declined: 0,
      revenue: 5_000_000,
    });
    expect((await send('pending')).text).toBe('ignored: duplicate postback');
    expect((await send('approved')).text).toBe('OK');
    expect((await send('approved')).text).toBe('ignored: duplicate postback');
    expect(await kit.sums(clickId)).toMatchObject({
      approved: 1,
      pending: 0,
      declined: 0,
      revenue: 5_000_000,
    });
    expect((await send('chargeback')).text).toBe('OK');
    expect((await send('refund')).text).toBe('ignored: duplicate postback');
    expect(await kit.sums(clickId)).toMatchObject({
      events: 3,
      approved: 0,
      pending: 0,
      declined: 1,
      revenue: 0,
    });
    const [conversion] = await kit.conversions(clickId);
    expect(conversion).toMatchObject({
      seq: 1,
      txid: 'A-1',
      status: 'chargeback',
      network_status: 'chargeback',
    });
  });

  it('reads statuses through the network mapping, the common words, then the unknown-status setting', async () => {
    const campaign = await kit.campaign({
      network: { statusMapping: [{ networkStatus: 'paid', status: 'approved' }] },
    });
    const mapped = await kit.click(campaign);
    await kit.postback(`/postback?clickid=${mapped}&status=PAID`);
    expect(await kit.sums(mapped)).toMatchObject({ approved: 1 });
    const word = await kit.click(campaign);
    await kit.postback(`/postback?clickid=${word}&status=rejected`);
    expect(await kit.sums(word)).toMatchObject({ declined: 1, revenue: 0 });
    const unknown = await kit.click(campaign);
    await kit.postback(`/postback?clickid=${unknown}&status=mystery`);
    expect(await kit.sums(unknown)).toMatchObject({ pending: 1 });
  });
});

describe('duplicate postback policies', () => {
  it('ignore: a further transaction is ignored, a status change still applies', async () => {
    const campaign = await kit.campaign({
      network: { duplicatePostbacks: 'ignore' },
      offer: { payoutAuto: true },
    });
    const clickId = await kit.click(campaign);
    await kit.postback(`/postback?clickid=${clickId}&txid=A&payout=3`);
    expect((await kit.postback(`/postback?clickid=${clickId}&txid=B&payout=4`)).text).toMatch(/^ignored: /);
    expect((await kit.postback(`/postback?clickid=${clickId}&payout=9`)).text).toMatch(/^ignored: /);
    expect(await kit.sums(clickId)).toMatchObject({ events: 1, approved: 1, revenue: 3_000_000 });
    expect((await kit.postback(`/postback?clickid=${clickId}&status=declined`)).text).toBe('OK');
    expect(await kit.sums(clickId)).toMatchObject({ events: 2, approved: 0, declined: 1, revenue: 0 });
  });

  it('update: the latest postback sets status and payout of the one conversion', async () => {
    const campaign = await kit.campaign({
      network: { duplicatePostbacks: 'update' },
      offer: { payoutAuto: true },
    });
    const clickId = await kit.click(campaign);
    await kit.postback(`/postback?clickid=${clickId}&payout=3&status=pending`);
    await kit.postback(`/postback?clickid=${clickId}&payout=7&status=approved`);
    await kit.postback(`/postback?clickid=${clickId}&payout=7.5`);
    expect(await kit.sums(clickId)).toMatchObject({ approved: 1, pending: 0, revenue: 7_500_000 });
    expect(await kit.conversions(clickId)).toHaveLength(1);
  });

  it('add: each postback without a known txid is a further conversion; a known txid still updates', async () => {
    const campaign = await kit.campaign({
      network: { duplicatePostbacks: 'add' },
      offer: { payoutAuto: true },
    });
    const clickId = await kit.click(campaign);
    await kit.postback(`/postback?clickid=${clickId}&payout=2`);
    await kit.postback(`/postback?clickid=${clickId}&payout=3`);
    await kit.postback(`/postback?clickid=${clickId}&payout=4&txid=X`);
    await kit.postback(`/postback?clickid=${clickId}&payout=4&txid=X`);
    expect(await kit.sums(clickId)).toMatchObject({ events: 3, approved: 3, revenue: 9_000_000 });
    expect((await kit.conversions(clickId)).map((row) => row.seq)).toEqual([1, 2, 3]);
  });

  it('an upsell offer adds whatever its network says', async () => {
    const campaign = await kit.campaign({
      network: { duplicatePostbacks: 'ignore' },
      offer: { upsell: true },
    });
    const clickId = await kit.click(campaign);
    await kit.postback(`/postback?clickid=${clickId}&txid=first`);
    await kit.postback(`/postback?clickid=${clickId}&txid=second`);
    expect(await kit.sums(clickId)).toMatchObject({ approved: 2, revenue: 10_000_000 });
  });
});

describe('what the network allows and pays', () => {
  it('refuses postbacks from addresses outside the allow-list, and logs them', async () => {
    const campaign = await kit.campaign({
      network: { allowedPostbackIps: ['203.0.113.0/24', '2001:db8::1'] },
    });
    const clickId = await kit.click(campaign);
    expect(await kit.postback(`/postback?clickid=${clickId}`, { ip: '198.51.100.1' })).toEqual({
      status: 403,
      text: 'error: this address may not send postbacks',
    });
    expect(await kit.sums(clickId)).toEqual(NO_SUMS);
    expect((await kit.postback(`/postback?clickid=${clickId}`, { ip: NETWORK_IP })).status).toBe(200);
    expect(await kit.sums(clickId)).toMatchObject({ approved: 1 });
    const log = await cairn.store.query(
      'SELECT ip, http_status, outcome FROM postback_log WHERE click_id = $1 ORDER BY id',
      [clickId],
    );
    expect(log).toEqual([
      { ip: '198.51.100.1', http_status: 403, outcome: 'refused' },
      { ip: NETWORK_IP, http_status: 200, outcome: 'recorded' },
    ]);
  });

  it('converts a payout in another currency to the base currency', async () => {
    await setSetting(cairn.store, SETTING_BASE_CURRENCY, 'USD');
    await setSetting(cairn.store, SETTING_CURRENCY_RATES, JSON.stringify({ EUR: 1.1, GBP: 1.25 }));
    await cairn.tracking.reloadSettings();
    const auto = await kit.campaign({ network: {}, offer: { payoutAuto: true, currency: 'GBP' } });
    const euro = await kit.click(auto);
    await kit.postback(`/postback?clickid=${euro}&payout=10&currency=eur`);
    expect(await kit.sums(euro)).toMatchObject({ revenue: 11_000_000 });
    const offerCurrency = await kit.click(auto);
    await kit.postback(`/postback?clickid=${offerCurrency}&payout=10`);
    expect(await kit.sums(offerCurrency)).toMatchObject({ revenue: 12_500_000 });
    const fixed = await kit.campaign({ network: {}, offer: { payoutMicros: 2_000_000, currency: 'EUR' } });
    const fixedClick = await kit.click(fixed);
    await kit.postback(`/postback?clickid=${fixedClick}&payout=99&currency=USD`);
    expect(await kit.sums(fixedClick)).toMatchObject({ revenue: 2_200_000 });
  });

  it('charges CPA and RevShare campaign costs on the conversion, and takes them back on a decline', async () => {
    const cpa = await kit.campaign({ network: {}, campaign: { costModel: 'cpa', costMicros: 1_500_000 } });
    const clickId = await kit.click(cpa);
    await kit.postback(`/postback?clickid=${clickId}&txid=1&status=pending`);
    expect(await kit.sums(clickId)).toMatchObject({ cost: 1_500_000 });
    await kit.postback(`/postback?clickid=${clickId}&txid=1&status=declined`);
    expect(await kit.sums(clickId)).toMatchObject({ cost: 0, revenue: 0 });
    const revshare = await kit.campaign({
      network: {},
      campaign: { costModel: 'revshare', costMicros: 40_000_000 },
    });
    const shared = await kit.click(revshare);
    await kit.postback(`/postback?clickid=${shared}`);
    expect(await kit.sums(shared)).toMatchObject({ revenue: 5_000_000, cost: 2_000_000 });
  });
});

describe('malformed and hostile postbacks', () => {
  it('answer 4xx and change nothing', async () => {
    const campaign = await kit.campaign({ network: {}, offer: { payoutAuto: true } });
    const clickId = await kit.click(campaign);
    await kit.postback(`/postback?clickid=${clickId}&txid=keep&payout=1`);
    const before = await kit.sums(clickId);
    const unknownId = mintClickId(clock.ms - 60_000);
    const cases: [string, number][] = [
      ['/postback', 400],
      ['/postback?clickid=', 400],
      ['/postback?clickid=not-a-click-id', 400],
      [`/postback?clickid=${clickId.toUpperCase()}`, 400],
      [`/postback?clickid=${clickId}'%20OR%20'1'='1`, 400],
      [`/postback?clickid=${unknownId}`, 404],
      [`/postback?clickid=${clickId}&payout=-5`, 400],
      [`/postback?clickid=${clickId}&payout=1e9`, 400],
      [`/postback?clickid=${clickId}&payout=100000000`, 400],
      [`/postback?clickid=${clickId}&payout=abc`, 400],
      [`/postback?clickid=${clickId}&txid=1'%20OR%20'1'%3D'1`, 400],
      [`/postback?clickid=${clickId}&txid=x;DROP%20TABLE%20conversions`, 400],
      [`/postback?clickid=${clickId}&txid=${'x'.repeat(129)}`, 400],
      [`/postback?clickid=${clickId}&status=approved'--`, 400],
      [`/postback?clickid=${clickId}&currency=EURO`, 400],
      [`/postback?clickid=${clickId}&payout=${'9'.repeat(600)}`, 400],
    ];
    for (const [path, status] of cases) {
      expect((await kit.postback(path)).status, path).toBe(status);
    }
    expect((await kit.postback(`/click?cnv_id=${clickId}&payout=-1`)).status).toBe(400);
    const huge = await kit.postback('/postback', {
      method: 'POST',
      type: 'application/json',
      body: JSON.stringify({ clickid: clickId, txid: 'big', notes: 'x'.repeat(20_000) }),
    });
    expect(huge.status).toBe(413);
    const object = await kit.postback('/postback', {
      method: 'POST',
      type: 'application/json',
      body: JSON.stringify({ clickid: clickId, txid: { $ne: 1 } }),
    });
    expect(object.status).toBe(400);
    for (const path of [`/postback?clickid=${clickId}&txid=head`, `/click?cnv_id=${clickId}&txid=head`]) {
      expect((await kit.postback(path, { method: 'HEAD' })).status, path).toBeGreaterThanOrEqual(400);
    }
    expect(await kit.sums(clickId)).toEqual(before);
    expect(await kit.conversions(clickId)).toHaveLength(1);
    expect(
      await cairn.store.query('SELECT count(*) AS n FROM conversions WHERE click_id = $1', [unknownId]),
    ).toEqual([{ n: 0 }]);
  });
});

describe('a flood of refused postbacks', () => {
  it('logs at most the per-second budget of them', async () => {
    clock.advance(1000);
    const count = async () => {
      await cairn.tracking.conversions.writer.idle();
      const [row] = await cairn.store.query(
        "SELECT count(*) AS n FROM postback_log WHERE outcome = 'invalid'",
      );
      return Number(row?.n);
    };
    const before = await count();
    await Promise.all(
      Array.from({ length: REFUSED_LOG_PER_SECOND + 50 }, () => kit.postback('/postback?clickid=flood')),
    );
    expect((await count()) - before).toBe(REFUSED_LOG_PER_SECOND);
    clock.advance(1000);
  });
});

describe('other ways in', () => {
  it('takes Binom, Keitaro and Voluum parameter names, on /click and /click.php too', async () => {
    const campaign = await kit.campaign({ network: {}, offer: { payoutAuto: true } });
    const binom = await kit.click(campaign);
    expect(await kit.postback(`/click?cnv_id=${binom}&payout=1.5&cnv_status=sale&cnv_currency=USD`)).toEqual({
      status: 200,
      text: 'OK',
    });
    expect(await kit.sums(binom)).toMatchObject({ approved: 1, revenue: 1_500_000 });
    const php = await kit.click(campaign);
    expect((await kit.postback(`/click.php?cnv_id=${php}&payout=2&cnv_status=lead`)).status).toBe(200);
    expect(await kit.sums(php)).toMatchObject({ pending: 1, revenue: 2_000_000 });
    const keitaro = await kit.click(campaign);
    await kit.postback(`/postback?subid=${keitaro}&status=lead&tid=K1`);
    await kit.postback(`/postback?subid=${keitaro}&status=sale&tid=K1`);
    expect(await kit.sums(keitaro)).toMatchObject({ approved: 1, pending: 0 });
    const voluum = await kit.click(campaign);
    await kit.postback(`/postback?cid=${voluum}&payout=3&txid=V1`);
    expect(await kit.conversions(voluum)).toMatchObject([{ txid: 'V1', payout_micros: 3_000_000 }]);
  });

  it('takes POST bodies as forms and as JSON', async () => {
    const campaign = await kit.campaign({ network: {}, offer: { payoutAuto: true } });
    const form = await kit.click(campaign);
    const posted = await kit.postback('/postback', {
      method: 'POST',
      type: 'application/x-www-form-urlencoded',
      body: `clickid=${form}&payout=4&status=approved`,
    });
    expect(posted).toEqual({ status: 200, text: 'OK' });
    expect(await kit.sums(form)).toMatchObject({ approved: 1, revenue: 4_000_000 });
    const json = await kit.click(campaign);
    const sent = await kit.postback('/postback', {
      method: 'POST',
      type: 'application/json',
      body: JSON.stringify({ clickid: json, payout: 6.25, status: 'pending' }),
    });
    expect(sent.status).toBe(200);
    expect(await kit.sums(json)).toMatchObject({ pending: 1, revenue: 6_250_000 });
  });

  it('records through the conversion pixel once turned on (off by default), answers its image always', async () => {
    const campaign = await kit.campaign({ network: {} });
    const key = `key=${cairn.tracking.conversions.keys.current}`;
    const gif = async (query: string) => {
      const response = await fetch(`${cairn.url}/conversion.gif?${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/gif');
      expect((await response.arrayBuffer()).byteLength).toBe(42);
    };
    expect(cairn.tracking.conversions.settings.pixelEnabled).toBe(false);
    const off = await kit.click(campaign);
    await gif(`clickid=${off}&${key}`);
    expect(await kit.sums(off)).toEqual(NO_SUMS);
    await cairn.tracking.conversions.saveSettings({
      ...cairn.tracking.conversions.settings,
      pixelEnabled: true,
    });
    const clickId = await kit.click(campaign);
    await gif(`clickid=${clickId}`);
    expect(await kit.sums(clickId)).toEqual(NO_SUMS);
    await gif(`clickid=${clickId}&${key}`);
    expect(await kit.sums(clickId)).toMatchObject({ approved: 1 });
    await gif(`clickid=garbage&${key}`);
    await gif(`clickid=${mintClickId(clock.ms)}&${key}`);
    await cairn.tracking.conversions.saveSettings({
      ...cairn.tracking.conversions.settings,
      pixelEnabled: false,
    });
  });
});

// Last: it moves the clock a month on.
describe('housekeeping', () => {
  it('keeps the postback log for 30 days', async () => {
    // A refusal's log entry is written after its answer: the last one may still be on its way.
    const count = async () => {
      await cairn.tracking.conversions.writer.idle();
      return Number((await cairn.store.query('SELECT count(*) AS n FROM postback_log'))[0]?.n);
    };
    const logged = await count();
    expect(logged).toBeGreaterThan(20);
    clock.advance(29 * 86_400_000);
    await cairn.tracking.conversions.outbox.housekeeping();
    expect(await count()).toBe(logged);
    clock.advance(2 * 86_400_000);
    await cairn.tracking.conversions.outbox.housekeeping();
    expect(await count()).toBe(0);
  });
});
