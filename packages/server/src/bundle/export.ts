import {
  BUNDLE_KINDS,
  BUNDLE_REFERENCES,
  type BundleKind,
  type BundleSettings,
  CONFIG_BUNDLE_VERSION,
  type ConfigBundle,
} from '@cairn/contract';
import { readPostbackKeys } from '../conversions/keys.ts';
import { type EntityRecord, inputOf } from '../entities/definition.ts';
import type { EntityRepository } from '../entities/repository.ts';
import { readLpProtect, readPostbackProcessing, readUrlCustomization } from '../settings/readers.ts';
import { readStatsSettings } from '../settings/stats.ts';
import type { ConfigStore, Sql } from '../store/config/port.ts';
import { type BundleSecretValues, sealSecrets } from './secrets.ts';

// The configuration bundle (issue #47), its way out: every entity by key (never an id), and the plain
// settings. The import (import.ts) reads keys back through the same index.

/** Keys in a fixed order, numbers by value, so "Miss #2" comes before "Miss #10" as they were made. */
const KEY_ORDER = new Intl.Collator('en', { numeric: true });

type Flowish = { defaultPaths?: unknown[]; rules?: { paths?: unknown[] }[] };
type PathShape = { landers?: Record<string, unknown>[]; offers?: Record<string, unknown>[] };

/** The key an entity goes by in bundles, before duplicates are told apart. */
export function baseKey(kind: BundleKind, record: EntityRecord): string {
  if (kind === 'group') return `${record.kind}:${record.name}`;
  if (kind === 'domain') return String(record.host);
  if (kind === 'campaign') return String(record.key);
  if (kind === 'user') return String(record.login);
  return String(record.name);
}

/** Every entity of the bundle's kinds by key and by id; names shared by several get ` #n` in id order. */
export class KeyIndex {
  private readonly byKey = new Map<BundleKind, Map<string, number>>();
  private readonly byId = new Map<BundleKind, Map<number, string>>();
  readonly records = new Map<BundleKind, EntityRecord[]>();

  static async read(sql: Sql, entities: EntityRepository): Promise<KeyIndex> {
    const index = new KeyIndex();
    for (const kind of BUNDLE_KINDS) {
      const definition = entities.definition(kind);
      if (!definition) continue;
      const { records } = await entities.list(sql, definition, {
        page: 1,
        pageSize: Number.MAX_SAFE_INTEGER,
        sort: [{ field: 'id', direction: 'asc' }],
        archived: 'all',
        filters: {},
        scope: null,
      });
      index.records.set(kind, records);
      for (const record of records) index.add(kind, baseKey(kind, record), record.id);
    }
    return index;
  }

  /** Adds under `key`, or `key #n` when it is taken; answers the key used. */
  add(kind: BundleKind, key: string, id: number): string {
    const keys = this.byKey.get(kind) ?? new Map<string, number>();
    this.byKey.set(kind, keys);
    let unique = key;
    for (let n = 2; keys.has(unique); n += 1) unique = `${key} #${n}`;
    keys.set(unique, id);
    const ids = this.byId.get(kind) ?? new Map<number, string>();
    this.byId.set(kind, ids);
    ids.set(id, unique);
    return unique;
  }

  idOf(kind: BundleKind, key: string): number | undefined {
    return this.byKey.get(kind)?.get(key);
  }

  keyOf(kind: BundleKind, id: number): string | undefined {
    return this.byId.get(kind)?.get(id);
  }
}

/**
 * Calls `map` on every lander and offer item of a flow, and `mapPath` on every path (for the campaign a
 * path hands its clicks to), giving a flow of what they answer.
 */
export function mapFlow(
  flow: unknown,
  map: (item: Record<string, unknown>, kind: 'landing' | 'offer') => unknown,
  mapPath: (path: Record<string, unknown>) => Record<string, unknown> = (path) => path,
) {
  if (flow === null || typeof flow !== 'object') return flow;
  const paths = (list: unknown[] | undefined) =>
    (list ?? []).map((path) => {
      const { landers, offers } = path as PathShape;
      return mapPath({
        ...(path as object),
        ...(landers ? { landers: landers.map((item) => map(item, 'landing')) } : {}),
        ...(offers ? { offers: offers.map((item) => map(item, 'offer')) } : {}),
      });
    });
  const { defaultPaths, rules } = flow as Flowish;
  return {
    ...flow,
    ...(defaultPaths ? { defaultPaths: paths(defaultPaths) } : {}),
    ...(rules
      ? { rules: rules.map((rule) => ({ ...rule, ...(rule.paths ? { paths: paths(rule.paths) } : {}) })) }
      : {}),
  };
}

/**
 * A user's permissions with their group and item lists mapped by `map`: ids to keys on the way out (`groupIds`
 * becoming `groups`, `itemIds` `items`), keys to ids on the way in.
 */
export function mapPermissions(
  permissions: unknown,
  map: (list: unknown, kind: BundleKind, field: 'groups' | 'items') => unknown[],
  direction: 'out' | 'in',
): unknown {
  if (!Array.isArray(permissions)) return permissions;
  return permissions.map((permission: Record<string, unknown>) => {
    const [groups, items] = direction === 'out' ? ['groupIds', 'itemIds'] : ['groups', 'items'];
    const { [groups]: groupList, [items]: itemList, ...rest } = permission;
    const kind = permission.kind as BundleKind;
    const [groupsTo, itemsTo] = direction === 'out' ? ['groups', 'items'] : ['groupIds', 'itemIds'];
    return {
      ...rest,
      [groupsTo]: map(groupList ?? [], 'group', 'groups'),
      [itemsTo]: map(itemList ?? [], kind, 'items'),
    };
  });
}

/** A record's values as the bundle carries them: input fields, ids turned into keys. */
function bundleValues(kind: BundleKind, record: EntityRecord, index: KeyIndex, entities: EntityRepository) {
  const definition = entities.definition(kind);
  if (!definition) throw new Error(`No definition for ${kind}`);
  const values: Record<string, unknown> = inputOf(definition, record);
  for (const [field, target] of Object.entries(BUNDLE_REFERENCES[kind])) {
    const id = values[`${field}Id`];
    delete values[`${field}Id`];
    values[field] = typeof id === 'number' ? (index.keyOf(target, id) ?? null) : null;
  }
  if ('flow' in values) {
    values.flow = mapFlow(
      values.flow,
      (item, itemKind) => {
        const { landingId, offerId, ...rest } = item;
        const id = itemKind === 'landing' ? landingId : offerId;
        const key = typeof id === 'number' ? (index.keyOf(itemKind, id) ?? null) : null;
        return { [itemKind]: key, ...rest };
      },
      // A path sent to another campaign names it by key (`campaign`), as everything else in a bundle.
      ({ campaignId, ...path }) =>
        typeof campaignId === 'number'
          ? { ...path, campaign: index.keyOf('campaign', campaignId) ?? null }
          : path,
    );
  }
  if (kind === 'user') {
    values.permissions = mapPermissions(
      values.permissions,
      (list, target) =>
        (list as number[]).flatMap((id) => {
          const key = index.keyOf(target, id);
          return key === undefined ? [] : [key];
        }),
      'out',
    );
  }
  return values;
}

export async function readBundleSettings(sql: Sql): Promise<BundleSettings> {
  return {
    stats: await readStatsSettings(sql),
    urlCustomization: await readUrlCustomization(sql),
    lpProtect: await readLpProtect(sql),
    postbackProcessing: await readPostbackProcessing(sql),
  };
}

/** The secrets that go with the exported entities: the postback keys, and each exported protected lander's key. */
async function secretValues(
  store: ConfigStore,
  bundle: ConfigBundle,
  index: KeyIndex,
  encryptionKey: Buffer,
): Promise<BundleSecretValues> {
  const lpProtectKeys: Record<string, string> = {};
  for (const record of index.records.get('landing') ?? []) {
    const key = index.keyOf('landing', record.id);
    if (!key || !bundle.entities.landing?.some((entry) => entry.key === key)) continue;
    if (record.lpProtect === true && typeof record.lpProtectKey === 'string') {
      lpProtectKeys[key] = record.lpProtectKey;
    }
  }
  return { postbackKeys: await readPostbackKeys(store, encryptionKey), lpProtectKeys };
}

export async function exportBundle(
  store: ConfigStore,
  entities: EntityRepository,
  now: number,
  kinds?: readonly string[],
  secrets?: { passphrase: string; encryptionKey: Buffer },
): Promise<ConfigBundle> {
  const wanted = (kind: string) => !kinds || kinds.includes(kind);
  const index = await KeyIndex.read(store, entities);
  const bundle: ConfigBundle = {
    version: CONFIG_BUNDLE_VERSION,
    exportedAt: new Date(now).toISOString(),
    entities: {},
    settings: wanted('settings') ? await readBundleSettings(store) : {},
  };
  for (const kind of BUNDLE_KINDS) {
    if (!wanted(kind)) continue;
    // The super-admin is each installation's own, made at its first start: never moved.
    const records = (index.records.get(kind) ?? []).filter((record) => record.role !== 'super_admin');
    // By key, not by id: ids follow the order things were made in, which an import changes (it places what
    // a flow points at first), so two exports of one setup list the same lines in the same order.
    bundle.entities[kind] = records
      .map((record) => ({
        key: index.keyOf(kind, record.id) ?? baseKey(kind, record),
        archived: record.archived,
        values: bundleValues(kind, record, index, entities),
      }))
      .sort((a, b) => KEY_ORDER.compare(a.key, b.key));
  }
  if (secrets) {
    const values = await secretValues(store, bundle, index, secrets.encryptionKey);
    bundle.secrets = await sealSecrets(values, secrets.passphrase);
  }
  return bundle;
}
