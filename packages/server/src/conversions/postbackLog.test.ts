import {
  CONVERSION_API_PATHS,
  type PermissionInput,
  type PostbackLogEntry,
  type PostbackLogResponse,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit, NETWORK_IP } from '../../test-support/postbacks.ts';
import { Clock, TestBrowser } from '../../test-support/server.ts';
import { mintClickId } from '../events/clickId.ts';
import type { RunningCairn } from '../index.ts';

// The postback log through the real API: real postbacks to the real server, then `GET /api/postbacks`
// as the panel's Postbacks page asks it: newest first, filtered, paged, for admins only.

let cairn: RunningCairn;
let admin: TestBrowser;
let kit: ConversionKit;
const clock = new Clock('2026-03-04T10:30:00.000Z');
let accepted = '';
const unknown = mintClickId(Date.parse('2026-03-04T09:00:00.000Z'));

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin({ trustProxy: true, now: clock.now }));
  kit = new ConversionKit(cairn, admin);
  const campaign = await kit.campaign({ network: {} });
  accepted = await kit.click(campaign);
  expect((await kit.postback(`/postback?clickid=${accepted}&status=pending`)).status).toBe(200);
  clock.advance(1000);
  expect((await kit.postback(`/postback?clickid=${accepted}&status=approved`)).status).toBe(200);
  clock.advance(1000);
  expect((await kit.postback(`/postback?clickid=${accepted}&status=approved`)).status).toBe(200);
  clock.advance(1000);
  const wrongKey = await kit.postback(`/postback?clickid=${accepted}&payout=3`, {
    key: 'not-the-key',
    ip: '198.51.100.77',
  });
  expect(wrongKey.status).toBe(403);
  clock.advance(1000);
  expect((await kit.postback(`/postback?clickid=${unknown}`)).status).toBe(404);
  await cairn.tracking.conversions.writer.idle();
});
afterAll(async () => {
  await cairn.close();
});

const list = async (query: string): Promise<PostbackLogEntry[]> => {
  const answer = await admin.get(`${CONVERSION_API_PATHS.postbacks}?${query}`);
  expect(answer.status).toBe(200);
  return answer.json<PostbackLogResponse>().rows;
};

describe('the postback log', () => {
  it('lists every postback newest first with what became of it, its masked query and sender', async () => {
    const rows = await list('preset=today');
    expect(rows.map((row) => [row.outcome, row.clickId])).toEqual([
      ['unknown_click', unknown],
      ['refused', accepted],
      ['ignored', accepted],
      ['updated', accepted],
      ['recorded', accepted],
    ]);
    const [missing, refused, , , recorded] = rows;
    expect(missing).toMatchObject({
      httpStatus: 404,
      message: 'unknown click',
      ip: NETWORK_IP,
      via: 'postback',
    });
    expect(refused).toMatchObject({
      httpStatus: 403,
      message: 'missing or wrong postback key',
      ip: '198.51.100.77',
      receivedAt: '2026-03-04T10:30:03.000Z',
    });
    expect(recorded).toMatchObject({ conversionSeq: 1, httpStatus: 200 });
    // The key is never shown, the right one or a wrong one.
    const key = cairn.tracking.conversions.keys.current;
    for (const row of rows) expect(row.query).not.toContain(key);
    expect(refused?.query).not.toContain('not-the-key');
    expect(refused?.query).toContain(`clickid=${accepted}`);
  });

  it('filters by outcome, channel, click id and range, and pages by its cursor', async () => {
    const rejected = await list('preset=all_time&outcome=refused,invalid,unknown_click,error');
    expect(rejected.map((row) => row.outcome)).toEqual(['unknown_click', 'refused']);
    expect((await list(`preset=all_time&clickId=${unknown}`)).map((row) => row.outcome)).toEqual([
      'unknown_click',
    ]);
    expect(await list('preset=all_time&via=upload')).toEqual([]);
    expect(await list('preset=yesterday')).toEqual([]);
    const first = await admin.get(`${CONVERSION_API_PATHS.postbacks}?preset=today&limit=3`);
    const page = first.json<PostbackLogResponse>();
    expect(page.rows).toHaveLength(3);
    expect(page.nextCursor).not.toBeNull();
    const rest = await list(`preset=today&limit=3&cursor=${page.nextCursor}`);
    expect(rest.map((row) => row.outcome)).toEqual(['updated', 'recorded']);
  });

  it('refuses what it cannot read, naming the field', async () => {
    const refused = await admin.get(
      `${CONVERSION_API_PATHS.postbacks}?outcome=accepted&via=fax&limit=501&cursor=abc&preset=soon`,
    );
    expect(refused.status).toBe(400);
    expect(errorFields(refused).sort()).toEqual(['cursor', 'limit', 'outcome', 'preset', 'via']);
  });

  it('answers admins only', async () => {
    const permissions: PermissionInput[] = [{ kind: 'campaign', scope: 'all', access: 'read' }];
    await kindClient(admin, 'user').make({ login: 'buyer', password: 'Postback log pass 4417', permissions });
    const user = new TestBrowser(cairn.url);
    expect((await user.signIn('buyer', 'Postback log pass 4417')).status).toBe(200);
    expect((await user.get(CONVERSION_API_PATHS.postbacks)).status).toBe(403);
    expect((await new TestBrowser(cairn.url).get(CONVERSION_API_PATHS.postbacks)).status).toBe(401);
  });
});
