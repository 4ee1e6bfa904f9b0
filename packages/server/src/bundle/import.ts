import {
  BUNDLE_KINDS,
  BUNDLE_REFERENCES,
  type BundleAction,
  type BundleEntity,
  type BundleKind,
  type BundlePlanItem,
  type BundleSettings,
  CAMPAIGN_KEY_PATTERN,
  type ConfigBundle,
  type ConfigImportQuery,
  type ConfigImportResponse,
  configImportBodySchema,
  type ErrorItem,
} from '@cairn/contract';
import { recordAudit } from '../audit.ts';
import { randomToken } from '../auth/secrets.ts';
import type { UserWithSecrets } from '../auth/users.ts';
import { adoptPostbackKeys } from '../conversions/keys.ts';
import { type EntityRecord, inputOf } from '../entities/definition.ts';
import type { EntityRepository } from '../entities/repository.ts';
import type { EntityService } from '../entities/service.ts';
import { HttpError, parseInput, validationError } from '../http.ts';
import {
  SETTING_BASE_CURRENCY,
  SETTING_LP_PROTECT,
  SETTING_POSTBACK_PROCESSING,
  SETTING_URL_CUSTOMIZATION,
} from '../settings/keys.ts';
import { saveStatsSettings } from '../settings/stats.ts';
import { getSetting, setSetting } from '../settings/store.ts';
import type { ConfigStore, Sql } from '../store/config/port.ts';
import { baseKey, KeyIndex, mapFlow, mapPermissions, readBundleSettings } from './export.ts';
import { placementOrder } from './order.ts';
import { type BundleSecretValues, openSecrets } from './secrets.ts';

// The configuration bundle (issue #47), its way in: keys resolved to this installation's ids, every write
// through the entity service, so each is checked and audited exactly as through the entity routes, all in
// one transaction.

/** Thrown to roll a dry run's transaction back once its plan is known. */
class DryRunDone extends Error {
  readonly result: ConfigImportResponse;
  constructor(result: ConfigImportResponse) {
    super('dry run');
    this.result = result;
  }
}

const REFERENCE_FIELD = new RegExp(
  `(${[...new Set([...Object.values(BUNDLE_REFERENCES).flatMap(Object.keys), 'landing', 'offer'])].join('|')})Id(?=$|\\.)`,
  'g',
);

/** An entity's field path as the bundle names it: references without their `Id` (`groupId` is `group`). */
function bundleField(path: string): string {
  return path.replace(REFERENCE_FIELD, '$1');
}

/** A refusal from an entity write, its fields named where they are in the bundle. */
function located(error: unknown, prefix: string, key: string): unknown {
  if (!(error instanceof HttpError)) return error;
  const body = error.body as { message?: string; errors?: ErrorItem[] };
  const items = body.errors ?? [{ message: body.message ?? error.message }];
  return validationError(
    items.map((item) => {
      const field =
        typeof item.detail === 'object' && !Array.isArray(item.detail) ? item.detail.field : undefined;
      return {
        message: `"${key}": ${item.message}`,
        detail: { field: field ? `${prefix}${bundleField(field)}` : prefix.slice(0, -1) },
      };
    }),
    error.status,
  );
}

/** Entity values with every key replaced through `resolve` (bundle field names back to `…Id`). */
function entityValues(
  kind: BundleKind,
  values: Record<string, unknown>,
  resolve: (kind: BundleKind, key: unknown, field: string) => number | null,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...values };
  for (const [field, target] of Object.entries(BUNDLE_REFERENCES[kind])) {
    const key = result[field];
    delete result[field];
    result[`${field}Id`] = key === null || key === undefined ? null : resolve(target, key, field);
  }
  if ('flow' in result) {
    result.flow = mapFlow(
      result.flow,
      (item, itemKind) => {
        const { [itemKind]: key, ...rest } = item;
        const id = key === null || key === undefined ? null : resolve(itemKind, key, 'flow');
        return { [itemKind === 'landing' ? 'landingId' : 'offerId']: id, ...rest };
      },
      ({ campaign, ...path }) =>
        campaign === null || campaign === undefined
          ? path
          : { ...path, campaignId: resolve('campaign', campaign, 'flow') },
    );
  }
  if (kind === 'user') {
    const ids = (list: unknown, target: BundleKind) =>
      Array.isArray(list) ? list.map((key) => resolve(target, key, 'permissions')) : [];
    result.permissions = mapPermissions(result.permissions, ids, 'in') as unknown[];
  }
  return result;
}

/**
 * A new item's values: a user comes without a password, so it gets one nobody knows, and signs in once an
 * admin has set a new one.
 */
function newItem(kind: BundleKind, values: Record<string, unknown>): Record<string, unknown> {
  return kind === 'user' ? { ...values, password: randomToken() } : values;
}

/**
 * Checks every entity of the bundle against its kind's own rules before anything is written, references
 * standing in as a placeholder id (they are resolved, and refused when missing, in the transaction).
 */
function checkBundle(bundle: ConfigBundle, entities: EntityRepository): void {
  const errors: ErrorItem[] = [];
  for (const kind of BUNDLE_KINDS) {
    const definition = entities.definition(kind);
    const list = bundle.entities[kind] ?? [];
    if (!definition) continue;
    const seen = new Set<string>();
    for (const [n, entry] of list.entries()) {
      const at = `entities.${kind}.${n}`;
      if (seen.has(entry.key))
        errors.push({ message: `Key "${entry.key}" is given twice`, detail: { field: `${at}.key` } });
      seen.add(entry.key);
      // A campaign's key goes into its URL as it is: only a key this or another Cairn could have made.
      if (kind === 'campaign' && !CAMPAIGN_KEY_PATTERN.test(entry.key)) {
        errors.push({
          message: `"${entry.key}" is no campaign key (12 lowercase letters and digits)`,
          detail: { field: `${at}.key` },
        });
      }
      const values = entityValues(kind, entry.values, (_kind, key, field) => {
        if (typeof key !== 'string')
          errors.push({
            message: 'A reference is a key (text) or null',
            detail: { field: `${at}.values.${field}` },
          });
        return 1;
      });
      const parsed = definition.inputSchema.safeParse(values);
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) {
        const path = bundleField(issue.path.map(String).join('.'));
        errors.push({
          message: `"${entry.key}": ${issue.message}`,
          detail: { field: `${at}.values.${path}` },
        });
      }
    }
  }
  if (errors.length > 0) throw validationError(errors);
}

const RENAME_SUFFIX = ' (imported)';

export interface ImportOutcome {
  response: ConfigImportResponse;
  /** The ids written per kind, to announce once committed. */
  written: Map<BundleKind, number[]>;
  settingsChanged: boolean;
}

/** The bundle's secrets in clear, or null when it carries none; one sealed without its passphrase is refused. */
async function secretsOf(bundle: ConfigBundle, passphrase: string | undefined) {
  if (!bundle.secrets) return null;
  if (passphrase === undefined || passphrase === '') {
    throw validationError([
      {
        message:
          'This bundle carries secrets (postback keys, LP-protect keys): give the passphrase it was exported with, or remove "secrets" to import without them',
        detail: { field: 'passphrase' },
      },
    ]);
  }
  return openSecrets(bundle.secrets, passphrase);
}

export async function importBundle(
  deps: {
    store: ConfigStore;
    entities: EntityRepository;
    service: EntityService;
    now: () => number;
    encryptionKey: Buffer;
  },
  user: UserWithSecrets,
  body: unknown,
  query: ConfigImportQuery,
): Promise<ImportOutcome> {
  const { store, entities, service } = deps;
  const { passphrase, ...bundle } = parseInput(configImportBodySchema, body);
  checkBundle(bundle, entities);
  const secrets = await secretsOf(bundle, passphrase);
  const written = new Map<BundleKind, number[]>();
  let settingsChanged = false;
  const run = async (tx: Sql): Promise<ConfigImportResponse> => {
    const index = await KeyIndex.read(tx, entities);
    // Keys of the bundle, resolved to this installation's ids as each entity is placed.
    const placed = new Map<BundleKind, Map<string, number>>(BUNDLE_KINDS.map((kind) => [kind, new Map()]));
    const items: BundlePlanItem[] = [];
    const deferredFallbacks: { entry: BundleEntity; id: number; at: string }[] = [];
    const landers: { key: string; id: number; action: BundleAction }[] = [];
    const toArchive: { kind: BundleKind; id: number; archived: boolean }[] = [];
    for (const { kind, n, entry } of placementOrder(bundle)) {
      const definition = entities.definition(kind);
      if (!definition) continue;
      const at = `entities.${kind}.${n}.values.`;
      const missing: ErrorItem[] = [];
      const resolve = (target: BundleKind, key: unknown, field: string) => {
        const id = placed.get(target)?.get(String(key)) ?? index.idOf(target, String(key));
        if (id === undefined) {
          missing.push({
            message: `"${entry.key}": no ${target.replace('_', ' ')} "${String(key)}" in the bundle or here`,
            detail: { field: `${at}${field}` },
          });
          return 0;
        }
        return id;
      };
      // An offer's fallback may be an offer later in the bundle: it is set once every offer is placed.
      const values = entityValues(
        kind,
        kind === 'offer' ? { ...entry.values, capFallbackOffer: null } : entry.values,
        resolve,
      );
      if (missing.length > 0) throw validationError(missing);
      const existingId = index.idOf(kind, entry.key);
      const write = async (work: () => Promise<EntityRecord>) => {
        try {
          return await work();
        } catch (error) {
          throw located(error, at, entry.key);
        }
      };
      let action: BundleAction;
      let record: EntityRecord | null = null;
      let newKey: string | undefined;
      if (existingId === undefined) {
        action = 'created';
        record = await write(() =>
          service.createIn(
            tx,
            user,
            definition,
            newItem(kind, values),
            kind === 'campaign' ? { key: entry.key } : {},
          ),
        );
      } else if (query.conflict === 'skip' || (query.conflict === 'rename' && kind === 'domain')) {
        // A host names the domain itself: there is no other name to add it under.
        action = 'skipped';
      } else if (query.conflict === 'overwrite') {
        action = 'updated';
        const previous = await entities.find(tx, definition, existingId);
        if (!previous) throw new Error(`${kind} ${existingId} vanished`);
        record = await write(() => service.replaceIn(tx, user, definition, previous, values));
      } else {
        action = 'renamed';
        const field = kind === 'user' ? 'login' : 'name';
        const keyOf = (name: string) => (kind === 'group' ? `${values.kind}:${name}` : name);
        let name = `${String(values[field])}${RENAME_SUFFIX}`;
        for (let n = 2; index.idOf(kind, keyOf(name)) !== undefined; n += 1) {
          name = `${String(values[field])}${RENAME_SUFFIX.slice(0, -1)} ${n})`;
        }
        const renamed = newItem(kind, { ...values, [field]: name });
        record = await write(() => service.createIn(tx, user, definition, renamed));
        newKey = index.add(kind, baseKey(kind, record), record.id);
      }
      const id = record?.id ?? (existingId as number);
      placed.get(kind)?.set(entry.key, id);
      if (record) {
        written.set(kind, [...(written.get(kind) ?? []), id]);
        if (record.archived !== entry.archived) toArchive.push({ kind, id, archived: entry.archived });
        if (kind === 'offer' && entry.values.capFallbackOffer != null)
          deferredFallbacks.push({ entry, id, at });
      }
      items.push({ kind, key: entry.key, action, id, ...(newKey ? { newKey } : {}) });
      if (kind === 'landing') landers.push({ key: entry.key, id, action });
    }
    const offers = entities.definition('offer');
    for (const { entry, id, at } of deferredFallbacks) {
      if (!offers) break;
      const key = String(entry.values.capFallbackOffer);
      const fallback = placed.get('offer')?.get(key) ?? index.idOf('offer', key);
      if (fallback === undefined) {
        throw validationError([
          {
            message: `"${entry.key}": no offer "${key}" in the bundle or here`,
            detail: { field: `${at}capFallbackOffer` },
          },
        ]);
      }
      const previous = await entities.find(tx, offers, id);
      if (!previous) throw new Error(`offer ${id} vanished`);
      try {
        await service.replaceIn(tx, user, offers, previous, {
          ...inputOf(offers, previous),
          capFallbackOfferId: fallback,
        });
      } catch (error) {
        throw located(error, at, entry.key);
      }
    }
    // Archived last: a flow may not take up an archived offer or lander, so they are placed live first.
    for (const { kind, id, archived } of [...toArchive].reverse()) {
      const definition = entities.definition(kind);
      const previous = definition ? await entities.find(tx, definition, id) : null;
      if (definition && previous) await service.setArchivedIn(tx, user, definition, previous, archived);
    }
    const settingsImport = await importSettings(tx, bundle.settings, query);
    items.push(...settingsImport.items);
    if (secrets) {
      items.push(
        ...(await importSecrets(
          tx,
          { entities, encryptionKey: deps.encryptionKey, now: deps.now() },
          secrets,
          {
            landers,
            conflict: query.conflict,
          },
        )),
      );
    }
    settingsChanged = items.some(
      (item) => (item.kind === 'settings' || item.kind === 'secrets') && item.action !== 'skipped',
    );
    const counts = { created: 0, updated: 0, skipped: 0, renamed: 0 };
    for (const item of items) counts[item.action] += 1;
    const response: ConfigImportResponse = { dryRun: query.dryRun, conflict: query.conflict, items, counts };
    if (query.dryRun) throw new DryRunDone(response);
    await recordAudit(tx, deps.now(), {
      userId: user.id,
      action: 'config_imported',
      details: {
        conflict: query.conflict,
        exportedAt: bundle.exportedAt,
        counts,
        settings: settingsImport.changes,
        // Which secrets came in, never their values.
        secrets: items
          .filter((item) => item.kind === 'secrets' && item.action !== 'skipped')
          .map((item) => item.key),
      },
    });
    return response;
  };
  try {
    const response = await store.transaction(run);
    return { response, written, settingsChanged };
  } catch (error) {
    if (error instanceof DryRunDone)
      return { response: error.result, written: new Map(), settingsChanged: false };
    throw error;
  }
}

/**
 * The bundle's secrets: its postback keys join this installation's (made current only under `overwrite`),
 * and each protected lander the import wrote takes its key from the bundle, so the code pasted into the
 * lander keeps working. Landers left as they are keep theirs.
 */
async function importSecrets(
  tx: Sql,
  deps: { entities: EntityRepository; encryptionKey: Buffer; now: number },
  secrets: BundleSecretValues,
  placed: {
    landers: { key: string; id: number; action: BundleAction }[];
    conflict: ConfigImportQuery['conflict'];
  },
): Promise<BundlePlanItem[]> {
  const items: BundlePlanItem[] = [];
  const current = placed.conflict === 'overwrite' ? 'imported' : 'kept';
  const adopted = await adoptPostbackKeys(tx, deps.encryptionKey, secrets.postbackKeys, current, deps.now);
  if (secrets.postbackKeys.length > 0) {
    items.push({
      kind: 'secrets',
      key: 'postbackKeys',
      action: adopted ? (current === 'imported' ? 'updated' : 'created') : 'skipped',
    });
  }
  const definition = deps.entities.definition('landing');
  for (const { key, id, action } of placed.landers) {
    const secret = secrets.lpProtectKeys[key];
    if (secret === undefined || !definition) continue;
    const record = action === 'skipped' ? null : await deps.entities.find(tx, definition, id);
    const takes = record?.lpProtect === true && record.lpProtectKey !== secret;
    if (takes) await deps.entities.update(tx, definition, id, { lpProtectKey: secret });
    items.push({
      kind: 'secrets',
      key: `lpProtectKey:${key}`,
      action: takes ? (action === 'updated' ? 'updated' : 'created') : 'skipped',
      id,
    });
  }
  return items;
}

/** The bundle's settings: created where this installation never stored one, else as the policy says. */
async function importSettings(
  tx: Sql,
  settings: BundleSettings,
  query: ConfigImportQuery,
): Promise<{ items: BundlePlanItem[]; changes: Record<string, { before: unknown; after: unknown }> }> {
  const current = await readBundleSettings(tx);
  // The key telling whether this installation ever stored the setting (the stats settings are three keys,
  // saved together).
  const stored: Record<keyof BundleSettings, string> = {
    stats: SETTING_BASE_CURRENCY,
    urlCustomization: SETTING_URL_CUSTOMIZATION,
    lpProtect: SETTING_LP_PROTECT,
    postbackProcessing: SETTING_POSTBACK_PROCESSING,
  };
  const items: BundlePlanItem[] = [];
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const name of Object.keys(stored) as (keyof BundleSettings)[]) {
    const value = settings[name];
    if (value === undefined) continue;
    const isNew = (await getSetting(tx, stored[name])) === null;
    const same = JSON.stringify(value) === JSON.stringify(current[name]);
    const action: BundleAction = same
      ? 'skipped'
      : isNew
        ? 'created'
        : query.conflict === 'skip'
          ? 'skipped'
          : 'updated';
    items.push({ kind: 'settings', key: name, action });
    if (action === 'skipped') continue;
    changes[name] = { before: current[name], after: value };
    if (name === 'stats') await saveStatsSettings(tx, value as NonNullable<BundleSettings['stats']>);
    else await setSetting(tx, stored[name], JSON.stringify(value));
  }
  return { items, changes };
}
