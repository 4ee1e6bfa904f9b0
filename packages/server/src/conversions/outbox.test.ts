import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { ADMIN_PASSWORD, Clock, startTestCairn, TestBrowser, tempDir } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// S2S postbacks to a traffic source: a local HTTP receiver stands in for the source and records every
// call. The server runs on an injected clock, so retries come due when the test moves the clock.

interface Receiver {
  calls: URL[];
  /** Statuses for the next calls, in order; 200 once they run out. */
  answers: number[];
  url: string;
  close(): Promise<void>;
}

async function receiver(): Promise<Receiver> {
  const state: Receiver = { calls: [], answers: [], url: '', close: async () => {} };
  const server = http.createServer((request, response) => {
    state.calls.push(new URL(request.url ?? '/', 'http://receiver'));
    response.writeHead(state.answers.shift() ?? 200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

const clock = new Clock('2026-03-04T10:30:00.000Z');
// The receiver stands in for a source on the internet, so its loopback address is allowed explicitly.
const SERVER = { trustProxy: true, now: clock.now, privateDestinations: ['127.0.0.1'] };
const dataDir = tempDir();
let cairn: RunningCairn;
let kit: ConversionKit;
let source: Receiver;

beforeAll(async () => {
  source = await receiver();
  const started = await signedInAdmin({ ...SERVER, dataDir });
  cairn = started.cairn;
  kit = new ConversionKit(cairn, started.browser);
});
afterAll(async () => {
  await cairn.close();
  await source.close();
});

/** Lets the writer commit and the outbox send everything due now. */
async function deliver(): Promise<void> {
  await cairn.tracking.conversions.writer.idle();
  await cairn.tracking.conversions.outbox.runOnce();
}

async function sourceCampaign(values: Record<string, unknown> = {}, network: Record<string, unknown> = {}) {
  const trafficSource = await kit.sources.make({
    name: `s-${Math.random()}`,
    externalId: { parameter: 'ext', placeholder: '{ext}' },
    postbackUrl: `${source.url}/s2s?ext={externalid}&payout={payout}&status={cnv_status}&click={clickid}&tx={txid}&cur={currency}&t1={t1}&ev3={event3}`,
    payoutPercent: 50,
    ...values,
  });
  return kit.campaign({ network, campaign: { trafficSourceId: trafficSource.id } });
}

async function outboxOf(clickId: string) {
  return cairn.store.query(
    'SELECT seq, state, attempts, last_status FROM s2s_outbox WHERE click_id = $1 ORDER BY id',
    [clickId],
  );
}

describe('S2S postbacks to the traffic source', () => {
  it('calls the source once per new or changed conversion, with its macros filled', async () => {
    const campaign = await sourceCampaign();
    const clickId = await kit.click(campaign, 'ext=abc123&t1=zone7');
    source.calls.length = 0;
    await kit.postback(`/postback?clickid=${clickId}&txid=T-1&status=pending`);
    await deliver();
    await kit.postback(`/postback?clickid=${clickId}&txid=T-1&status=pending`);
    await deliver();
    expect(source.calls).toHaveLength(1);
    expect(Object.fromEntries(source.calls[0]?.searchParams ?? [])).toEqual({
      ext: 'abc123',
      payout: '2.5',
      status: 'pending',
      click: clickId,
      tx: 'T-1',
      cur: 'USD',
      t1: 'zone7',
      // No custom event of slot 3 on this click: its count is 0.
      ev3: '0',
    });
    await kit.postback(`/postback?clickid=${clickId}&txid=T-1&status=approved`);
    await deliver();
    await deliver();
    expect(source.calls.map((call) => call.searchParams.get('status'))).toEqual(['pending', 'approved']);
    expect(await outboxOf(clickId)).toEqual([
      { seq: 1, state: 'delivered', attempts: 1, last_status: 200 },
      { seq: 1, state: 'delivered', attempts: 1, last_status: 200 },
    ]);
  });

  it('retries after a 503 once the backoff has passed, and never again after a 2xx', async () => {
    const campaign = await sourceCampaign();
    const clickId = await kit.click(campaign, 'ext=retry');
    source.calls.length = 0;
    source.answers.push(503);
    await kit.postback(`/postback?clickid=${clickId}`);
    await deliver();
    expect(source.calls).toHaveLength(1);
    expect(await outboxOf(clickId)).toEqual([{ seq: 1, state: 'pending', attempts: 1, last_status: 503 }]);
    await deliver();
    expect(source.calls).toHaveLength(1);
    clock.advance(31_000);
    await deliver();
    expect(source.calls).toHaveLength(2);
    expect(await outboxOf(clickId)).toEqual([{ seq: 1, state: 'delivered', attempts: 2, last_status: 200 }]);
    clock.advance(3600_000);
    await deliver();
    expect(source.calls).toHaveLength(2);
  });

  it('follows the source mode, its postback share and disable_postback', async () => {
    const first = await sourceCampaign({ postbackMode: 'first' }, { duplicatePostbacks: 'add' });
    const firstClick = await kit.click(first);
    const approved = await sourceCampaign({ postbackMode: 'approved' });
    const approvedClick = await kit.click(approved);
    const none = await sourceCampaign({ postbackPercent: 0 });
    const noneClick = await kit.click(none);
    const disabled = await kit.click(await sourceCampaign());
    source.calls.length = 0;
    await kit.postback(`/postback?clickid=${firstClick}&txid=1`);
    await kit.postback(`/postback?clickid=${firstClick}&txid=2`);
    await kit.postback(`/postback?clickid=${firstClick}&txid=1&status=declined`);
    await kit.postback(`/postback?clickid=${approvedClick}&txid=1&status=pending`);
    await kit.postback(`/postback?clickid=${approvedClick}&txid=1&status=approved`);
    await kit.postback(`/postback?clickid=${approvedClick}&txid=1&status=chargeback`);
    await kit.postback(`/postback?clickid=${noneClick}`);
    await kit.postback(`/postback?clickid=${disabled}&disable_postback=1`);
    await deliver();
    expect(
      source.calls.map((call) => `${call.searchParams.get('click')}:${call.searchParams.get('status')}`),
    ).toEqual([`${firstClick}:approved`, `${approvedClick}:approved`]);
    expect(await outboxOf(noneClick)).toEqual([{ seq: 1, state: 'skipped', attempts: 0, last_status: null }]);
    expect(await outboxOf(disabled)).toEqual([{ seq: 1, state: 'skipped', attempts: 0, last_status: null }]);
  });

  it('keeps a pending postback across a restart and delivers it exactly once', async () => {
    const campaign = await sourceCampaign();
    const clickId = await kit.click(campaign, 'ext=restart');
    source.calls.length = 0;
    source.answers.push(503);
    await kit.postback(`/postback?clickid=${clickId}`);
    await deliver();
    expect(source.calls).toHaveLength(1);
    await cairn.close();
    cairn = await startTestCairn({ ...SERVER, dataDir });
    const browser = new TestBrowser(cairn.url);
    expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
    kit = new ConversionKit(cairn, browser);
    await deliver();
    expect(source.calls).toHaveLength(1);
    clock.advance(31_000);
    await deliver();
    clock.advance(3600_000);
    await deliver();
    expect(source.calls.map((call) => call.searchParams.get('ext'))).toEqual(['restart', 'restart']);
    expect(await outboxOf(clickId)).toEqual([{ seq: 1, state: 'delivered', attempts: 2, last_status: 200 }]);
    // The conversion counted before the restart is still counted once.
    expect(await kit.sums(clickId)).toMatchObject({ events: 1, approved: 1 });
  });

  // Last: a day on the clock ends the test's session.
  it('gives up a day after the conversion', async () => {
    const campaign = await sourceCampaign();
    const clickId = await kit.click(campaign);
    source.answers.push(...Array.from({ length: 100 }, () => 500));
    await kit.postback(`/postback?clickid=${clickId}`);
    await deliver();
    for (let hour = 0; hour < 26; hour += 1) {
      clock.advance(3600_000);
      await deliver();
    }
    source.answers.length = 0;
    const [row] = await outboxOf(clickId);
    expect(row).toMatchObject({ state: 'failed', last_status: 500 });
    expect(Number(row?.attempts)).toBeGreaterThan(10);
  });
});
