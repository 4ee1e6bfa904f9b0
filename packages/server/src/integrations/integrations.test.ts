import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CampaignConversionOutList,
  type ConversionOut,
  INTEGRATION_PATHS,
  type IntegrationAccount,
  type IntegrationAccountList,
  type IntegrationCheck,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import type { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// Integration accounts and conversions sent to Meta's Conversions API, on a real server whose operator
// allowed 127.0.0.1, against a fake Graph API on a real port that answers as Meta documents: `/me` for
// the connection check (code 190 for an expired token) and `/{pixel}/events` for events.

const GOOD_TOKEN = 'EAAGood0123456789abcdefTOKEN';
const EXPIRED_TOKEN = 'EAAExpired0123456789abcdefTOKEN';
const PIXEL = '123456789012345';
/** A campaign's own pixel, beside its traffic source's. */
const CAMPAIGN_PIXEL = '543210987654321';

interface GraphCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
}

interface FakeGraph {
  calls: GraphCall[];
  /** Statuses for the next event posts, in order; 200 after they run out. */
  eventStatuses: number[];
  url: string;
  close(): Promise<void>;
}

async function fakeGraph(): Promise<FakeGraph> {
  const state: FakeGraph = { calls: [], eventStatuses: [], url: '', close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://graph');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      state.calls.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams, body });
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const token = url.searchParams.get('access_token') ?? body?.access_token;
      if (token === EXPIRED_TOKEN) {
        return json(400, {
          error: {
            message: 'Error validating access token: Session has expired on Sunday, 06-Dec-26 10:00:00 PST.',
            type: 'OAuthException',
            code: 190,
            error_subcode: 463,
            fbtrace_id: 'AbCdEf',
          },
        });
      }
      if (token !== GOOD_TOKEN) {
        return json(400, {
          error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
        });
      }
      if (request.method === 'GET' && url.pathname === '/v25.0/me')
        return json(200, { id: '42', name: 'Ada Buyer' });
      if (
        request.method === 'POST' &&
        [PIXEL, CAMPAIGN_PIXEL].some((pixel) => url.pathname === `/v25.0/${pixel}/events`)
      ) {
        const status = state.eventStatuses.shift() ?? 200;
        if (status !== 200)
          return json(status, { error: { message: 'Service temporarily unavailable', code: 2 } });
        return json(200, { events_received: ((body?.data ?? []) as unknown[]).length, fbtrace_id: 'Zz' });
      }
      return json(404, { error: { message: 'Unknown path', code: 803 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return state;
}

let graph: FakeGraph;
let cairn: RunningCairn;
let admin: TestBrowser;
let kit: ConversionKit;

beforeAll(async () => {
  graph = await fakeGraph();
  ({ cairn, browser: admin } = await signedInAdmin({
    trustProxy: true,
    privateDestinations: ['127.0.0.1'],
    metaGraphUrl: `${graph.url}/v25.0`,
  }));
  kit = new ConversionKit(cairn, admin);
});
afterAll(async () => {
  await cairn?.close();
  await graph?.close();
});

const accountPath = (id: number) => INTEGRATION_PATHS.account.replace(':id', String(id));
const checkPath = (id: number) => INTEGRATION_PATHS.check.replace(':id', String(id));
const outPath = (sourceId: number) =>
  INTEGRATION_PATHS.conversionOut.replace(':trafficSourceId', String(sourceId));
const campaignOutPath = (campaignId: number) =>
  INTEGRATION_PATHS.campaignConversionOut.replace(':campaignId', String(campaignId));

async function connect(name: string, accessToken: string): Promise<IntegrationAccount> {
  const made = await admin.post(INTEGRATION_PATHS.accounts, { platform: 'meta', name, accessToken });
  expect(made.status, made.text).toBe(201);
  return made.json<IntegrationAccount>();
}

const sha = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

describe('integration accounts', () => {
  it('creates, lists, renames, replaces the token and deletes, never answering the token', async () => {
    const account = await connect('Main business', GOOD_TOKEN);
    expect(account).toMatchObject({
      platform: 'meta',
      name: 'Main business',
      hasAccessToken: true,
      checkState: 'unchecked',
      checkedAt: null,
    });
    const listed = await admin.get(INTEGRATION_PATHS.accounts);
    expect(listed.json<IntegrationAccountList>().items.map((one) => one.id)).toContain(account.id);
    const renamed = await admin.put(accountPath(account.id), { name: 'Renamed' });
    expect(renamed.json<IntegrationAccount>()).toMatchObject({ name: 'Renamed', hasAccessToken: true });
    const replaced = await admin.put(accountPath(account.id), {
      name: 'Renamed',
      accessToken: EXPIRED_TOKEN,
    });
    expect(replaced.status).toBe(200);
    for (const text of [listed.text, renamed.text, replaced.text]) {
      expect(text).not.toContain(GOOD_TOKEN);
      expect(text).not.toContain(EXPIRED_TOKEN);
      expect(text).not.toContain('accessToken');
    }
    // Sealed at rest, and kept out of the audit log.
    const [row] = await cairn.store.query('SELECT sealed_token FROM integration_accounts WHERE id = $1', [
      account.id,
    ]);
    expect(String(row?.sealed_token)).not.toContain('EAA');
    const audit = await cairn.store.query("SELECT details FROM audit_log WHERE action LIKE 'integration_%'");
    expect(JSON.stringify(audit)).not.toContain('EAA');
    expect((await admin.call('DELETE', accountPath(account.id))).status).toBe(200);
    expect((await admin.get(INTEGRATION_PATHS.accounts)).json<IntegrationAccountList>().items).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: account.id })]),
    );
    expect((await admin.call('DELETE', accountPath(account.id))).status).toBe(404);
  });

  it('refuses bad input with 400 naming each field', async () => {
    const bad = await admin.post(INTEGRATION_PATHS.accounts, {
      platform: 'myspace',
      name: '',
      accessToken: 'short',
    });
    expect(bad.status).toBe(400);
    expect(errorFields(bad).sort()).toEqual(['accessToken', 'name', 'platform']);
    const account = await connect('For sources', GOOD_TOKEN);
    const source = await kit.sources.make({ name: `fb-${Math.random()}` });
    const out = await admin.put(outPath(source.id), { accountId: 0, pixelId: 'abc', eventName: 'Buy!' });
    expect(out.status).toBe(400);
    expect(errorFields(out).sort()).toEqual(['accountId', 'eventName', 'pixelId']);
    const missing = await admin.put(outPath(source.id), { accountId: account.id + 1000, pixelId: PIXEL });
    expect(missing.status).toBe(400);
    expect(errorFields(missing)).toEqual(['accountId']);
    expect((await admin.put(outPath(999_999), { accountId: account.id, pixelId: PIXEL })).status).toBe(404);
  });

  it('checks the connection against the Graph API, and reports an expired token in Meta words', async () => {
    const good = await connect('Good', GOOD_TOKEN);
    const ok = await admin.post(checkPath(good.id), {});
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json<IntegrationCheck>()).toMatchObject({
      ok: true,
      identity: 'Ada Buyer',
      error: null,
      tokenExpired: false,
      account: { checkState: 'ok', checkError: null },
    });
    const expired = await connect('Expired', EXPIRED_TOKEN);
    const failed = await admin.post(checkPath(expired.id), {});
    expect(failed.status).toBe(200);
    expect(failed.json<IntegrationCheck>()).toMatchObject({
      ok: false,
      identity: null,
      tokenExpired: true,
      error: expect.stringContaining('Session has expired'),
      account: { checkState: 'failed', checkError: expect.stringContaining('Session has expired') },
    });
    const checks = graph.calls.filter((call) => call.path === '/v25.0/me');
    expect(checks.map((call) => call.query.get('access_token'))).toEqual([GOOD_TOKEN, EXPIRED_TOKEN]);
    expect(failed.text).not.toContain(EXPIRED_TOKEN);
  });
});

describe('conversions out to Meta', () => {
  it('sends one well-formed Purchase, one Refund after a chargeback, and delivers once after a 500', async () => {
    const account = await connect('Sending', GOOD_TOKEN);
    const source = await kit.sources.make({
      name: `fb-${Math.random()}`,
      externalId: { parameter: 'fbclid', placeholder: '' },
    });
    const set = await admin.put(outPath(source.id), { accountId: account.id, pixelId: PIXEL });
    expect(set.status, set.text).toBe(200);
    expect(set.json<ConversionOut>()).toMatchObject({
      eventName: 'Purchase',
      enabled: true,
      platform: 'meta',
    });
    // An account in use cannot be deleted from under its source.
    expect((await admin.call('DELETE', accountPath(account.id))).status).toBe(409);
    // The network's payout is taken (automatic payout), so the value sent is the postback's.
    const campaign = await kit.campaign({
      offer: { payoutAuto: true },
      campaign: { trafficSourceId: source.id },
    });
    const clickId = await kit.click(campaign, 'fbclid=IwAR2abcDEF');
    graph.calls.length = 0;
    graph.eventStatuses = [500];
    expect((await kit.postback(`/postback?clickid=${clickId}&payout=12.5`)).status).toBe(200);
    await cairn.tracking.conversions.writer.idle();
    await cairn.tracking.conversions.outbox.runOnce();
    const outboxOf = () =>
      cairn.store.query(
        'SELECT state, attempts, last_status, integration_account_id FROM s2s_outbox WHERE click_id = $1 ORDER BY id',
        [clickId],
      );
    expect(await outboxOf()).toEqual([
      { state: 'pending', attempts: 1, last_status: 500, integration_account_id: account.id },
    ]);
    // The retry is due later: made due now, it is sent again and delivered, then never sent again.
    await cairn.store.execute(
      "UPDATE s2s_outbox SET next_attempt_at = CAST('2000-01-01' AS TIMESTAMPTZ) WHERE click_id = $1",
      [clickId],
    );
    await cairn.tracking.conversions.outbox.runOnce();
    await cairn.tracking.conversions.outbox.runOnce();
    expect(await outboxOf()).toEqual([
      { state: 'delivered', attempts: 2, last_status: 200, integration_account_id: account.id },
    ]);
    const posts = graph.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toEqual(posts[1]?.body);
    const body = posts[1]?.body as { access_token: string; data: Record<string, unknown>[] };
    expect(body.access_token).toBe(GOOD_TOKEN);
    expect(body.data).toHaveLength(1);
    const [event] = body.data;
    const stored = await kit.conversions(clickId);
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_id: `${clickId}.1`,
      action_source: 'website',
      custom_data: { value: 12.5, currency: 'USD' },
    });
    expect(Number(event?.event_time)).toBeGreaterThan(Date.now() / 1000 - 300);
    const userData = event?.user_data as Record<string, unknown>;
    // fbc and the client's address and browser go as they are; the external id hashed.
    expect(userData.fbc).toMatch(/^fb\.1\.\d{13}\.IwAR2abcDEF$/);
    expect(userData.client_ip_address).toBe('212.27.48.10');
    expect(userData.client_user_agent).toBe('Mozilla/5.0 (Windows NT 10.0; Win64; x64)');
    expect(userData.external_id).toEqual([sha(clickId)]);
    expect(stored).toHaveLength(1);
    expect(Number(stored[0]?.revenue_micros)).toBe(12_500_000);

    // A repeat of the approval sends nothing; a chargeback sends one refund, and only once.
    graph.calls.length = 0;
    await kit.postback(`/postback?clickid=${clickId}&payout=12.5`);
    await kit.postback(`/postback?clickid=${clickId}&status=chargeback`);
    await kit.postback(`/postback?clickid=${clickId}&status=approved`);
    await kit.postback(`/postback?clickid=${clickId}&status=chargeback`);
    await cairn.tracking.conversions.writer.idle();
    await cairn.tracking.conversions.outbox.runOnce();
    const refunds = graph.calls.filter((call) => call.method === 'POST');
    expect(refunds).toHaveLength(1);
    const [refund] = (refunds[0]?.body as { data: Record<string, unknown>[] } | undefined)?.data ?? [];
    expect(refund).toMatchObject({
      event_name: 'Refund',
      event_id: `${clickId}.1.refund`,
      custom_data: { value: -12.5, currency: 'USD' },
      user_data: { fbc: userData.fbc, client_ip_address: '212.27.48.10' },
    });
  });

  it('fails a queued event at once when its account was deleted, and sends nothing', async () => {
    const account = await connect('Short-lived', GOOD_TOKEN);
    const source = await kit.sources.make({
      name: `fb-${Math.random()}`,
      externalId: { parameter: 'fbclid', placeholder: '' },
    });
    expect((await admin.put(outPath(source.id), { accountId: account.id, pixelId: PIXEL })).status).toBe(200);
    const campaign = await kit.campaign({ campaign: { trafficSourceId: source.id } });
    const clickId = await kit.click(campaign, 'fbclid=IwAR2gone');
    // The first attempt fails, so the row is still queued when the account goes.
    graph.eventStatuses = [500];
    await kit.postback(`/postback?clickid=${clickId}`);
    await cairn.tracking.conversions.writer.idle();
    await cairn.tracking.conversions.outbox.runOnce();
    expect((await admin.call('DELETE', outPath(source.id))).status).toBe(200);
    expect((await admin.call('DELETE', accountPath(account.id))).status).toBe(200);
    graph.calls.length = 0;
    await cairn.store.execute(
      "UPDATE s2s_outbox SET next_attempt_at = CAST('2000-01-01' AS TIMESTAMPTZ) WHERE click_id = $1",
      [clickId],
    );
    await cairn.tracking.conversions.outbox.runOnce();
    expect(graph.calls).toEqual([]);
    const [row] = await cairn.store.query(
      'SELECT state, attempts, last_error FROM s2s_outbox WHERE click_id = $1',
      [clickId],
    );
    expect(row).toMatchObject({ state: 'failed', attempts: 2 });
    expect(String(row?.last_error)).toMatch(/^AccountGone: /);
  });
});

describe('conversions out per campaign', () => {
  /** Posts an approved conversion for a new click and sends what it queued; answers the pixels it reached. */
  async function pixelsReached(campaign: Awaited<ReturnType<ConversionKit['campaign']>>): Promise<string[]> {
    const clickId = await kit.click(campaign, `fbclid=IwAR2${crypto.randomUUID().slice(0, 8)}`);
    graph.calls.length = 0;
    graph.eventStatuses = [];
    expect((await kit.postback(`/postback?clickid=${clickId}&payout=5`)).status).toBe(200);
    await cairn.tracking.conversions.writer.idle();
    await cairn.tracking.conversions.outbox.runOnce();
    return graph.calls.filter((call) => call.method === 'POST').map((call) => call.path.split('/')[2] ?? '');
  }

  it("sends a campaign's conversions where the campaign says, in its source's place, until dropped", async () => {
    const account = await connect('Per campaign', GOOD_TOKEN);
    const source = await kit.sources.make({
      name: `fb-${Math.random()}`,
      externalId: { parameter: 'fbclid', placeholder: '' },
    });
    expect((await admin.put(outPath(source.id), { accountId: account.id, pixelId: PIXEL })).status).toBe(200);
    const plain = await kit.campaign({ campaign: { trafficSourceId: source.id } });
    const own = await kit.campaign({ campaign: { trafficSourceId: source.id } });
    const set = await admin.put(campaignOutPath(own.id), {
      accountId: account.id,
      pixelId: CAMPAIGN_PIXEL,
      eventName: 'Lead',
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json()).toMatchObject({ campaignId: own.id, pixelId: CAMPAIGN_PIXEL, eventName: 'Lead' });
    const listed = await admin.get(INTEGRATION_PATHS.campaignConversionsOut);
    expect(listed.json<CampaignConversionOutList>().items.map((one) => one.campaignId)).toContain(own.id);

    expect(await pixelsReached(plain)).toEqual([PIXEL]);
    expect(await pixelsReached(own)).toEqual([CAMPAIGN_PIXEL]);
    expect(graph.calls[0]?.body).toMatchObject({ data: [{ event_name: 'Lead' }] });
    // Turned off, the campaign's setting still takes its source's place: this campaign opts out.
    const off = await admin.put(campaignOutPath(own.id), {
      accountId: account.id,
      pixelId: CAMPAIGN_PIXEL,
      enabled: false,
    });
    expect(off.status).toBe(200);
    expect(await pixelsReached(own)).toEqual([]);
    // An account a campaign uses cannot be deleted; dropped, the campaign follows its source again.
    const refused = await admin.call('DELETE', accountPath(account.id));
    expect(refused.status).toBe(409);
    expect((await admin.call('DELETE', outPath(source.id))).status).toBe(200);
    expect((await admin.call('DELETE', accountPath(account.id))).text).toMatch(/Campaigns .*still send/);
    expect((await admin.put(outPath(source.id), { accountId: account.id, pixelId: PIXEL })).status).toBe(200);
    expect((await admin.call('DELETE', campaignOutPath(own.id))).status).toBe(200);
    expect(await pixelsReached(own)).toEqual([PIXEL]);
    expect((await admin.call('DELETE', campaignOutPath(own.id))).status).toBe(404);
  });

  it('refuses an unknown campaign, and a destination not in the platform form, field by field', async () => {
    const account = await connect('Checked', GOOD_TOKEN);
    expect((await admin.put(campaignOutPath(987654), { accountId: account.id, pixelId: PIXEL })).status).toBe(
      404,
    );
    const campaign = await kit.campaign({});
    const wrong = await admin.put(campaignOutPath(campaign.id), { accountId: account.id, pixelId: 'abcdef' });
    expect(wrong.status).toBe(400);
    expect(errorFields(wrong)).toContain('pixelId');
    const noAccount = await admin.put(campaignOutPath(campaign.id), { accountId: 999999, pixelId: PIXEL });
    expect(errorFields(noAccount)).toContain('accountId');
  });
});
