import type { ErrorItem } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../test-support/entities.ts';
import type { TestBrowser } from '../../test-support/server.ts';
import type { UserWithSecrets } from '../auth/users.ts';
import type { RunningCairn } from '../index.ts';
import { DEFAULT_TRACKING_PATHS } from '../tracking/paths.ts';
import type { EntityDefinition } from './definition.ts';
import { ENTITY_DEFINITIONS } from './kinds/index.ts';
import { EntityRepository } from './repository.ts';
import { type CreateManyResult, EntityService } from './service.ts';

// EntityService.createMany on the real server's store: the machinery every bulk write (the offer import
// first) goes through, with the same checks as a single create, made once for the whole batch.
let cairn: RunningCairn;
let browser: TestBrowser;
let service: EntityService;
let admin: UserWithSecrets;
const announced: string[] = [];
const env = { baseUrl: 'https://trk.example', paths: DEFAULT_TRACKING_PATHS };

function definition(kind: string): EntityDefinition {
  const found = ENTITY_DEFINITIONS.find((candidate) => candidate.kind === kind);
  if (!found) throw new Error(`no ${kind} definition`);
  return found;
}

/** Each result as `created <name>` or `<status> <field>: <message>; ...`, to compare in one go. */
function outline(results: readonly CreateManyResult[], label: string): string[] {
  return results.map((result) => {
    if (result.ok) return `created ${String(result.item[label])}`;
    const errors = (result.error.body.errors ?? []) as ErrorItem[];
    const described = errors.map((error) => {
      const detail = error.detail as { field?: string } | undefined;
      return `${detail?.field ?? ''}: ${error.message}`;
    });
    return `${result.error.status} ${described.join('; ')}`;
  });
}

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
  const definitions = new Map(ENTITY_DEFINITIONS.map((item) => [item.kind, item]));
  const now = () => Date.now();
  service = new EntityService(
    cairn.store,
    new EntityRepository(definitions, [], now),
    now,
    undefined,
    cairn.changes,
  );
  admin = (await cairn.users.findByLogin('admin')) as UserWithSecrets;
  cairn.changes.onChange((kind, id) => announced.push(`${kind} ${id}`));
});
afterAll(async () => {
  await cairn.close();
});

describe('EntityService.createMany', () => {
  it('validates every body, refuses taken values and duplicates within the batch, and creates the rest', async () => {
    await kindClient(browser, 'domain').make({ host: 'taken.example' });
    announced.length = 0;
    const results = await service.createMany(
      admin,
      definition('domain'),
      [
        { host: 'one.example' },
        { host: 'ONE.example' },
        { host: 'Taken.Example' },
        { host: '' },
        'not an object',
        { host: 'two.example', isDefault: true },
        { host: 'three.example', isDefault: true },
      ],
      env,
    );
    expect(outline(results, 'host')).toEqual([
      'created one.example',
      '409 host: This domain is already added',
      '409 host: This domain is already added',
      expect.stringMatching(/^400 host: /),
      expect.stringMatching(/^400 : /),
      'created two.example',
      'created three.example',
    ]);
    const created = results.flatMap((result) => (result.ok ? [Number(result.item.id)] : []));
    expect(announced).toEqual(created.map((id) => `domain ${id}`));
    // Each row went through its afterWrite hook, in order: the last default wins.
    const stored = await cairn.store.query<{ host: string; is_default: boolean }>(
      `SELECT host, is_default FROM domains WHERE host LIKE '%.example' ORDER BY id`,
    );
    expect(stored).toEqual([
      { host: 'taken.example', is_default: false },
      { host: 'one.example', is_default: false },
      { host: 'two.example', is_default: false },
      { host: 'three.example', is_default: true },
    ]);
  });

  it('compares multi-field unique values together', async () => {
    const results = await service.createMany(
      admin,
      definition('group'),
      [
        { name: 'Team', kind: 'offer' },
        { name: 'team', kind: 'campaign' },
        { name: 'TEAM', kind: 'offer' },
      ],
      env,
    );
    expect(outline(results, 'name')).toEqual([
      'created Team',
      'created team',
      expect.stringMatching(/^409 name: /),
    ]);
  });

  it('checks the references of the whole batch and refuses only the items that name bad ones', async () => {
    const networks = kindClient(browser, 'affiliate_network');
    const live = await networks.make({ name: 'bulk-live' });
    const archived = await networks.make({ name: 'bulk-archived' });
    await networks.archive(archived.id);
    const landerGroup = await kindClient(browser, 'group').make({ name: 'bulk landers', kind: 'landing' });
    const offer = (name: string, extra: Record<string, unknown>) => ({
      name,
      url: 'https://o.example/',
      ...extra,
    });
    const results = await service.createMany(
      admin,
      definition('offer'),
      [
        offer('to live', { affiliateNetworkId: live.id }),
        offer('to missing', { affiliateNetworkId: 987_654 }),
        offer('to archived', { affiliateNetworkId: archived.id }),
        offer('to lander group', { groupId: landerGroup.id }),
        offer('to live again', { affiliateNetworkId: live.id }),
      ],
      env,
    );
    expect(outline(results, 'name')).toEqual([
      'created to live',
      '400 affiliateNetworkId: Affiliate network 987654 does not exist',
      `400 affiliateNetworkId: Affiliate network ${archived.id} is archived`,
      `400 groupId: Group ${landerGroup.id} is a landing group, not an offer group`,
      'created to live again',
    ]);
  });

  it('writes the batch again without an item its afterWrite hook refuses, leaving no trace of it', async () => {
    const offerId = (
      await kindClient(browser, 'offer').make({ name: 'bulk-target', url: 'https://t.example/' })
    ).id;
    const flowTo = (id: number) => ({ defaultPaths: [{ offers: [{ offerId: id }] }] });
    announced.length = 0;
    const results = await service.createMany(
      admin,
      definition('campaign'),
      [
        { name: 'bulk first', flow: flowTo(offerId) },
        { name: 'bulk broken', flow: flowTo(876_543) },
        { name: 'bulk last', flow: flowTo(offerId) },
      ],
      env,
    );
    expect(outline(results, 'name')).toEqual([
      'created bulk first',
      '400 flow.defaultPaths.0.offers.0: Offer 876543 does not exist',
      'created bulk last',
    ]);
    const stored = await cairn.store.query<{ id: number; name: string }>(
      `SELECT id, name FROM campaigns WHERE name LIKE 'bulk %' ORDER BY id`,
    );
    expect(stored.map((row) => row.name)).toEqual(['bulk first', 'bulk last']);
    expect(announced).toEqual(stored.map((row) => `campaign ${row.id}`));
    const audited = await cairn.store.query<{ entity_id: number }>(
      `SELECT entity_id FROM audit_log WHERE action = 'campaign_created' ORDER BY entity_id`,
    );
    expect(audited.map((row) => Number(row.entity_id))).toEqual(stored.map((row) => Number(row.id)));
  });
});
