import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MGID_BAD_CREDENTIALS,
  MGID_CLIENT,
  MGID_GOOD_CREDENTIALS,
  MGID_GOOD_TOKEN,
  MGID_THROTTLED_CREDENTIALS,
} from '../../test-support/sources/mgidSource.ts';
import { type FakeSpendSources, fakeSpendSources } from '../../test-support/sources/spendSources.ts';
import type { PlatformHttp } from '../integrations/adapter.ts';
import { OutboundGuard } from '../outbound/guard.ts';
import { SpendError } from './adapter.ts';
import { mgidSpendAdapter } from './mgid.ts';
import { SPEND_ADAPTERS } from './platforms.ts';

// The MGID spend adapter against a local fake of MGID's REST API for advertisers
// (test-support/sources/mgidSource.ts names the page): the report it asks for by day and by widget, the
// pages it reads, the currency it takes from the client, and how it reads an invalid token, a rate limit,
// a refusal and a row without spend.

let sources: FakeSpendSources;
let mgid: PlatformHttp;

beforeAll(async () => {
  sources = await fakeSpendSources();
  const outbound = new OutboundGuard({ privateDestinations: ['127.0.0.1/32'] });
  mgid = {
    outbound,
    timeoutMs: 5000,
    baseUrl: `${sources.url}/mgid/v1/`,
    oauthTokenUrl: `${sources.url}/no`,
  };
  sources.mgid.set(
    MGID_CLIENT,
    new Map([
      [
        '901',
        new Map([
          [
            '2026-03-04',
            new Map<string, number | null>([
              ['5001', 1.25],
              ['5002', 0.5],
            ]),
          ],
          ['2026-03-05', new Map<string, number | null>([['5001', 0.000001]])],
          ['2026-03-06', new Map<string, number | null>([['5001', 9]])],
        ]),
      ],
      ['902', new Map([['2026-03-04', new Map<string, number | null>([['5003', null]])]])],
    ]),
  );
});
afterAll(async () => {
  await sources?.close();
});

const native = {
  sourceAccountId: '',
  sourceCampaignId: '901',
  fromDay: '2026-03-04',
  toDay: '2026-03-05',
  byZone: false,
};
const reportPath = `/mgid/v1/goodhits/clients/${MGID_CLIENT}/statistics-reports`;

describe("MGID's statistics report spend", () => {
  it('is registered as a source reporting zones, its credentials naming the client', () => {
    expect(SPEND_ADAPTERS.mgid).toBe(mgidSpendAdapter);
    expect(mgidSpendAdapter).toMatchObject({ reportsZones: true, needsSourceAccount: false });
  });

  it("asks for the campaign's spent by day with the bearer token, in the client's currency", async () => {
    sources.calls.length = 0;
    const report = await mgidSpendAdapter.fetchSpend(mgid, MGID_GOOD_CREDENTIALS, native);
    expect(report).toEqual({
      currency: 'USD',
      rows: [
        { day: '2026-03-04', zone: null, spendMicros: 1_750_000 },
        { day: '2026-03-05', zone: null, spendMicros: 1 },
      ],
    });
    expect(sources.calls.map((call) => call.path)).toEqual([`/mgid/v1/clients/${MGID_CLIENT}`, reportPath]);
    const asked = sources.calls[1];
    expect(asked?.authorization).toBe(`Bearer ${MGID_GOOD_TOKEN}`);
    expect(asked?.query.get('filters[dateRange][dateFrom]')).toBe('2026-03-04T00:00:00.000Z');
    expect(asked?.query.get('filters[dateRange][dateTo]')).toBe('2026-03-05T23:59:59.000Z');
    expect(asked?.query.getAll('filters[campaigns][]')).toEqual(['901']);
    expect(asked?.query.getAll('metrics[]')).toEqual(['spent']);
    expect(asked?.query.getAll('dimensions[]')).toEqual(['day']);
    expect(asked?.query.get('limit')).toBe('1000');
    expect(asked?.query.get('offset')).toBe('0');
  });

  it('asks by widget as well when zones are wanted, and follows the offset to the last page', async () => {
    sources.calls.length = 0;
    const report = await mgidSpendAdapter.fetchSpend(mgid, MGID_GOOD_CREDENTIALS, {
      ...native,
      byZone: true,
    });
    expect(report.rows).toEqual([
      { day: '2026-03-04', zone: '5001', spendMicros: 1_250_000 },
      { day: '2026-03-04', zone: '5002', spendMicros: 500_000 },
      { day: '2026-03-05', zone: '5001', spendMicros: 1 },
    ]);
    const reports = sources.calls.filter((call) => call.path === reportPath);
    expect(reports.map((call) => call.query.get('offset'))).toEqual(['0', '2']);
    expect(reports[0]?.query.getAll('dimensions[]')).toEqual(['day', 'widgetId']);
  });

  it('reports the currency MGID names for the client, and fails when it names none', async () => {
    sources.mgidCurrency = 'eur';
    try {
      expect((await mgidSpendAdapter.fetchSpend(mgid, MGID_GOOD_CREDENTIALS, native)).currency).toBe('EUR');
      sources.mgidCurrency = '';
      await expect(mgidSpendAdapter.fetchSpend(mgid, MGID_GOOD_CREDENTIALS, native)).rejects.toThrow(
        /did not name the account's currency/,
      );
    } finally {
      sources.mgidCurrency = 'USD';
    }
  });

  it('fails the whole answer on a row without spent', async () => {
    await expect(
      mgidSpendAdapter.fetchSpend(mgid, MGID_GOOD_CREDENTIALS, { ...native, sourceCampaignId: '902' }),
    ).rejects.toThrow(/MGID answered a row without a day or spend/);
  });

  it('reads an invalid token, a rate limit and a refusal in MGID’s words', async () => {
    await expect(mgidSpendAdapter.fetchSpend(mgid, MGID_BAD_CREDENTIALS, native)).rejects.toMatchObject({
      name: 'SpendError',
      tokenExpired: true,
      rateLimited: false,
      message: 'invalid token',
    });
    await expect(mgidSpendAdapter.fetchSpend(mgid, MGID_THROTTLED_CREDENTIALS, native)).rejects.toMatchObject(
      {
        tokenExpired: false,
        rateLimited: true,
        message: '[ERROR_TOO_MANY_REQUESTS]',
      },
    );
    await expect(
      mgidSpendAdapter.fetchSpend(mgid, MGID_GOOD_CREDENTIALS, { ...native, sourceCampaignId: '999' }),
    ).rejects.toMatchObject({
      tokenExpired: false,
      rateLimited: false,
      message: '[ERROR_CAMPAIGN_DOES_NOT_EXIST]',
    });
  });

  it('refuses credentials that are not client_id:token, and a campaign id that is not digits', async () => {
    await expect(mgidSpendAdapter.fetchSpend(mgid, MGID_GOOD_TOKEN, native)).rejects.toThrow(SpendError);
    await expect(mgidSpendAdapter.fetchSpend(mgid, `${MGID_CLIENT}:`, native)).rejects.toThrow(
      /client_id:token/,
    );
    await expect(
      mgidSpendAdapter.fetchSpend(mgid, MGID_GOOD_CREDENTIALS, { ...native, sourceCampaignId: '9x' }),
    ).rejects.toThrow(/digits/);
  });

  it("checks the connection with the client's financial status, and lists its campaigns", async () => {
    expect(await mgidSpendAdapter.checkConnection(mgid, MGID_GOOD_CREDENTIALS)).toEqual({
      ok: true,
      identity: MGID_CLIENT,
      error: null,
      tokenExpired: false,
    });
    expect(await mgidSpendAdapter.checkConnection(mgid, MGID_BAD_CREDENTIALS)).toEqual({
      ok: false,
      identity: null,
      error: 'invalid token',
      tokenExpired: true,
    });
    sources.calls.length = 0;
    expect(await mgidSpendAdapter.listCampaigns(mgid, MGID_GOOD_CREDENTIALS, '')).toEqual([
      { id: '901', name: 'Native 901' },
      { id: '902', name: 'Native 902' },
    ]);
    expect(sources.calls[0]?.path).toBe(`/mgid/v1/goodhits/clients/${MGID_CLIENT}/campaigns`);
    expect(sources.calls[0]?.query.get('limit')).toBe('500');
    expect(sources.calls[0]?.query.get('start')).toBe('0');
  });
});
