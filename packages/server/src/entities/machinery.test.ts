import {
  type AuditEntry,
  ENTITY_CONTRACTS,
  ENTITY_KINDS,
  entityPath,
  type ListResponse,
  MESSAGES,
  type Offer,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, type KindClient, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { startTestCairn, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// One server for the file: every test makes its own items (names carry the test's tag), so they do not
// depend on each other's leftovers.
let cairn: RunningCairn;
let browser: TestBrowser;
let offers: KindClient;
let groups: KindClient;
let networks: KindClient;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
  offers = kindClient(browser, 'offer');
  groups = kindClient(browser, 'group');
  networks = kindClient(browser, 'affiliate_network');
});
afterAll(async () => {
  await cairn.close();
});

const offer = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  url: 'https://offer.example/?sub={clickid}',
  payoutMicros: 1_500_000,
  ...extra,
});

async function auditFor(kind: string, id: number): Promise<AuditEntry[]> {
  const result = await browser.get(`${entityPath.auditLog}?kind=${kind}&entityId=${id}`);
  expect(result.status).toBe(200);
  return result.json<ListResponse<AuditEntry>>().items;
}

describe('lists', () => {
  it('search, filter, sort on several columns and page with a total', async () => {
    const group = await groups.make({ name: 'list-group', kind: 'offer' });
    const made: Offer[] = [];
    for (const [name, payout] of [
      ['list-b', 2],
      ['list-a', 2],
      ['list-c', 1],
    ] as const) {
      made.push(
        await offers.make<Offer>(offer(name, { groupId: group.id, payoutMicros: payout * 1_000_000 })),
      );
    }
    await offers.make(offer('list-outside-group'));

    const page1 = await offers.list(`q=LIST-&groupId=${group.id}&sort=payoutMicros:desc,name:asc&pageSize=2`);
    expect(page1.status).toBe(200);
    const body1 = page1.json<ListResponse<Offer>>();
    expect(body1.total).toBe(3);
    expect(body1.items.map((item) => item.name)).toEqual(['list-a', 'list-b']);
    const page2 = await offers.list(
      `q=list-&groupId=${group.id}&sort=payoutMicros:desc,name:asc&pageSize=2&page=2`,
    );
    expect(page2.json<ListResponse<Offer>>().items.map((item) => item.name)).toEqual(['list-c']);

    // The bracket style the panel's route queries use gives the same order.
    const bracket = await offers.list(`q=list-&groupId=${group.id}&sort[payoutMicros]=asc&sort[name]=desc`);
    expect(bracket.json<ListResponse<Offer>>().items.map((item) => item.name)).toEqual([
      'list-c',
      'list-b',
      'list-a',
    ]);

    // `none` finds the items without a group; an id in q finds that item.
    const ungrouped = await offers.list('q=list-&groupId=none');
    expect(ungrouped.json<ListResponse<Offer>>().items.map((item) => item.name)).toEqual([
      'list-outside-group',
    ]);
    const byId = await offers.list(`q=${made[0]?.id}`);
    expect(byId.json<ListResponse<Offer>>().items.map((item) => item.id)).toContain(made[0]?.id);
    const byIds = await offers.list(`ids=${made[1]?.id},${made[2]?.id}`);
    expect(
      byIds
        .json<ListResponse<Offer>>()
        .items.map((item) => item.name)
        .sort(),
    ).toEqual(['list-a', 'list-c']);
  });

  it('refuses unknown sort fields and bad paging with the parameter named', async () => {
    const badSort = await offers.list('sort=password:asc');
    expect(badSort.status).toBe(400);
    expect(errorFields(badSort)).toEqual(['sort']);
    expect(badSort.json().message).toContain('sortable fields: id, name');
    const badPage = await offers.list('page=0&pageSize=100000');
    expect(badPage.status).toBe(400);
    expect(errorFields(badPage).sort()).toEqual(['page', 'pageSize']);
  });

  it('hides archived items unless asked, and restores them', async () => {
    const item = await offers.make<Offer>(offer('archive-me'));
    const archived = await offers.archive(item.id);
    expect(archived.status).toBe(200);
    expect(archived.json<Offer>().archived).toBe(true);
    const active = (await offers.list('q=archive-me')).json<ListResponse<Offer>>();
    expect(active.total).toBe(0);
    const onlyArchived = (await offers.list('q=archive-me&archived=true')).json<ListResponse<Offer>>();
    expect(onlyArchived.items.map((o) => o.id)).toEqual([item.id]);
    expect((await offers.restore(item.id)).json<Offer>().archived).toBe(false);
    expect((await offers.list('q=archive-me')).json<ListResponse<Offer>>().total).toBe(1);
    const actions = (await auditFor('offer', item.id)).map((entry) => entry.action);
    expect(actions).toEqual(['offer_restored', 'offer_archived', 'offer_created']);
  });
});

describe('changes', () => {
  it('validate against the contract with field paths', async () => {
    const result = await offers.create({
      name: ' ',
      url: 'ftp://offer.example/',
      payoutMicros: 1.5,
      currency: 'dollars',
    });
    expect(result.status).toBe(400);
    expect(errorFields(result).sort()).toEqual(['currency', 'name', 'payoutMicros', 'url']);
    expect(result.json().message).toMatch(/^Invalid request: /);
  });

  it('answer 404 for a missing item and 400 for a malformed id', async () => {
    expect((await offers.get(999_999)).status).toBe(404);
    expect((await browser.get('/api/offer/abc')).status).toBe(400);
    expect((await offers.put(999_999, offer('nobody'))).status).toBe(404);
  });

  it('replace the whole item on PUT and audit only the fields that changed', async () => {
    const item = await offers.make<Offer>(offer('put-me', { notes: 'first' }));
    const updated = await offers.put(item.id, offer('put-me', { notes: 'second', payoutMicros: 2_000_000 }));
    expect(updated.status).toBe(200);
    expect(updated.json<Offer>()).toMatchObject({
      notes: 'second',
      payoutMicros: 2_000_000,
      currency: 'USD',
    });
    const [last] = await auditFor('offer', item.id);
    expect(last).toMatchObject({
      action: 'offer_updated',
      userLogin: 'admin',
      entityKind: 'offer',
      entityId: item.id,
      details: {
        changes: {
          notes: { before: 'first', after: 'second' },
          payoutMicros: { before: 1_500_000, after: 2_000_000 },
        },
      },
    });
  });

  it('mass update changes only the chosen fields, on the chosen items', async () => {
    const group = await groups.make({ name: 'mass-target', kind: 'offer' });
    const a = await offers.make<Offer>(offer('mass-a', { payoutMicros: 1_000_000, notes: 'keep a' }));
    const b = await offers.make<Offer>(offer('mass-b', { payoutMicros: 2_000_000, countryCode: 'DE' }));
    const untouched = await offers.make<Offer>(offer('mass-c'));
    const result = await offers.mass([a.id, b.id], { groupId: group.id, currency: 'eur' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ updated: 2, ids: [a.id, b.id] });

    const after = (await offers.list(`ids=${a.id},${b.id},${untouched.id}&sort=id:asc`)).json<
      ListResponse<Offer>
    >();
    const [newA, newB, newC] = after.items;
    expect(newA).toEqual({ ...a, groupId: group.id, currency: 'EUR', updatedAt: newA?.updatedAt });
    expect(newB).toEqual({ ...b, groupId: group.id, currency: 'EUR', updatedAt: newB?.updatedAt });
    expect(newC).toEqual(untouched);
    const [entry] = await auditFor('offer', b.id);
    expect(entry?.details).toEqual({
      changes: { groupId: { before: null, after: group.id }, currency: { before: 'USD', after: 'EUR' } },
    });
  });

  it('mass update refuses unknown fields, fields outside the mass set, and missing ids', async () => {
    const item = await offers.make<Offer>(offer('mass-refused'));
    const unknown = await offers.mass([item.id], { colour: 'red' });
    expect(unknown.status).toBe(400);
    const name = await offers.mass([item.id], { name: 'renamed' });
    expect(name.status).toBe(400);
    const invalid = await offers.mass([item.id], { countryCode: 'Germany' });
    expect(invalid.status).toBe(400);
    expect(errorFields(invalid)).toEqual(['changes.countryCode']);
    const missingGroup = await offers.mass([item.id], { groupId: 987_654 });
    expect(missingGroup.status).toBe(400);
    expect(errorFields(missingGroup)).toEqual(['changes.groupId']);
    const missing = await offers.mass([item.id, 987_654], { notes: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.json().message).toContain('987654');
    // Nothing of the refused batches was written.
    expect((await offers.get(item.id)).json<Offer>()).toEqual(item);
  });

  it('refuse references to missing items, archived items and groups of another kind', async () => {
    const landerGroup = await groups.make({ name: 'landers only', kind: 'landing' });
    const wrongKind = await offers.create(offer('wrong-group', { groupId: landerGroup.id }));
    expect(wrongKind.status).toBe(400);
    expect(errorFields(wrongKind)).toEqual(['groupId']);
    expect(wrongKind.json().message).toContain('is a landing group, not an offer group');

    const network = await networks.make({ name: 'archived-net' });
    await networks.archive(network.id);
    const archived = await offers.create(offer('to-archived', { affiliateNetworkId: network.id }));
    expect(archived.status).toBe(400);
    expect(archived.json().message).toContain('is archived');
    const missing = await offers.create(offer('to-missing', { affiliateNetworkId: 424_242 }));
    expect(errorFields(missing)).toEqual(['affiliateNetworkId']);
  });

  it('refuse deleting what is still used, naming the users, and delete once free', async () => {
    const network = await networks.make({ name: 'busy-net' });
    const group = await groups.make({ name: 'busy-group', kind: 'offer' });
    const user = await offers.make<Offer>(
      offer('uses-both', { affiliateNetworkId: network.id, groupId: group.id }),
    );
    const refused = await networks.remove(network.id);
    expect(refused.status).toBe(409);
    expect(refused.json().message).toContain('"busy-net" is still used by 1 offer (uses-both)');
    const refusedGroup = await groups.remove(group.id);
    expect(refusedGroup.status).toBe(409);
    expect(refusedGroup.json().message).toContain('1 offer (uses-both)');

    // Archived users still count: restoring them would bring back a dangling reference.
    await offers.archive(user.id);
    expect((await networks.remove(network.id)).status).toBe(409);
    expect((await offers.remove(user.id)).status).toBe(200);
    expect((await networks.remove(network.id)).body).toEqual({ status: 'ok', id: network.id });
    expect((await networks.get(network.id)).status).toBe(404);
    const [deleted] = await auditFor('affiliate_network', network.id);
    expect(deleted).toMatchObject({
      action: 'affiliate_network_deleted',
      details: { changes: { name: { before: 'busy-net', after: null } } },
    });
  });
});

describe('audit log', () => {
  it('pages newest first, filters by action and user, and lists sign-ins too', async () => {
    const first = await offers.make<Offer>(offer('audit-first'));
    const second = await offers.make<Offer>(offer('audit-second'));
    const page = await browser.get(`${entityPath.auditLog}?action=offer_created&pageSize=1`);
    expect(page.status).toBe(200);
    const body = page.json<ListResponse<AuditEntry>>();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ entityId: second.id, userLogin: 'admin' });
    const next = (await browser.get(`${entityPath.auditLog}?action=offer_created&pageSize=1&page=2`)).json<
      ListResponse<AuditEntry>
    >();
    expect(next.items[0]?.entityId).toBe(first.id);
    expect(next.total).toBe(body.total);
    const userId = body.items[0]?.userId;
    const signIns = (await browser.get(`${entityPath.auditLog}?action=user_signed_in&userId=${userId}`)).json<
      ListResponse<AuditEntry>
    >();
    expect(signIns.total).toBeGreaterThanOrEqual(1);
    expect((await browser.get(`${entityPath.auditLog}?page=0`)).status).toBe(400);
  });

  it('filters by time: from (inclusive) and to (exclusive), and refuses a time without its offset', async () => {
    const made = await offers.make<Offer>(offer('audit-timed'));
    const all = (await browser.get(`${entityPath.auditLog}?kind=offer&entityId=${made.id}`)).json<
      ListResponse<AuditEntry>
    >();
    const at = all.items[0]?.occurredAt as string;
    const query = (range: string) =>
      browser
        .get(`${entityPath.auditLog}?kind=offer&entityId=${made.id}&${range}`)
        .then((answer) => answer.json<ListResponse<AuditEntry>>().total);
    const plus = (ms: number) => encodeURIComponent(new Date(Date.parse(at) + ms).toISOString());
    expect(await query(`from=${plus(0)}`)).toBe(1);
    expect(await query(`from=${plus(1)}`)).toBe(0);
    expect(await query(`to=${plus(1)}`)).toBe(1);
    expect(await query(`to=${plus(0)}`)).toBe(0);
    expect(await query(`from=${plus(-60_000)}&to=${plus(60_000)}`)).toBe(1);
    const bad = await browser.get(`${entityPath.auditLog}?from=2026-12-01T10:00:00`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('from');
  });
});

describe('the contract', () => {
  const minimal: Record<(typeof ENTITY_KINDS)[number], Record<string, unknown>> = {
    offer: { name: 'contract offer', url: 'https://o.example/' },
    landing: { name: 'contract lander', url: 'https://l.example/' },
    affiliate_network: { name: 'contract network' },
    traffic_source: { name: 'contract source' },
    domain: { host: 'contract.example.org' },
    group: { name: 'contract group', kind: 'offer' },
    // Offer 1 is the first offer the lists test above made.
    campaign: { name: 'contract campaign', flow: { defaultPaths: [{ offers: [{ offerId: 1 }] }] } },
    rotation: { name: 'contract rotation', flow: { defaultPaths: [{ offers: [{ offerId: 1 }] }] } },
    user: { login: 'contract-user', password: 'contract-password' },
  };

  it.each(ENTITY_KINDS)(
    'describes every field %s responses carry, and a fetched item posts back as a clone',
    async (kind) => {
      const client = kindClient(browser, kind);
      const schema = ENTITY_CONTRACTS[kind].schema.strict();
      const created = await client.make(minimal[kind]);
      expect(schema.safeParse(created).error).toBeUndefined();
      const listed = (await client.list(`ids=${created.id}`)).json<ListResponse<unknown>>();
      expect(schema.safeParse(listed.items[0]).error).toBeUndefined();
      if (kind === 'domain' || kind === 'group' || kind === 'user') return; // unique by host / name / login: a clone needs a new one
      const clone = await client.create({ ...created, name: `${String(created.name)} (copy)` });
      expect(clone.status).toBe(201);
      expect(clone.json().id).not.toBe(created.id);
    },
  );
});

describe('access', () => {
  it('needs a session, and is closed to plain users until permissions grant them access', async () => {
    const anonymous = new TestBrowser(cairn.url);
    const noSession = await anonymous.get(entityPath.list('offer'));
    expect(noSession.status).toBe(401);
    expect(noSession.json().message).toBe(MESSAGES.authenticationRequired);

    await cairn.users.create({ login: 'plain', password: 'plain-password', role: 'user' });
    const plain = new TestBrowser(cairn.url);
    expect((await plain.signIn('plain', 'plain-password')).status).toBe(200);
    expect((await plain.get(entityPath.list('offer'))).status).toBe(403);
    expect((await plain.post(entityPath.list('offer'), offer('by-plain'))).status).toBe(403);
    expect((await plain.get(entityPath.auditLog)).status).toBe(403);
  });

  it('refuses changes without the CSRF header', async () => {
    const result = await browser.post(entityPath.list('offer'), offer('no-csrf'), { xsrf: false });
    expect(result.status).toBe(403);
  });
});

describe('demo mode', () => {
  it('answers 410 to every change and still lists', async () => {
    const demo = await startTestCairn({ mode: 'demo' });
    try {
      const visitor = new TestBrowser(demo.url);
      expect((await visitor.signIn('demo', 'demo-cairn')).status).toBe(200);
      const client = kindClient(visitor, 'offer');
      const created = await client.create(offer('demo'));
      expect(created.status).toBe(410);
      expect(created.json().message).toBe(MESSAGES.demoUnavailable);
      expect((await client.mass([1], { notes: 'x' })).status).toBe(410);
      expect((await client.remove(1)).status).toBe(410);
      expect((await client.list()).status).toBe(200);
    } finally {
      await demo.close();
    }
  });
});
