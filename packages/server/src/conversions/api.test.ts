import {
  CONVERSION_API_PATHS,
  type ConversionListResponse,
  type ConversionUploadResponse,
  CUSTOM_EVENT_PATHS,
  CUSTOM_EVENT_SLOTS,
  customEventNamesResponseSchema,
  DEFAULT_POSTBACK_PROCESSING,
  type PermissionInput,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { Clock, TestBrowser } from '../../test-support/server.ts';
import { mintClickId } from '../events/clickId.ts';
import type { RunningCairn } from '../index.ts';

// The panel's conversion API through the real server: the log with names, paging, filters and
// delivery state, hide-profit and campaign permissions, the bulk upload and the processing settings.

let cairn: RunningCairn;
let admin: TestBrowser;
let kit: ConversionKit;
const clock = new Clock('2026-03-04T10:30:00.000Z');
let alpha: Awaited<ReturnType<ConversionKit['campaign']>>;
let beta: Awaited<ReturnType<ConversionKit['campaign']>>;
const clicks: string[] = [];

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin({ trustProxy: true, now: clock.now }));
  kit = new ConversionKit(cairn, admin);
  alpha = await kit.campaign({ network: { name: 'Net A' }, campaign: { name: 'Alpha' } });
  beta = await kit.campaign({
    network: { name: 'Net B' },
    campaign: { name: 'Beta', costModel: 'cpa', costMicros: 1_000_000 },
  });
  for (const campaign of [alpha, alpha, beta]) {
    clock.advance(60_000);
    const clickId = await kit.click(campaign);
    clock.advance(90_000);
    await kit.postback(`/postback?clickid=${clickId}&txid=T${clicks.length}&status=pending`);
    clicks.push(clickId);
  }
  clock.advance(60_000);
  await kit.postback(`/postback?clickid=${clicks[0]}&txid=T0&status=declined`);
  await kit.sums(clicks[0] as string);
});
afterAll(async () => {
  await cairn.close();
});

let users = 0;
async function signedInUser(permissions: PermissionInput[], hideProfit = false): Promise<TestBrowser> {
  users += 1;
  const login = `conversions-${users}`;
  const password = 'Conversion viewer pass 8812';
  await kindClient(admin, 'user').make({ login, password, permissions, hideProfit });
  const browser = new TestBrowser(cairn.url);
  expect((await browser.signIn(login, password)).status).toBe(200);
  return browser;
}

const list = async (browser: TestBrowser, query = '') => {
  const preset = query.includes('preset=') ? '' : '&preset=today';
  const result = await browser.get(`${CONVERSION_API_PATHS.list}?timezone=UTC${preset}${query}`);
  expect(result.status, result.text).toBe(200);
  return result.json<ConversionListResponse>();
};

describe('the conversion log', () => {
  it('lists conversions newest first with their current status, names and figures', async () => {
    const body = await list(admin);
    expect(body.rows.map((row) => row.clickId)).toEqual([...clicks].reverse());
    expect(body.nextCursor).toBeNull();
    const [newest, , oldest] = body.rows;
    expect(newest).toMatchObject({
      clickId: clicks[2],
      seq: 1,
      campaign: { id: beta.id, name: 'Beta' },
      affiliateNetwork: { name: 'Net B' },
      status: 'pending',
      networkStatus: 'pending',
      txid: 'T2',
      timeToConvertSeconds: 90,
      revenueMicros: 5_000_000,
      revenueOriginalMicros: 5_000_000,
      revenueCurrency: 'USD',
      costMicros: 1_000_000,
      s2s: { state: 'none', attempts: 0 },
    });
    expect(newest?.offer?.id).toBe(beta.offerId);
    expect(oldest).toMatchObject({ clickId: clicks[0], status: 'declined', revenueMicros: 0 });
    expect(Date.parse(oldest?.updatedAt ?? '')).toBeGreaterThan(Date.parse(oldest?.time ?? ''));
  });

  it('pages with the cursor, each conversion once', async () => {
    const first = await list(admin, '&limit=2');
    expect(first.rows).toHaveLength(2);
    const second = await list(admin, `&limit=2&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    expect([...first.rows, ...second.rows].map((row) => row.clickId)).toEqual([...clicks].reverse());
  });

  it('filters by the reports dimensions and by the current status', async () => {
    expect((await list(admin, `&filter[campaign]=${alpha.id}`)).rows.map((row) => row.clickId)).toEqual([
      clicks[1],
      clicks[0],
    ]);
    expect((await list(admin, '&filter[conversion_status]=declined')).rows.map((row) => row.clickId)).toEqual(
      [clicks[0]],
    );
    expect((await list(admin, '&preset=yesterday')).rows).toEqual([]);
  });

  it('refuses malformed queries with 400', async () => {
    for (const query of [
      'preset=someday',
      'limit=0',
      'limit=501',
      'cursor=***',
      'filter[nope]=1',
      'timezone=Mars/Base',
    ]) {
      expect((await admin.get(`${CONVERSION_API_PATHS.list}?${query}`)).status, query).toBe(400);
    }
    const forged = Buffer.from('["x","y",1]').toString('base64url');
    expect((await admin.get(`${CONVERSION_API_PATHS.list}?cursor=${forged}`)).status).toBe(400);
  });

  it('hides revenue from hide-profit users and keeps plain users to their campaigns', async () => {
    const hidden = await signedInUser([{ kind: 'campaign', scope: 'all', access: 'read' }], true);
    const row = (await list(hidden)).rows[0];
    expect(row).toMatchObject({ clickId: clicks[2], costMicros: 1_000_000 });
    expect(Object.keys(row ?? {}).filter((key) => key.startsWith('revenue'))).toEqual([]);
    const scoped = await signedInUser([
      { kind: 'campaign', scope: 'items', access: 'read', itemIds: [beta.id] },
    ]);
    expect((await list(scoped)).rows.map((one) => one.clickId)).toEqual([clicks[2]]);
    const none = await signedInUser([{ kind: 'offer', scope: 'all', access: 'read' }]);
    expect((await none.get(CONVERSION_API_PATHS.list)).status).toBe(403);
    expect((await new TestBrowser(cairn.url).get(CONVERSION_API_PATHS.list)).status).toBe(401);
  });
});

describe('bulk upload', () => {
  it('processes each line like a postback and reports it', async () => {
    const fresh = await kit.click(alpha);
    const text = [
      '# clickid:payout=..:status=..',
      `${fresh}:status=approved:txid=U:1`,
      `${fresh}:status=approved:txid=U:1`,
      `${clicks[1]}:cnv_status=approved:txid=T1`,
      '',
      'not-a-click-id:payout=1',
      `${mintClickId(clock.ms - 3600_000)}`,
      `${fresh}:payout=-3`,
    ].join('\n');
    const result = await admin.post(CONVERSION_API_PATHS.upload, { text });
    expect(result.status).toBe(200);
    const body = result.json<ConversionUploadResponse>();
    expect(body.lines.map((line) => [line.line, line.outcome])).toEqual([
      [2, 'recorded'],
      [3, 'ignored'],
      [4, 'updated'],
      [6, 'error'],
      [7, 'error'],
      [8, 'error'],
    ]);
    expect(body.lines[4]?.message).toBe('unknown click');
    expect(body).toMatchObject({ recorded: 1, updated: 1, ignored: 1, errors: 3 });
    expect(await kit.conversions(fresh)).toMatchObject([{ txid: 'U:1', status: 'approved' }]);
    const plain = await signedInUser([{ kind: 'campaign', scope: 'all', access: 'write' }]);
    expect((await plain.post(CONVERSION_API_PATHS.upload, { text: `${fresh}` })).status).toBe(403);
    expect((await admin.post(CONVERSION_API_PATHS.upload, { text: '' })).status).toBe(400);
  });

  it('takes conversions as JSON by API, each as a postback, and refuses bad items by field', async () => {
    const auto = await kit.campaign({ offer: { payoutAuto: true } });
    const first = await kit.click(auto);
    const second = await kit.click(auto);
    const record = (body: unknown) => admin.post(CONVERSION_API_PATHS.list, body);
    const result = await record({
      conversions: [
        { clickId: first, status: 'approved', payoutMicros: 12_345_678, txid: 'API-1' },
        { clickId: first, status: 'approved', payoutMicros: 12_345_678, txid: 'API-1' },
        { clickId: second, payoutMicros: 500_000, disablePostback: true },
        { clickId: 'not-a-click-id' },
      ],
    });
    expect(result.status, result.text).toBe(200);
    const body = result.json<ConversionUploadResponse>();
    expect(body.lines.map((line) => [line.line, line.clickId, line.outcome])).toEqual([
      [1, first, 'recorded'],
      [2, first, 'ignored'],
      [3, second, 'recorded'],
      [4, 'not-a-click-id', 'error'],
    ]);
    expect(await kit.conversions(first)).toMatchObject([{ txid: 'API-1', status: 'approved' }]);
    expect(await kit.sums(first)).toMatchObject({ approved: 1, revenue: 12_345_678 });
    expect(await kit.sums(second)).toMatchObject({ revenue: 500_000 });
    for (const [bad, field] of [
      [{ conversions: [] }, 'conversions'],
      [{ conversions: [{ clickId: first, payoutMicros: -1 }] }, 'conversions.0.payoutMicros'],
      [{ conversions: [{ clickId: first, payoutMicros: 1.5 }] }, 'conversions.0.payoutMicros'],
      [{ conversions: [{ clickId: '' }] }, 'conversions.0.clickId'],
      [{ conversions: [{ clickId: first, currency: 'dollars' }] }, 'conversions.0.currency'],
    ] as const) {
      const refused = await record(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(errorFields(refused)).toEqual([field]);
    }
    const plain = await signedInUser([{ kind: 'campaign', scope: 'all', access: 'write' }]);
    expect((await plain.post(CONVERSION_API_PATHS.list, { conversions: [{ clickId: first }] })).status).toBe(
      403,
    );
  });

  it('answers once the conversions are in the log, however far off the next flush is', async () => {
    const slow = await signedInAdmin({ flushIntervalMs: 3_600_000 });
    try {
      const slowKit = new ConversionKit(slow.cairn, slow.browser);
      const campaign = await slowKit.campaign({ offer: { payoutAuto: true } });
      const clickId = await slowKit.click(campaign);
      const upload = await slow.browser.post(CONVERSION_API_PATHS.upload, {
        text: `${clickId}:payout=4.5:status=approved`,
      });
      expect(upload.json<ConversionUploadResponse>()).toMatchObject({ recorded: 1 });
      const log = await slow.browser.get(`${CONVERSION_API_PATHS.list}?preset=all_time&timezone=UTC`);
      expect(log.json<ConversionListResponse>().rows).toMatchObject([
        { clickId, status: 'approved', revenueMicros: 4_500_000 },
      ]);
    } finally {
      await slow.cairn.close();
    }
  });
});

describe('postback-processing settings', () => {
  it('are read and written by admins, validated, and applied to postbacks', async () => {
    const read = await admin.get(CONVERSION_API_PATHS.postbackSettings);
    expect(read.json()).toEqual(DEFAULT_POSTBACK_PROCESSING);
    const changed = { ...DEFAULT_POSTBACK_PROCESSING, unknownStatus: 'declined', missingStatus: 'pending' };
    const put = await admin.call('PUT', CONVERSION_API_PATHS.postbackSettings, { body: changed });
    expect(put.status).toBe(200);
    expect((await admin.get(CONVERSION_API_PATHS.postbackSettings)).json()).toEqual(changed);
    const missing = await kit.click(alpha);
    await kit.postback(`/postback?clickid=${missing}`);
    expect(await kit.sums(missing)).toMatchObject({ pending: 1 });
    const unknown = await kit.click(alpha);
    await kit.postback(`/postback?clickid=${unknown}&status=whatever`);
    expect(await kit.sums(unknown)).toMatchObject({ declined: 1 });
    for (const body of [
      { ...changed, unknownStatus: 'lost' },
      { ...changed, extra: 1 },
      { pixelEnabled: 'yes' },
    ]) {
      expect((await admin.call('PUT', CONVERSION_API_PATHS.postbackSettings, { body })).status).toBe(400);
    }
    const plain = await signedInUser([{ kind: 'campaign', scope: 'all', access: 'write' }]);
    expect((await plain.get(CONVERSION_API_PATHS.postbackSettings)).status).toBe(403);
    await admin.call('PUT', CONVERSION_API_PATHS.postbackSettings, { body: DEFAULT_POSTBACK_PROCESSING });
  });
});

describe('custom event names', () => {
  it('are read by any signed-in user, one per slot, as the admin last saved them', async () => {
    const viewer = await signedInUser([{ kind: 'campaign', scope: 'all', access: 'read' }], true);
    const unnamed = await viewer.get(CUSTOM_EVENT_PATHS.names);
    expect(unnamed.status).toBe(200);
    expect(unnamed.json()).toEqual({ names: Array(CUSTOM_EVENT_SLOTS).fill('') });
    const body = { ...DEFAULT_POSTBACK_PROCESSING, eventNames: ['registration', '', 'deposit'] };
    expect((await admin.call('PUT', CONVERSION_API_PATHS.postbackSettings, { body })).status).toBe(200);
    const named = customEventNamesResponseSchema.parse((await viewer.get(CUSTOM_EVENT_PATHS.names)).json());
    expect(named.names.slice(0, 4)).toEqual(['registration', '', 'deposit', '']);
    expect(named.names).toHaveLength(CUSTOM_EVENT_SLOTS);
    expect((await new TestBrowser(cairn.url).get(CUSTOM_EVENT_PATHS.names)).status).toBe(401);
    await admin.call('PUT', CONVERSION_API_PATHS.postbackSettings, { body: DEFAULT_POSTBACK_PROCESSING });
  });
});
