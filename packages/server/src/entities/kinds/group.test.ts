import type { Group, ListResponse } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, type KindClient, kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import type { TestBrowser } from '../../../test-support/server.ts';
import type { RunningCairn } from '../../index.ts';

let cairn: RunningCairn;
let browser: TestBrowser;
let groups: KindClient;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
  groups = kindClient(browser, 'group');
});
afterAll(async () => {
  await cairn.close();
});

describe('group', () => {
  it('is created, read, updated and deleted, and counts its members', async () => {
    const created = await groups.create({ name: 'Sweeps', kind: 'offer' });
    expect(created.status).toBe(201);
    const group = created.json<Group>();
    expect(group).toMatchObject({ name: 'Sweeps', kind: 'offer', memberCount: 0, notes: '' });
    const offers = kindClient(browser, 'offer');
    const member = await offers.make({ name: 'member', url: 'https://o.example/', groupId: group.id });
    await offers.make({ name: 'other member', url: 'https://o.example/', groupId: group.id });
    await kindClient(browser, 'landing').make({ name: 'not a member', url: 'https://l.example/' });
    expect((await groups.get(group.id)).json<Group>().memberCount).toBe(2);

    const renamed = await groups.put(group.id, { name: 'Sweepstakes', kind: 'offer', notes: 'US only' });
    expect(renamed.json<Group>()).toMatchObject({ name: 'Sweepstakes', notes: 'US only', memberCount: 2 });
    const inUse = await groups.remove(group.id);
    expect(inUse.status).toBe(409);
    expect(inUse.json().message).toContain('2 offers (member, other member)');
    await offers.mass([member.id], { groupId: null });
    expect((await groups.get(group.id)).json<Group>().memberCount).toBe(1);
  });

  it('keeps its kind and refuses a second group of the same kind and name', async () => {
    const group = await groups.make<Group>({ name: 'Fixed kind', kind: 'landing' });
    const moved = await groups.put(group.id, { name: 'Fixed kind', kind: 'offer' });
    expect(moved.status).toBe(400);
    expect(errorFields(moved)).toEqual(['kind']);
    const duplicate = await groups.create({ name: 'fixed KIND', kind: 'landing' });
    expect(duplicate.status).toBe(409);
    expect(errorFields(duplicate)).toEqual(['name']);
    // The same name for another kind is a different group.
    expect((await groups.create({ name: 'Fixed kind', kind: 'offer' })).status).toBe(201);
    const badKind = await groups.create({ name: 'Bad kind', kind: 'banana' });
    expect(errorFields(badKind)).toEqual(['kind']);
  });

  it('lists by kind and sorts by member count', async () => {
    const small = await groups.make<Group>({ name: 'count-small', kind: 'landing' });
    const big = await groups.make<Group>({ name: 'count-big', kind: 'landing' });
    const landings = kindClient(browser, 'landing');
    for (const name of ['a', 'b']) await landings.make({ name, url: 'https://l.example/', groupId: big.id });
    await landings.make({ name: 'c', url: 'https://l.example/', groupId: small.id });
    const listed = (await groups.list('kind=landing&q=count-&sort=memberCount:desc')).json<
      ListResponse<Group>
    >();
    expect(listed.items.map((group) => [group.name, group.memberCount])).toEqual([
      ['count-big', 2],
      ['count-small', 1],
    ]);
  });
});
