import {
  type AffiliateNetwork,
  decimalToMicros,
  entityPath,
  type ListResponse,
  microsToDecimal,
  type Offer,
  type OfferImportResponse,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCairn } from '../../index.ts';
import type { TestBrowser } from '../../test-support.ts';
import { errorFields, type KindClient, kindClient, signedInAdmin } from '../testing.ts';
import { offerFinalUrl } from './offer.ts';

let cairn: RunningCairn;
let browser: TestBrowser;
let offers: KindClient;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
  offers = kindClient(browser, 'offer');
});
afterAll(async () => {
  await cairn.close();
});

describe('offer', () => {
  it('is created with defaults, read, updated and deleted', async () => {
    const created = await offers.create({ name: 'Keto DE', url: 'https://keto.example/?s={clickid}' });
    expect(created.status).toBe(201);
    const offer = created.json<Offer>();
    expect(offer).toEqual({
      id: expect.any(Number),
      archived: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      name: 'Keto DE',
      url: 'https://keto.example/?s={clickid}',
      affiliateNetworkId: null,
      groupId: null,
      payoutAuto: false,
      payoutMicros: 0,
      currency: 'USD',
      upsell: false,
      countryCode: null,
      dailyCap: null,
      notes: '',
      finalUrl: 'https://keto.example/?s={clickid}',
    });
    expect((await offers.get(offer.id)).json<Offer>()).toEqual(offer);

    const updated = await offers.put(offer.id, {
      name: 'Keto DE v2',
      url: 'https://keto.example/v2?s={clickid}&geo={country_code}',
      payoutAuto: true,
      upsell: true,
      currency: 'eur',
      countryCode: 'de',
      dailyCap: 50,
      notes: 'Ask the AM for a bump',
    });
    expect(updated.status).toBe(200);
    expect(updated.json<Offer>()).toMatchObject({
      name: 'Keto DE v2',
      payoutAuto: true,
      upsell: true,
      currency: 'EUR',
      countryCode: 'DE',
      dailyCap: 50,
    });
    expect((await offers.remove(offer.id)).status).toBe(200);
    expect((await offers.get(offer.id)).status).toBe(404);
  });

  it('accepts http(s) URLs only and names unknown macros with the known ones', async () => {
    const cases: [string, RegExp][] = [
      ['javascript:alert(1)', /Enter a full URL|Only http/],
      ['ftp://files.example/offer', /Only http:\/\/ and https:\/\//],
      ['offer.example/path', /Enter a full URL/],
      [
        'https://offer.example/?sub={click_id}&x={clickid}',
        /Unknown macro \{click_id\}\. Known macros: \{clickid\}/,
      ],
    ];
    for (const [url, message] of cases) {
      const result = await offers.create({ name: 'bad url', url });
      expect(result.status).toBe(400);
      expect(errorFields(result)).toEqual(['url']);
      expect(result.json<{ errors: { message: string }[] }>().errors[0]?.message).toMatch(message);
    }
    const known = await offers.create({
      name: 'all macros',
      url: 'https://{country_code}.offer.example/?c={clickid}&t={t30}&e={event1}&ts={unixtime}',
    });
    expect(known.status).toBe(201);
  });

  it("appends the network's parameter template to its final URL", async () => {
    const network = await kindClient(browser, 'affiliate_network').make<AffiliateNetwork>({
      name: 'Final URL network',
      offerUrlParams: 'aff_sub={clickid}&aff_sub2={campaign_id}',
    });
    const offer = await offers.make<Offer>({
      name: 'with network',
      url: 'https://offer.example/go?o=1#top',
      affiliateNetworkId: network.id,
    });
    expect(offer.finalUrl).toBe('https://offer.example/go?o=1&aff_sub={clickid}&aff_sub2={campaign_id}#top');
    expect(offerFinalUrl('https://offer.example/', 'sub={clickid}')).toBe(
      'https://offer.example/?sub={clickid}',
    );
    expect(offerFinalUrl('https://offer.example/?', 'sub={clickid}')).toBe(
      'https://offer.example/?sub={clickid}',
    );
  });

  it('keeps money exact in micro-units', () => {
    expect(decimalToMicros('1.25')).toBe(1_250_000);
    expect(decimalToMicros('0,000001')).toBe(1);
    expect(decimalToMicros('12')).toBe(12_000_000);
    expect(decimalToMicros('1.2345678')).toBeNull();
    expect(decimalToMicros('-1')).toBeNull();
    expect(microsToDecimal(1_250_000)).toBe('1.25');
    expect(microsToDecimal(12_000_000)).toBe('12');
    expect(microsToDecimal(1)).toBe('0.000001');
  });
});

describe('offer import', () => {
  it('creates the good lines and reports each bad one with its line number', async () => {
    const groups = kindClient(browser, 'group');
    const group = await groups.make({ name: 'Nutra', kind: 'offer' });
    const network = await kindClient(browser, 'affiliate_network').make({ name: 'ImportNet' });
    const text = [
      'Name;URL;Auto;Payout;Currency;Upsell;Country;Group;Network',
      'Import fixed;https://a.example/?s={clickid};no;2.5;EUR;no;DE;nutra;ImportNet',
      '# a comment line',
      '',
      'Import auto;https://b.example/?s={clickid};yes',
      'Import bad url;ftp://c.example/;no;1',
      'Import bad macro;https://d.example/?s={subid};no;1',
      'Import bad payout;https://e.example/;no;12,3456789',
      'Import unknown group;https://f.example/;no;1;USD;no;;Nope',
      'Import missing payout;https://g.example/;no',
      'Too short;https://h.example/',
      `Import by ids;https://i.example/?s={clickid};0;0.75;usd;yes;us;${group.id};${network.id}`,
    ].join('\n');
    const result = await browser.post(entityPath.offerImport, { text });
    expect(result.status).toBe(200);
    const report = result.json<OfferImportResponse>();
    expect(report.created.map((line) => [line.line, line.name])).toEqual([
      [2, 'Import fixed'],
      [5, 'Import auto'],
      [12, 'Import by ids'],
    ]);
    expect(report.errors.map((error) => error.line)).toEqual([6, 7, 8, 9, 10, 11]);
    const messages = Object.fromEntries(report.errors.map((error) => [error.line, error.message]));
    expect(messages[6]).toMatch(/^url: Only http/);
    expect(messages[7]).toContain('Unknown macro {subid}');
    expect(messages[8]).toContain('Payout "12,3456789" is not an amount');
    expect(messages[9]).toBe('Offer group "Nope" not found');
    expect(messages[10]).toBe('Payout is required when Auto is no');
    expect(messages[11]).toBe('Expected at least Name;URL;Auto');

    const imported = (await offers.list('q=Import&sort=id:asc')).json<ListResponse<Offer>>().items;
    expect(imported).toHaveLength(3);
    expect(imported[0]).toMatchObject({
      name: 'Import fixed',
      payoutMicros: 2_500_000,
      currency: 'EUR',
      countryCode: 'DE',
      groupId: group.id,
      affiliateNetworkId: network.id,
      payoutAuto: false,
    });
    expect(imported[1]).toMatchObject({
      name: 'Import auto',
      payoutAuto: true,
      payoutMicros: 0,
      groupId: null,
    });
    expect(imported[2]).toMatchObject({
      payoutMicros: 750_000,
      upsell: true,
      currency: 'USD',
      countryCode: 'US',
    });
  });

  it('refuses an empty paste', async () => {
    const result = await browser.post(entityPath.offerImport, { text: '' });
    expect(result.status).toBe(400);
    expect(errorFields(result)).toEqual(['text']);
  });
});
