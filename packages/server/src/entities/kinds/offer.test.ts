import {
  type AffiliateNetwork,
  decimalToMicros,
  decimalToMicrosRounded,
  entityPath,
  type ListResponse,
  microsToDecimal,
  type Offer,
  type OfferImportResponse,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, type KindClient, kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import type { TestBrowser } from '../../../test-support/server.ts';
import type { RunningCairn } from '../../index.ts';
import type { Sql } from '../../store/config/port.ts';
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
      dailyClickCap: null,
      capFallbackOfferId: null,
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
      // A visitor's value would pick the host: an open redirect.
      ['https://{country_code}.offer.example/', /only be in the path, query or fragment/],
    ];
    for (const [url, message] of cases) {
      const result = await offers.create({ name: 'bad url', url });
      expect(result.status).toBe(400);
      expect(errorFields(result)).toEqual(['url']);
      expect(result.json<{ errors: { message: string }[] }>().errors[0]?.message).toMatch(message);
    }
    const known = await offers.create({
      name: 'all macros',
      url: 'https://offer.example/{country_code}/?c={clickid}&t={t30}&e={event1}&ts={unixtime}',
    });
    expect(known.status).toBe(201);
    // Kept as written: the braces are not percent-encoded.
    expect(known.json<{ url: string }>().url).toBe(
      'https://offer.example/{country_code}/?c={clickid}&t={t30}&e={event1}&ts={unixtime}',
    );
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

  it('rounds an amount another system computed to the micro-unit, half up', () => {
    expect(decimalToMicrosRounded('0.0004567')).toBe(457);
    expect(decimalToMicrosRounded('1.1234564')).toBe(1_123_456);
    expect(decimalToMicrosRounded('1.1234565')).toBe(1_123_457);
    expect(decimalToMicrosRounded('0.9999995')).toBe(1_000_000);
    expect(decimalToMicrosRounded('0.30000000000000004')).toBe(300_000);
    expect(decimalToMicrosRounded(' 12,5 ')).toBe(12_500_000);
    for (const refused of ['-1', '1e3', '.5', '1,000.00', ''])
      expect(decimalToMicrosRounded(refused)).toBeNull();
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

  it('imports 5,000 lines in one transaction of batched statements, reporting each line', async () => {
    const group = await kindClient(browser, 'group').make({ name: 'Bulk group', kind: 'offer' });
    const network = await kindClient(browser, 'affiliate_network').make({ name: 'Bulk net' });
    type Row = { name: string; url: string; payoutMicros: number; upsell: boolean };
    const lines = ['Name;URL;Auto;Payout;Currency;Upsell;Country;Group;Network'];
    const expected = new Map<number, Row>();
    const refused = new Map<number, string | RegExp>();
    for (let i = 0; i < 5000; i += 1) {
      const line = lines.length + 1;
      const name = `bulk ${i}`;
      if (i % 10 === 3) {
        lines.push(`${name};ftp://bad.example/;no;1`);
        refused.set(line, /^url: Only http/);
      } else if (i % 10 === 5) {
        lines.push(`${name};https://o.example/;no;1;USD;no;;No such group`);
        refused.set(line, 'Offer group "No such group" not found');
      } else if (i % 10 === 7) {
        lines.push(`${name};https://o.example/;no;9.1234567`);
        refused.set(line, 'Payout "9.1234567" is not an amount such as 1.25');
      } else if (i % 10 === 1) {
        lines.push(`${name};https://o.example/;yes;;;;XX1`);
        refused.set(line, /^countryCode: /);
      } else if (i % 10 === 9) {
        // The line before once more: offers have no unique rule, so both are created.
        lines.push(lines.at(-1) as string);
        expected.set(line, expected.get(line - 1) as Row);
      } else {
        const url = `https://o.example/${i}?s={clickid}`;
        lines.push(
          `${name};${url};no;${i % 100}.25;EUR;${i % 4 === 0 ? 'yes' : 'no'};de;bulk GROUP;${network.id}`,
        );
        expected.set(line, { name, url, payoutMicros: (i % 100) * 1_000_000 + 250_000, upsell: i % 4 === 0 });
      }
    }
    const announced: number[] = [];
    const stopListening = cairn.changes.onChange((kind, id) => {
      if (kind === 'offer') announced.push(id);
    });
    // Every statement of every transaction the import opens is counted: a round trip per line would be
    // thousands of them.
    const store = cairn.store;
    const transaction = store.transaction;
    const statements: string[] = [];
    let transactions = 0;
    store.transaction = <T>(work: (tx: Sql) => Promise<T>): Promise<T> => {
      transactions += 1;
      return transaction.call(store, (tx: Sql) =>
        work({
          query: (text, params) => {
            statements.push(text);
            return tx.query(text, params);
          },
          execute: (text, params) => {
            statements.push(text);
            return tx.execute(text, params);
          },
          insert: (table, columns, rows) => {
            statements.push(`INSERT INTO ${table}`);
            return tx.insert(table, columns, rows);
          },
        }),
      ) as Promise<T>;
    };
    let result: Awaited<ReturnType<TestBrowser['post']>>;
    try {
      result = await browser.post(entityPath.offerImport, { text: lines.join('\n') });
    } finally {
      store.transaction = transaction;
      stopListening();
    }
    expect(result.status).toBe(200);
    expect(transactions).toBe(1);
    expect(statements.length).toBeLessThan(40);

    const report = result.json<OfferImportResponse>();
    expect(report.errors.map((error) => error.line)).toEqual([...refused.keys()]);
    for (const error of report.errors)
      expect(error.message).toMatch(refused.get(error.line) as string | RegExp);
    expect(report.created.map((created) => [created.line, created.name])).toEqual(
      [...expected].map(([line, row]) => [line, row.name]),
    );
    const ids = report.created.map((created) => created.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const stored = await cairn.store.query<Record<string, unknown>>(
      `SELECT id, name, url, payout_micros, payout_auto, currency, upsell, country_code, group_id,
              affiliate_network_id
       FROM offers WHERE name LIKE 'bulk %' ORDER BY id`,
    );
    expect(stored.map((row) => Number(row.id))).toEqual(ids);
    for (const [n, row] of stored.entries()) {
      const line = report.created[n]?.line as number;
      const want = expected.get(line) as Row;
      expect({ line, ...row, id: undefined }).toEqual({
        line,
        id: undefined,
        name: want.name,
        url: want.url,
        payout_micros: want.payoutMicros,
        payout_auto: false,
        currency: 'EUR',
        upsell: want.upsell,
        country_code: 'DE',
        group_id: group.id,
        affiliate_network_id: network.id,
      });
    }
    const audited = await cairn.store.query<{ total: number }>(
      `SELECT count(*) AS total FROM audit_log WHERE action = 'offer_created' AND entity_id BETWEEN $1 AND $2`,
      [ids[0] as number, ids.at(-1) as number],
    );
    expect(Number(audited[0]?.total)).toBe(ids.length);
    expect(announced).toEqual(ids);
  });

  it('refuses an empty paste', async () => {
    const result = await browser.post(entityPath.offerImport, { text: '' });
    expect(result.status).toBe(400);
    expect(errorFields(result)).toEqual(['text']);
  });
});
