import {
  CONVERSION_API_PATHS,
  type ConversionListResponse,
  INTEGRATION_PATHS,
  type IntegrationAccount,
  type S2sDelivery,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, signedInAdmin } from '../../test-support/entities.ts';
import { type FakePlatform, fakePlatform } from '../../test-support/platforms/fakePlatform.ts';
import { META_EVENTS_RECEIVED } from '../../test-support/platforms/platformFixtures.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import type { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// A conversion that goes to the traffic source's S2S postback and to Meta's Conversions API: the
// conversion log answers both deliveries (not only the newest outbox row), and an admin retries the
// failing Meta event through the S2S retry route with `?destination=meta`, audit-logged. Real server,
// real outbox worker, a fake Graph API and S2S endpoint on a real port.

const TOKEN = 'EAAGood0123456789abcdefTOKEN';
const PIXEL = '123456789012345';

let fake: FakePlatform;
/** Statuses of the next Meta event posts, in order; 200 after they run out. */
const metaStatuses: number[] = [];
let cairn: RunningCairn;
let admin: TestBrowser;
let kit: ConversionKit;

beforeAll(async () => {
  fake = await fakePlatform((call) => {
    if (call.path === '/s2s') return { status: 200, json: {} };
    if (call.path === `/v25.0/${PIXEL}/events`) {
      const status = metaStatuses.shift() ?? 200;
      return status === 200
        ? { status, json: META_EVENTS_RECEIVED }
        : { status, json: { error: { message: 'Service temporarily unavailable', code: 2 } } };
    }
    return { status: 200, json: { id: '42', name: 'Ada Buyer' } };
  });
  ({ cairn, browser: admin } = await signedInAdmin({
    trustProxy: true,
    privateDestinations: ['127.0.0.1'],
    metaGraphUrl: `${fake.url}/v25.0`,
  }));
  kit = new ConversionKit(cairn, admin);
});
afterAll(async () => {
  await cairn?.close();
  await fake?.close();
});

const retryPath = (clickId: string, destination?: string) =>
  `${CONVERSION_API_PATHS.retryS2s.replace(':clickId', clickId).replace(':seq', '1')}${
    destination === undefined ? '' : `?destination=${destination}`
  }`;

async function rowOf(clickId: string) {
  const answer = await admin.get(`${CONVERSION_API_PATHS.list}?preset=today&timezone=UTC`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json<ConversionListResponse>().rows.find((row) => row.clickId === clickId);
}

describe("a conversion's deliveries", () => {
  it('lists the S2S postback and the Meta event, and retries the failing Meta event', async () => {
    const made = await admin.post(INTEGRATION_PATHS.accounts, {
      platform: 'meta',
      name: 'Main',
      accessToken: TOKEN,
    });
    expect(made.status, made.text).toBe(201);
    const account = made.json<IntegrationAccount>();
    const source = await kit.sources.make({
      name: 'Facebook',
      externalId: { parameter: 'fbclid', placeholder: '' },
      postbackUrl: `${fake.url}/s2s?click={externalid}`,
    });
    const out = await admin.put(
      INTEGRATION_PATHS.conversionOut.replace(':trafficSourceId', String(source.id)),
      { accountId: account.id, pixelId: PIXEL },
    );
    expect(out.status, out.text).toBe(200);
    const campaign = await kit.campaign({ campaign: { trafficSourceId: source.id } });
    const clickId = await kit.click(campaign, 'fbclid=IwAR2abcDEF');
    // Meta answers 503 to every attempt until told otherwise; the source takes its postback.
    metaStatuses.push(503, 503);
    await kit.postback(`/postback?clickid=${clickId}&payout=12.5`);
    await cairn.tracking.conversions.writer.idle();
    await cairn.tracking.conversions.storeJournaled();
    await cairn.tracking.conversions.outbox.runOnce();

    const row = await rowOf(clickId);
    // The S2S postback stays what `s2s` answers, though Meta's row is newer.
    expect(row?.s2s).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200 });
    expect(row?.deliveries).toEqual([
      {
        destination: 's2s',
        state: 'delivered',
        attempts: 1,
        lastStatus: 200,
        lastError: null,
        lastAttemptAt: expect.any(String),
        deliveredAt: row?.deliveries[0]?.lastAttemptAt,
      },
      {
        destination: 'meta',
        state: 'pending',
        attempts: 1,
        lastStatus: 503,
        lastError: expect.stringContaining('Service temporarily unavailable'),
        lastAttemptAt: expect.any(String),
        deliveredAt: null,
      },
    ]);

    // The S2S postback was delivered: retrying it is refused; the Meta event is made due and sent.
    expect((await admin.post(retryPath(clickId), {})).status).toBe(409);
    expect((await admin.post(retryPath(clickId, 'tiktok'), {})).status).toBe(404);
    const retried = await admin.post(retryPath(clickId, 'meta'), {});
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json<S2sDelivery>()).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 503 });
    const [audit] = await cairn.store.query(
      "SELECT details FROM audit_log WHERE action = 's2s_retried' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(String(audit?.details))).toMatchObject({ clickId, seq: 1, destination: 'meta' });
    await cairn.tracking.conversions.outbox.runOnce();
    expect((await rowOf(clickId))?.deliveries[1]).toMatchObject({
      destination: 'meta',
      state: 'pending',
      attempts: 2,
    });
    // A third attempt is delivered; a delivered event is not sent again.
    await admin.post(retryPath(clickId, 'meta'), {});
    await cairn.tracking.conversions.outbox.runOnce();
    const delivered = await rowOf(clickId);
    expect(delivered?.deliveries.map((one) => [one.destination, one.state, one.attempts])).toEqual([
      ['s2s', 'delivered', 1],
      ['meta', 'delivered', 3],
    ]);
    expect((await admin.post(retryPath(clickId, 'meta'), {})).status).toBe(409);
    expect(fake.calls.filter((call) => call.path === `/v25.0/${PIXEL}/events`)).toHaveLength(3);

    // The account's deletion leaves the row's destination known.
    expect(
      (
        await admin.call(
          'DELETE',
          INTEGRATION_PATHS.conversionOut.replace(':trafficSourceId', String(source.id)),
        )
      ).status,
    ).toBe(200);
    expect(
      (await admin.call('DELETE', INTEGRATION_PATHS.account.replace(':id', String(account.id)))).status,
    ).toBe(200);
    expect((await rowOf(clickId))?.deliveries.map((one) => one.destination)).toEqual(['s2s', 'meta']);
  });

  it('refuses a destination it does not know', async () => {
    const bad = await admin.post(retryPath('0'.repeat(23), 'myspace'), {});
    expect(bad.status).toBe(400);
    expect(errorFields(bad)).toEqual(['destination']);
  });
});
