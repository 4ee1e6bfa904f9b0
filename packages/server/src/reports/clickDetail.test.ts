import {
  type ClickDetailResponse,
  type ClickLogResponse,
  type PermissionInput,
  REPORT_PATHS,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { click, conversion } from '../../test-support/reports.ts';
import { TestBrowser } from '../../test-support/server.ts';
import { insertOutbox } from '../conversions/store.ts';
import { mintClickId } from '../events/clickId.ts';
import type { RunningCairn } from '../index.ts';

// Finding one click through the real API: the click log's search by id and token value, and the
// detail of one click with its conversions and their S2S deliveries, within the caller's campaigns.
let cairn: RunningCairn;
let admin: TestBrowser;
let alpha = 0;
let beta = 0;
let offerId = 0;
const at = '2026-02-20T09:00:00Z';
const sold = mintClickId(Date.parse(at));
const other = mintClickId(Date.parse(at));
const detailPath = (id: string) => REPORT_PATHS.click.replace(':clickId', encodeURIComponent(id));

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin());
  offerId = (await kindClient(admin, 'offer').make({ name: 'Buyer Offer', url: 'https://o.example/' })).id;
  const flow = { defaultPaths: [{ name: 'Main', offers: [{ offerId }] }] };
  alpha = (await kindClient(admin, 'campaign').make({ name: 'Alpha', flow })).id;
  beta = (await kindClient(admin, 'campaign').make({ name: 'Beta', flow })).id;
  const tokens = Array.from({ length: 30 }, (_, index) => (index === 2 ? 'zone-4411' : ''));
  const sale = click(sold, at, {
    campaignId: alpha,
    offerId,
    path: 1,
    country: 'DE',
    ip: '198.51.100.23',
    tokens,
    costMicros: 1_000,
  });
  await cairn.events.append([
    sale,
    click(other, at, { campaignId: beta, offerId }),
    conversion(sale, '2026-02-20T11:00:00Z', { status: 'approved', approved: 1, revenueMicros: 5_000 }),
  ]);
  await insertOutbox(
    cairn.store,
    [
      {
        clickId: sold,
        seq: 1,
        trafficSourceId: 0,
        url: 'https://source.example/pb',
        state: 'pending',
        reason: null,
      },
    ],
    Date.parse('2026-02-20T11:00:00Z'),
  );
  await cairn.store.execute(
    "UPDATE s2s_outbox SET state = 'failed', attempts = 5, last_error = $1 WHERE click_id = $2",
    ['connect ECONNREFUSED <b>', sold],
  );
});
afterAll(async () => {
  await cairn.close();
});

let users = 0;
async function signedInUser(permissions: PermissionInput[], hideProfit = false): Promise<TestBrowser> {
  users += 1;
  const login = `finder-${users}`;
  const password = 'Click finder pass 4417';
  await kindClient(admin, 'user').make({ login, password, permissions, hideProfit });
  const browser = new TestBrowser(cairn.url);
  expect((await browser.signIn(login, password)).status).toBe(200);
  return browser;
}

describe('finding a click', () => {
  it('finds a click id pasted into the click log whatever period the log shows', async () => {
    const found = await admin.get(`${REPORT_PATHS.clicks}?preset=today&clickId=${sold.toUpperCase()}`);
    expect(found.status).toBe(200);
    expect(found.json<ClickLogResponse>().rows.map((row) => row.click_id)).toEqual([sold]);
    const byToken = await admin.get(`${REPORT_PATHS.clicks}?preset=all_time&token=zone-4411`);
    expect(byToken.json<ClickLogResponse>().rows.map((row) => row.click_id)).toEqual([sold]);
  });

  it('refuses what is not a click id, naming the field', async () => {
    const refused = await admin.get(`${REPORT_PATHS.clicks}?clickId=12345`);
    expect(refused.status).toBe(400);
    expect(errorFields(refused)).toEqual(['clickId']);
    const detail = await admin.get(detailPath('not-a-click'));
    expect(detail.status).toBe(400);
    expect(errorFields(detail)).toEqual(['clickId']);
  });

  it("answers a click's facts, its conversion and the failing S2S delivery with the remote's error to an admin", async () => {
    const answer = await admin.get(detailPath(` ${sold} `));
    expect(answer.status).toBe(200);
    const detail = answer.json<ClickDetailResponse>();
    expect(detail.click).toMatchObject({
      click_id: sold,
      time: '2026-02-20T09:00:00.000Z',
      campaign: { value: alpha, name: 'Alpha' },
      offer: { value: offerId, name: 'Buyer Offer' },
      path: { value: `c${alpha}:0:1`, name: 'Default paths: Main' },
      country: 'DE',
      ip: '198.51.100.23',
      token_3: 'zone-4411',
      cost: 1_000,
    });
    expect(detail.conversions).toHaveLength(1);
    expect(detail.conversions[0]).toMatchObject({
      clickId: sold,
      seq: 1,
      status: 'approved',
      revenueMicros: 5_000,
      s2s: { state: 'failed', attempts: 5, lastError: 'connect ECONNREFUSED <b>' },
    });
  });

  it('answers 404 for an unknown id and for a click of a campaign the user may not read', async () => {
    expect((await admin.get(detailPath(mintClickId(Date.parse(at))))).status).toBe(404);
    const betaOnly = await signedInUser([
      { kind: 'campaign', scope: 'items', itemIds: [beta], access: 'read' },
    ]);
    expect((await betaOnly.get(detailPath(sold))).status).toBe(404);
    expect((await betaOnly.get(detailPath(other))).status).toBe(200);
    const log = await betaOnly.get(`${REPORT_PATHS.clicks}?clickId=${sold}`);
    expect(log.json<ClickLogResponse>().rows).toEqual([]);
  });

  it('shows a plain user the delivery state without the remote text, and a hide-profit user no revenue', async () => {
    const user = await signedInUser([{ kind: 'campaign', scope: 'all', access: 'read' }], true);
    const detail = (await user.get(detailPath(sold))).json<ClickDetailResponse>();
    expect(detail.conversions[0]?.s2s).toMatchObject({ state: 'failed', attempts: 5, lastError: null });
    expect(detail.conversions[0]).not.toHaveProperty('revenueMicros');
    expect(JSON.stringify(detail)).not.toContain('5000');
  });
});
