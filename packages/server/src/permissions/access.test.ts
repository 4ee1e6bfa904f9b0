import { type Campaign, type ListResponse, MESSAGES, type PermissionInput } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, type KindClient, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// Every level of a plain user's permissions, against the real server: all items, by group, chosen items,
// each read-only or read-write. The admin arranges the data; each user is a separate signed-in browser.
let cairn: RunningCairn;
let admin: TestBrowser;
let groupA: { id: number };
let groupB: { id: number };
let inA: Campaign;
let inB: Campaign;
let ungrouped: Campaign;
let offerId: number;

const flow = () => ({ defaultPaths: [{ offers: [{ offerId }] }] });

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin());
  const groups = kindClient(admin, 'group');
  groupA = await groups.make({ name: 'Team A', kind: 'campaign' });
  groupB = await groups.make({ name: 'Team B', kind: 'campaign' });
  offerId = (await kindClient(admin, 'offer').make({ name: 'p-offer', url: 'https://o.example/' })).id;
  const campaigns = kindClient(admin, 'campaign');
  inA = await campaigns.make<Campaign>({ name: 'p-in-a', groupId: groupA.id, flow: flow() });
  inB = await campaigns.make<Campaign>({ name: 'p-in-b', groupId: groupB.id, flow: flow() });
  ungrouped = await campaigns.make<Campaign>({ name: 'p-ungrouped', flow: flow() });
});
afterAll(async () => {
  await cairn.close();
});

let userCount = 0;
/** A plain user with these permissions, signed in; returns their campaign client. */
async function userWith(
  permissions: PermissionInput[],
): Promise<{ campaigns: KindClient; browser: TestBrowser }> {
  userCount += 1;
  const login = `plain-${userCount}`;
  // Campaign flows name an offer, which their editors must be able to read.
  const withOffers = permissions.some((permission) => permission.kind === 'offer')
    ? permissions
    : [...permissions, { kind: 'offer' as const, scope: 'all' as const, access: 'read' as const }];
  await kindClient(admin, 'user').make({ login, password: 'plain-password', permissions: withOffers });
  const browser = new TestBrowser(cairn.url);
  expect((await browser.signIn(login, 'plain-password')).status).toBe(200);
  return { campaigns: kindClient(browser, 'campaign'), browser };
}

const names = async (client: KindClient, query = '') =>
  (await client.list(`q=p-&sort=name:asc${query}`))
    .json<ListResponse<Campaign>>()
    .items.map((item) => item.name);

const body = (campaign: Campaign, changes: Record<string, unknown> = {}) => ({ ...campaign, ...changes });

describe('permissions', () => {
  it('without a permission for the kind, a plain user gets 403 everywhere', async () => {
    const { campaigns, browser } = await userWith([{ kind: 'offer', scope: 'all', access: 'read' }]);
    expect((await campaigns.list()).status).toBe(403);
    expect((await campaigns.get(inA.id)).status).toBe(403);
    expect((await campaigns.create({ name: 'nope', flow: flow() })).status).toBe(403);
    expect((await kindClient(browser, 'offer').list()).status).toBe(200);
    expect((await kindClient(browser, 'domain').list()).status).toBe(403);
  });

  it('all, read: sees every item, changes none', async () => {
    const { campaigns } = await userWith([{ kind: 'campaign', scope: 'all', access: 'read' }]);
    expect(await names(campaigns)).toEqual(['p-in-a', 'p-in-b', 'p-ungrouped']);
    expect((await campaigns.get(inB.id)).status).toBe(200);
    const put = await campaigns.put(inA.id, body(inA, { name: 'renamed' }));
    expect(put.status).toBe(403);
    expect(put.json().message).toBe('Permission denied: read-only access');
    expect((await campaigns.create({ name: 'p-new', flow: flow() })).status).toBe(403);
    expect((await campaigns.mass([inA.id], { status: 'paused' })).status).toBe(403);
    expect((await campaigns.archive(inA.id)).status).toBe(403);
    expect((await campaigns.remove(inA.id)).status).toBe(403);
  });

  it('all, write: changes every item and creates anywhere', async () => {
    const { campaigns } = await userWith([{ kind: 'campaign', scope: 'all', access: 'write' }]);
    expect((await campaigns.put(ungrouped.id, body(ungrouped, { notes: 'by all-writer' }))).status).toBe(200);
    const created = await campaigns.make<Campaign>({
      name: 'p-by-all-writer',
      groupId: groupB.id,
      flow: flow(),
    });
    expect((await campaigns.remove(created.id)).status).toBe(200);
  });

  it('by group, read: sees only its groups; other items are not found', async () => {
    const { campaigns, browser } = await userWith([
      { kind: 'campaign', scope: 'groups', groupIds: [groupA.id] },
    ]);
    expect(await names(campaigns)).toEqual(['p-in-a']);
    // Its groups are readable for the forms and filters, and only those.
    const groups = kindClient(browser, 'group');
    expect(
      (await groups.list()).json<ListResponse<{ name: string }>>().items.map((group) => group.name),
    ).toEqual(['Team A']);
    expect((await groups.get(groupB.id)).status).toBe(404);
    expect((await groups.put(groupA.id, { name: 'Renamed', kind: 'campaign' })).status).toBe(403);
    expect((await campaigns.list(`ids=${inB.id}`)).json<ListResponse<Campaign>>().total).toBe(0);
    expect((await campaigns.get(inA.id)).status).toBe(200);
    expect((await campaigns.get(inB.id)).status).toBe(404);
    expect((await campaigns.get(ungrouped.id)).status).toBe(404);
    expect((await campaigns.put(inA.id, body(inA))).status).toBe(403);
  });

  it('by group, write: changes and creates inside its groups only, mass update included', async () => {
    const { campaigns } = await userWith([
      { kind: 'campaign', scope: 'groups', access: 'write', groupIds: [groupA.id] },
    ]);
    const own = await campaigns.make<Campaign>({ name: 'p-a-own', groupId: groupA.id, flow: flow() });
    expect((await campaigns.put(own.id, body(own, { notes: 'mine' }))).status).toBe(200);

    const elsewhere = await campaigns.create({ name: 'p-elsewhere', groupId: groupB.id, flow: flow() });
    expect(elsewhere.status).toBe(403);
    expect(errorFields(elsewhere)).toEqual(['groupId']);
    expect((await campaigns.create({ name: 'p-nowhere', flow: flow() })).status).toBe(403);
    const moveOut = await campaigns.put(own.id, body(own, { groupId: groupB.id }));
    expect(moveOut.status).toBe(403);
    expect((await campaigns.put(inB.id, body(inB, { groupId: groupA.id }))).status).toBe(404);
    expect((await campaigns.remove(inB.id)).status).toBe(404);
    expect((await campaigns.archive(inB.id)).status).toBe(404);

    const mass = await campaigns.mass([inA.id, own.id], { status: 'paused' });
    expect(mass.status).toBe(200);
    expect((await campaigns.mass([inA.id, inB.id], { status: 'paused' })).status).toBe(404);
    expect((await campaigns.mass([own.id], { groupId: groupB.id })).status).toBe(403);
    expect((await campaigns.mass([own.id], { groupId: null })).status).toBe(403);
    // Nothing of the refused batches was written.
    const seen = (await kindClient(admin, 'campaign').get(inB.id)).json<Campaign>();
    expect(seen).toMatchObject({ status: 'active', groupId: groupB.id });
    expect((await kindClient(admin, 'campaign').get(own.id)).json<Campaign>().groupId).toBe(groupA.id);
    expect((await campaigns.remove(own.id)).status).toBe(200);
    await kindClient(admin, 'campaign').mass([inA.id], { status: 'active' });
  });

  it('chosen items, read and write: only those items, and no creating', async () => {
    const reader = (await userWith([{ kind: 'campaign', scope: 'items', itemIds: [ungrouped.id] }]))
      .campaigns;
    expect(await names(reader)).toEqual(['p-ungrouped']);
    expect((await reader.get(inA.id)).status).toBe(404);
    expect((await reader.put(ungrouped.id, body(ungrouped))).status).toBe(403);

    const writer = (
      await userWith([{ kind: 'campaign', scope: 'items', access: 'write', itemIds: [ungrouped.id, inB.id] }])
    ).campaigns;
    expect(await names(writer)).toEqual(['p-in-b', 'p-ungrouped']);
    expect((await writer.put(ungrouped.id, body(ungrouped, { notes: 'by item writer' }))).status).toBe(200);
    expect((await writer.put(inA.id, body(inA))).status).toBe(404);
    const create = await writer.create({ name: 'p-item-new', flow: flow() });
    expect(create.status).toBe(403);
    expect(create.json().message).toBe('Permission denied: you may change only the items chosen for you');
    expect((await writer.mass([ungrouped.id, inB.id], { costMicros: 5000 })).status).toBe(200);
    expect((await writer.mass([ungrouped.id, inA.id], { costMicros: 7000 })).status).toBe(404);
  });

  it('lets an item point only at what its editor can read', async () => {
    const secretOffer = await kindClient(admin, 'offer').make({
      name: 'p-secret-offer',
      url: 'https://s.example/',
    });
    const source = await kindClient(admin, 'traffic_source').make({ name: 'p-secret-source' });
    const { campaigns } = await userWith([
      { kind: 'campaign', scope: 'all', access: 'write' },
      { kind: 'offer', scope: 'items', itemIds: [offerId] },
    ]);
    const refused = await campaigns.create({
      name: 'p-refs',
      trafficSourceId: source.id,
      flow: { defaultPaths: [{ offers: [{ offerId }, { offerId: secretOffer.id }] }] },
    });
    expect(refused.status).toBe(403);
    expect(errorFields(refused)).toEqual(['trafficSourceId', 'flow.defaultPaths.0.offers.1']);
    expect(refused.json().message).toContain(`You have no access to offer ${secretOffer.id}`);

    // What an admin put there stays editable: only newly added references are checked.
    const byAdmin = await kindClient(admin, 'campaign').make<Campaign>({
      name: 'p-admin-made',
      trafficSourceId: source.id,
      flow: { defaultPaths: [{ offers: [{ offerId: secretOffer.id }] }] },
    });
    expect((await campaigns.put(byAdmin.id, body(byAdmin, { notes: 'edited' }))).status).toBe(200);
    expect((await campaigns.mass([byAdmin.id], { trafficSourceId: null })).status).toBe(200);
    expect((await campaigns.mass([byAdmin.id], { trafficSourceId: source.id })).status).toBe(403);
    await kindClient(admin, 'campaign').remove(byAdmin.id);
  });

  it('applies to other kinds too, and a permission change applies at once', async () => {
    const { browser } = await userWith([{ kind: 'offer', scope: 'items', itemIds: [offerId] }]);
    const offers = kindClient(browser, 'offer');
    expect((await offers.list()).json<ListResponse<{ id: number }>>().items.map((item) => item.id)).toEqual([
      offerId,
    ]);
    const role = (await browser.get('/api/user/role')).json<{ id: string }>();
    const users = kindClient(admin, 'user');
    const me = (await users.get(Number(role.id))).json<Record<string, unknown>>();
    await users.put(Number(role.id), { ...me, permissions: [] });
    const after = await offers.list();
    expect(after.status).toBe(403);
    expect(after.json().message).toBe(MESSAGES.permissionDenied);
  });
});
