import {
  type Campaign,
  SPLIT_TEST_MIN_CLICKS,
  type SplitTestGroup,
  type SplitTestResponse,
  splitTestPath,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { Clock, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { posterior, probabilityBest } from './stats.ts';

// The split-test view through the real API: real clicks through /click rotated by the real routing
// table, real postbacks, and the numbers read back from the event store per path and offer or lander.

const clock = new Clock('2026-03-04T10:30:00.000Z');
const range = 'from=2026-03-04&to=2026-03-04&timezone=UTC';
let cairn: RunningCairn;
let kit: ConversionKit;
let admin: TestBrowser;
let offers: Campaign;
let landers: Campaign;
/** Click ids by the host label they were sent to (the offer's or lander's). */
const sent = new Map<string, string[]>();
const ids = new Map<string, number>();

async function visit(campaign: Campaign): Promise<void> {
  const response = await fetch(`${cairn.url}/click?key=${campaign.key}`, {
    headers: { 'x-forwarded-for': '212.27.48.10', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' },
    redirect: 'manual',
  });
  await response.arrayBuffer();
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  const label = location.hostname.split('.')[0] ?? '';
  const clickId = location.searchParams.get('c') ?? '';
  expect(clickId).toHaveLength(23);
  sent.set(label, [...(sent.get(label) ?? []), clickId]);
}

/** Converts the first `count` clicks sent to `label`, each at its offer's payout of 2.5. */
async function convert(label: string, count: number): Promise<void> {
  const clicks = sent.get(label) ?? [];
  expect(clicks.length).toBeGreaterThanOrEqual(count);
  for (const clickId of clicks.slice(0, count)) {
    if (label.endsWith('lander')) {
      // The visitor goes on from the lander to the offer before converting.
      const through = await fetch(`${cairn.url}/click?lp=1&clickid=${clickId}`, {
        headers: { 'x-forwarded-for': '212.27.48.10' },
        redirect: 'manual',
      });
      await through.arrayBuffer();
      expect(through.status).toBe(302);
    }
    expect((await kit.postback(`/postback?clickid=${clickId}&status=approved`)).status).toBe(200);
  }
}

const converted: Record<string, number> = { xoffer: 2, yoffer: 6, llander: 1, mlander: 3 };

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin({ trustProxy: true, now: clock.now }));
  kit = new ConversionKit(cairn, admin);
  for (const label of ['xoffer', 'yoffer', 'zoffer']) {
    ids.set(
      label,
      (
        await kit.offers.make({
          name: label,
          url: `https://${label}.example/?c={clickid}`,
          payoutMicros: 2_500_000,
        })
      ).id,
    );
  }
  for (const label of ['llander', 'mlander']) {
    const lander = await kindClient(admin, 'landing').make({
      name: label,
      url: `https://${label}.example/?c={clickid}`,
    });
    ids.set(label, lander.id);
  }
  offers = await kit.campaigns.make<Campaign>({
    name: 'Offers test',
    flow: {
      defaultPaths: [
        {
          name: 'Rotating offers',
          offers: [
            { offerId: ids.get('xoffer'), weight: 1 },
            { offerId: ids.get('yoffer'), weight: 1 },
          ],
        },
      ],
    },
  });
  landers = await kit.campaigns.make<Campaign>({
    name: 'Landers test',
    flow: {
      defaultPaths: [
        {
          landers: [
            { landingId: ids.get('llander'), weight: 1 },
            { landingId: ids.get('mlander'), weight: 1 },
          ],
          offers: [{ offerId: ids.get('zoffer') }],
        },
      ],
    },
  });
  await cairn.tracking.table.settled();
  for (let n = 0; n < 40; n++) await visit(offers);
  for (let n = 0; n < 30; n++) await visit(landers);
  for (const [label, count] of Object.entries(converted)) await convert(label, count);
  await cairn.tracking.conversions.writer.idle();
  await cairn.tracking.recorder.flushNow();
});
afterAll(async () => {
  await cairn.close();
});

const splitTest = async (browser: TestBrowser, campaign: Campaign): Promise<SplitTestResponse> => {
  const answer = await browser.get(`${splitTestPath(campaign.id)}?${range}`);
  expect(answer.status).toBe(200);
  return answer.json<SplitTestResponse>();
};

/** The group's items by label, with the counts the test sent. */
function expectCounts(group: SplitTestGroup, labels: string[]): void {
  const byId = new Map(group.items.map((item) => [item.id, item]));
  for (const label of labels) {
    const item = byId.get(ids.get(label) ?? -1);
    const clicks = sent.get(label)?.length ?? 0;
    const leads = converted[label] ?? 0;
    expect(item).toMatchObject({ name: label, clicks, leads, revenue: leads * 2_500_000 });
    expect(item?.cr).toBeCloseTo((leads * 100) / clicks, 9);
    expect(item?.epc).toBeCloseTo((leads * 2_500_000) / clicks, 6);
    expect(item?.crInterval.low).toBeLessThan(item?.cr ?? 0);
    expect(item?.crInterval.high).toBeGreaterThan(item?.cr ?? 0);
    // The EPC interval is the CR interval times the revenue per conversion.
    expect(item?.epcInterval?.high).toBeCloseTo(((item?.crInterval.high ?? 0) / 100) * 2_500_000, 3);
    expect(item?.enoughData).toBe(false);
  }
  const expected = probabilityBest(
    labels.map((label) => posterior(sent.get(label)?.length ?? 0, converted[label] ?? 0)),
  );
  labels.forEach((label, index) => {
    const item = byId.get(ids.get(label) ?? -1);
    expect(item?.pBest).toBeCloseTo(expected[index] ?? 0, 9);
  });
}

describe('split test', () => {
  it("compares a path's rotating offers from real clicks and postbacks", async () => {
    expect((sent.get('xoffer')?.length ?? 0) + (sent.get('yoffer')?.length ?? 0)).toBe(40);
    const answer = await splitTest(admin, offers);
    expect(answer.campaignId).toBe(offers.id);
    expect(answer.groups).toHaveLength(1);
    const [group] = answer.groups as [SplitTestGroup];
    expect(group).toMatchObject({
      path: `c${offers.id}:0:1`,
      pathName: 'Default paths: Rotating offers',
      kind: 'offer',
    });
    expectCounts(group, ['xoffer', 'yoffer']);
    // Most clicked first, probabilities adding up to one, the leader the likelier; too few for a winner.
    expect(group.items[0]?.clicks).toBeGreaterThanOrEqual(group.items[1]?.clicks ?? 0);
    expect(group.items.reduce((sum, item) => sum + item.pBest, 0)).toBeCloseTo(1, 9);
    const leader = [...group.items].sort((a, b) => b.pBest - a.pBest)[0];
    expect(group.leader).toBe(leader?.id);
    expect(group.winner).toBeNull();
    expect(group.note).toContain(`${SPLIT_TEST_MIN_CLICKS} clicks`);
  });

  it('compares the landers of a path, and leaves out a path with one offer', async () => {
    const answer = await splitTest(admin, landers);
    expect(answer.groups.map((group) => group.kind)).toEqual(['landing']);
    expectCounts(answer.groups[0] as SplitTestGroup, ['llander', 'mlander']);
  });

  it('shows nothing outside the range, and hides money from a hide-profit user', async () => {
    const before = await admin.get(`${splitTestPath(offers.id)}?from=2026-03-01&to=2026-03-02&timezone=UTC`);
    expect(before.json<SplitTestResponse>().groups).toEqual([]);
    await kindClient(admin, 'user').make({
      login: 'hidden',
      password: 'Hidden profit pass 9031',
      hideProfit: true,
      permissions: [{ kind: 'campaign', scope: 'all', access: 'read' }],
    });
    const hidden = new TestBrowser(cairn.url);
    expect((await hidden.signIn('hidden', 'Hidden profit pass 9031')).status).toBe(200);
    const [item] = (await splitTest(hidden, offers)).groups[0]?.items ?? [];
    expect(item).toBeDefined();
    for (const field of ['leads', 'revenue', 'epc', 'epcInterval']) expect(item).not.toHaveProperty(field);
    expect(item).toHaveProperty('pBest');
  });

  it('refuses a campaign the caller may not read, an unknown one and a bad range', async () => {
    await kindClient(admin, 'user').make({
      login: 'other-reader',
      password: 'Other reader pass 5521',
      permissions: [{ kind: 'campaign', scope: 'items', access: 'read', itemIds: [landers.id] }],
    });
    const reader = new TestBrowser(cairn.url);
    expect((await reader.signIn('other-reader', 'Other reader pass 5521')).status).toBe(200);
    expect((await reader.get(`${splitTestPath(offers.id)}?${range}`)).status).toBe(404);
    expect((await reader.get(`${splitTestPath(landers.id)}?${range}`)).status).toBe(200);
    expect((await admin.get(`${splitTestPath(987654)}?${range}`)).status).toBe(404);
    expect((await admin.get(`${splitTestPath(offers.id)}?from=2026-13-01`)).status).toBe(400);
    expect((await new TestBrowser(cairn.url).get(`${splitTestPath(offers.id)}?${range}`)).status).toBe(401);
  });
});
