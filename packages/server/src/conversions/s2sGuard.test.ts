import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { CONVERSION_API_PATHS, type ConversionListResponse, type PermissionInput } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// S2S postbacks through the outbound guard, on real servers: one with the default (no private
// destination allowed), one whose operator allowed 127.0.0.1, where local receivers stand in for the
// traffic sources. Also what hide-profit and plain users may set and see of S2S and conversion money.

interface Receiver {
  calls: URL[];
  /** A status and a Location for the next answers. */
  redirectTo: string | null;
  /** While set, requests are held unanswered until release(). */
  hold: boolean;
  port: number;
  url: string;
  release(): void;
  close(): Promise<void>;
}

async function receiver(): Promise<Receiver> {
  const held: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    state.calls.push(new URL(request.url ?? '/', 'http://receiver'));
    const answer = () =>
      state.redirectTo
        ? response.writeHead(302, { location: state.redirectTo }).end()
        : response.writeHead(200).end('ok');
    if (state.hold) held.push(answer);
    else answer();
  });
  const state: Receiver = {
    calls: [],
    redirectTo: null,
    hold: false,
    port: 0,
    url: '',
    release: () => {
      state.hold = false;
      for (const answer of held.splice(0)) answer();
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}`;
  return state;
}

interface Tracker {
  cairn: RunningCairn;
  admin: TestBrowser;
  kit: ConversionKit;
}

/** What the closed server logged (warnings and up), one JSON line each. */
const logged: string[] = [];

async function tracker(privateDestinations?: string[]): Promise<Tracker> {
  const logDestination = new Writable({
    write(chunk, _encoding, done) {
      if (!privateDestinations) logged.push(String(chunk));
      done();
    },
  });
  const { cairn, browser } = await signedInAdmin({
    trustProxy: true,
    privateDestinations,
    logLevel: 'warn',
    logDestination,
  });
  return { cairn, admin: browser, kit: new ConversionKit(cairn, browser) };
}

let closed: Tracker;
let open: Tracker;
const receivers: Receiver[] = [];
beforeAll(async () => {
  [closed, open] = await Promise.all([tracker(), tracker(['127.0.0.1'])]);
});
afterAll(async () => {
  for (const one of receivers) one.release();
  await Promise.all([closed?.cairn.close(), open?.cairn.close()]);
  await Promise.all(receivers.map((one) => one.close()));
});

async function newReceiver(): Promise<Receiver> {
  const made = await receiver();
  receivers.push(made);
  return made;
}

async function sourceCampaign(on: Tracker, postbackUrl: string, campaign: Record<string, unknown> = {}) {
  const source = await on.kit.sources.make({ name: `s-${Math.random()}`, postbackUrl });
  return on.kit.campaign({
    offer: { url: 'https://offer.example/?c={clickid}&t={t1}' },
    campaign: { trafficSourceId: source.id, ...campaign },
  });
}

async function deliver(on: Tracker): Promise<void> {
  await on.cairn.tracking.conversions.writer.idle();
  await on.cairn.tracking.conversions.outbox.runOnce();
}

const outboxOf = (on: Tracker, clickId: string) =>
  on.cairn.store.query(
    'SELECT state, attempts, last_status, last_error FROM s2s_outbox WHERE click_id = $1',
    [clickId],
  );

let users = 0;
async function signedInUser(
  on: Tracker,
  permissions: PermissionInput[],
  hideProfit: boolean,
): Promise<TestBrowser> {
  users += 1;
  const login = `s2s-user-${users}`;
  const password = 'S2s guard viewer pass 4471';
  await kindClient(on.admin, 'user').make({ login, password, permissions, hideProfit });
  const browser = new TestBrowser(on.cairn.url);
  expect((await browser.signIn(login, password)).status).toBe(200);
  return browser;
}

const conversionsOf = async (browser: TestBrowser) => {
  const result = await browser.get(`${CONVERSION_API_PATHS.list}?timezone=UTC&preset=today`);
  expect(result.status, result.text).toBe(200);
  return result.json<ConversionListResponse>().rows;
};

describe('S2S postbacks through the outbound guard', () => {
  it('refuses 127.0.0.1 and a name resolving to it, sends nothing, and tells plain users the state only', async () => {
    const source = await newReceiver();
    const literal = await sourceCampaign(closed, `${source.url}/s2s?c={clickid}&secret=token-7781`);
    const named = await sourceCampaign(closed, `http://localhost:${source.port}/s2s?c={clickid}`);
    const clicks = [await closed.kit.click(literal), await closed.kit.click(named)];
    for (const clickId of clicks) {
      expect((await closed.kit.postback(`/postback?clickid=${clickId}`)).status).toBe(200);
    }
    await deliver(closed);
    expect(source.calls).toEqual([]);
    for (const clickId of clicks) {
      const [row] = await outboxOf(closed, clickId);
      expect(row).toMatchObject({ state: 'failed', attempts: 1, last_status: null });
      expect(String(row?.last_error)).toMatch(/^OutboundRefused: .*loopback address/);
    }
    // The log names the host and the row, never the URL with its tokens.
    const givenUp = logged.filter((line) => line.includes('S2S postback given up'));
    expect(givenUp).toHaveLength(2);
    expect(givenUp[0]).toContain(`"host":"127.0.0.1:${source.port}"`);
    expect(givenUp[0]).toMatch(/"id":\d+/);
    expect(logged.join('')).not.toContain('token-7781');
    expect(logged.join('')).not.toContain(clicks[0]);
    await closed.kit.sums(clicks[0] as string);
    const forAdmin = (await conversionsOf(closed.admin)).find((row) => row.clickId === clicks[0]);
    expect(forAdmin?.s2s).toMatchObject({ state: 'failed', lastError: expect.stringContaining('127.0.0.1') });
    const plain = await signedInUser(closed, [{ kind: 'campaign', scope: 'all', access: 'read' }], false);
    const forUser = (await conversionsOf(plain)).find((row) => row.clickId === clicks[0]);
    expect(forUser?.s2s).toMatchObject({ state: 'failed', attempts: 1, lastStatus: null, lastError: null });
  });

  it('delivers to 127.0.0.1 when CAIRN_PRIVATE_DESTINATIONS allows it', async () => {
    const source = await newReceiver();
    const clickId = await open.kit.click(await sourceCampaign(open, `${source.url}/s2s?c={clickid}`));
    await open.kit.postback(`/postback?clickid=${clickId}`);
    await deliver(open);
    expect(source.calls.map((call) => call.searchParams.get('c'))).toEqual([clickId]);
    expect(await outboxOf(open, clickId)).toEqual([
      { state: 'delivered', attempts: 1, last_status: 200, last_error: null },
    ]);
  });

  it('takes a redirect as the answer and does not follow it', async () => {
    const source = await newReceiver();
    source.redirectTo = `${source.url}/followed`;
    const clickId = await open.kit.click(await sourceCampaign(open, `${source.url}/s2s?c={clickid}`));
    await open.kit.postback(`/postback?clickid=${clickId}`);
    await deliver(open);
    expect(source.calls.map((call) => call.pathname)).toEqual(['/s2s']);
    expect(await outboxOf(open, clickId)).toEqual([
      { state: 'pending', attempts: 1, last_status: 302, last_error: 'HTTP 302' },
    ]);
  });

  it('records a token cut inside a surrogate pair and builds its S2S URL', async () => {
    const source = await newReceiver();
    const campaign = await sourceCampaign(open, `${source.url}/s2s?c={clickid}&t1={t1}`);
    // The 256th UTF-16 unit of this value is the high half of an emoji.
    const token = `${'a'.repeat(255)}😀`;
    const clickId = await open.kit.click(campaign, `t1=${encodeURIComponent(token)}`);
    const answer = await open.kit.postback(`/postback?clickid=${clickId}`);
    expect(answer.status, answer.text).toBe(200);
    await deliver(open);
    expect(source.calls.map((call) => call.searchParams.get('t1'))).toEqual(['a'.repeat(255)]);
    expect(await open.kit.sums(clickId)).toMatchObject({ events: 1, approved: 1 });
  });

  it('keeps {payout} out of the S2S URLs a hide-profit user saves', async () => {
    const hidden = await signedInUser(
      open,
      [{ kind: 'traffic_source', scope: 'all', access: 'write' }],
      true,
    );
    const sources = kindClient(hidden, 'traffic_source');
    const refused = await sources.create({ name: 'Mine', postbackUrl: 'https://mine.example/pb?p={payout}' });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: [{ message: expect.stringContaining('{payout}'), detail: { field: 'postbackUrl' } }],
    });
    const made = await sources.make<{ postbackUrl: string }>({
      name: 'Mine',
      postbackUrl: 'https://mine.example/pb?c={clickid}',
    });
    const edit = await sources.put(made.id, {
      name: 'Mine',
      postbackUrl: 'https://mine.example/pb?r={payout}',
    });
    expect(edit.status).toBe(400);
    expect((await sources.mass([made.id], { postbackUrl: 'https://mine.example/?{payout}' })).status).toBe(
      400,
    );
    expect((await sources.get(made.id)).json()).toMatchObject({
      postbackUrl: 'https://mine.example/pb?c={clickid}',
    });
    // Admins still may.
    await open.kit.sources.make({ name: 'Theirs', postbackUrl: 'https://theirs.example/pb?p={payout}' });
  });

  it('hides the cost of RevShare conversions from hide-profit users, not of CPA ones', async () => {
    const revshare = await open.kit.campaign({ campaign: { costModel: 'revshare', costMicros: 40_000_000 } });
    const cpa = await open.kit.campaign({ campaign: { costModel: 'cpa', costMicros: 1_000_000 } });
    const shared = await open.kit.click(revshare);
    const fixed = await open.kit.click(cpa);
    await open.kit.postback(`/postback?clickid=${shared}`);
    await open.kit.postback(`/postback?clickid=${fixed}`);
    await open.kit.sums(shared);
    // The offer pays 5; the RevShare campaign charges 40% of it.
    const byClick = (rows: ConversionListResponse['rows'], clickId: string) =>
      rows.find((row) => row.clickId === clickId);
    const asAdmin = await conversionsOf(open.admin);
    expect(byClick(asAdmin, shared)).toMatchObject({ costMicros: 2_000_000, revenueMicros: 5_000_000 });
    const hidden = await signedInUser(open, [{ kind: 'campaign', scope: 'all', access: 'read' }], true);
    const rows = await conversionsOf(hidden);
    expect(byClick(rows, fixed)).toMatchObject({ costMicros: 1_000_000 });
    const revshareRow = byClick(rows, shared);
    expect(revshareRow).toBeDefined();
    expect(Object.keys(revshareRow ?? {}).filter((key) => /cost|revenue|payout/i.test(key))).toEqual([]);
  });

  // Last: the slow source's put-back rows stay in the outbox.
  it('sends to a second source while a slow one holds its requests', async () => {
    const slow = await newReceiver();
    const fast = await newReceiver();
    const slowCampaign = await sourceCampaign(open, `${slow.url}/s2s?c={clickid}`);
    const fastCampaign = await sourceCampaign(open, `${fast.url}/s2s?c={clickid}`);
    const slowClicks: string[] = [];
    for (let n = 0; n < 10; n += 1) slowClicks.push(await open.kit.click(slowCampaign));
    const fastClick = await open.kit.click(fastCampaign);
    slow.hold = true;
    for (const clickId of slowClicks) await open.kit.postback(`/postback?clickid=${clickId}`);
    await open.kit.postback(`/postback?clickid=${fastClick}`);
    await open.cairn.tracking.conversions.writer.idle();
    open.cairn.tracking.conversions.outbox.poke();
    await expect.poll(() => fast.calls.length, { timeout: 5000 }).toBe(1);
    // The slow source had its own slots only, still unanswered.
    expect(slow.calls.length).toBeGreaterThan(0);
    expect(slow.calls.length).toBeLessThanOrEqual(2);
    slow.release();
  });
});
