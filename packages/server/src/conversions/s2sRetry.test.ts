import { CONVERSION_API_PATHS, type PermissionInput, type S2sDelivery } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { Clock, TestBrowser } from '../../test-support/server.ts';
import { mintClickId } from '../events/clickId.ts';
import type { RunningCairn } from '../index.ts';
import { insertOutbox } from './store.ts';

// Retrying an S2S postback through the real API and the real outbox worker: a failed delivery is due
// again at once and tried by the worker; a delivered one is not sent twice; admins only.

let cairn: RunningCairn;
let admin: TestBrowser;
const clock = new Clock('2026-03-04T10:30:00.000Z');
const failing = mintClickId(Date.parse('2026-03-04T09:00:00.000Z'));
const delivered = mintClickId(Date.parse('2026-03-04T09:00:00.000Z'));
const retryPath = (clickId: string, seq: number | string) =>
  CONVERSION_API_PATHS.retryS2s.replace(':clickId', clickId).replace(':seq', String(seq));

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin({ now: clock.now }));
  const created = Date.parse('2026-03-03T09:00:00.000Z');
  // A loopback address: the outbound guard refuses it, so each attempt fails at once and for good.
  const url = 'http://127.0.0.1:9/postback';
  await insertOutbox(
    cairn.store,
    [
      { clickId: failing, seq: 1, trafficSourceId: 0, url, state: 'pending', reason: null },
      { clickId: delivered, seq: 1, trafficSourceId: 0, url, state: 'pending', reason: null },
    ],
    created,
  );
  await cairn.store.execute(
    "UPDATE s2s_outbox SET state = 'failed', attempts = 5, last_error = 'Error: connect ECONNREFUSED' WHERE click_id = $1",
    [failing],
  );
  await cairn.store.execute(
    "UPDATE s2s_outbox SET state = 'delivered', attempts = 1, last_status = 200 WHERE click_id = $1",
    [delivered],
  );
});
afterAll(async () => {
  await cairn.close();
});

const stored = async (clickId: string) =>
  (await cairn.store.query('SELECT state, attempts FROM s2s_outbox WHERE click_id = $1', [clickId]))[0];

describe('retrying an S2S postback', () => {
  it('makes a failed delivery due now, and the worker tries it again', async () => {
    const answer = await admin.post(retryPath(failing.toUpperCase(), 1), {});
    expect(answer.status).toBe(200);
    expect(answer.json<S2sDelivery>()).toMatchObject({
      state: 'pending',
      attempts: 5,
      lastError: 'Error: connect ECONNREFUSED',
      nextAttemptAt: '2026-03-04T10:30:00.000Z',
    });
    await cairn.tracking.conversions.outbox.runOnce();
    const after = await stored(failing);
    expect(Number(after?.attempts)).toBe(6);
    // Refused by the outbound guard: failed again at once rather than knocking for a day.
    expect(after?.state).toBe('failed');
    const [audit] = await cairn.store.query("SELECT details FROM audit_log WHERE action = 's2s_retried'");
    expect(String(audit?.details)).toContain(failing);
  });

  it('does not send a delivered postback twice', async () => {
    const answer = await admin.post(retryPath(delivered, 1), {});
    expect(answer.status).toBe(409);
    expect(await stored(delivered)).toMatchObject({ state: 'delivered' });
  });

  it('refuses what names no conversion, and anyone but an admin', async () => {
    expect((await admin.post(retryPath(failing, 2), {})).status).toBe(404);
    const malformed = await admin.post(retryPath('nope', 0), {});
    expect(malformed.status).toBe(400);
    expect(errorFields(malformed).sort()).toEqual(['clickId', 'seq']);
    const permissions: PermissionInput[] = [{ kind: 'campaign', scope: 'all', access: 'write' }];
    await kindClient(admin, 'user').make({ login: 'buyer', password: 'Retry pass 4417 long', permissions });
    const user = new TestBrowser(cairn.url);
    expect((await user.signIn('buyer', 'Retry pass 4417 long')).status).toBe(200);
    expect((await user.post(retryPath(failing, 1), {})).status).toBe(403);
  });
});
