import { z } from 'zod';
import { postbackProcessingSettingsSchema } from '../conversions.ts';
import { lpProtectSettingsSchema } from '../lpProtect.ts';
import { statsSettingsSchema } from '../statsSettings.ts';
import { urlCustomizationSchema } from '../tracking.ts';

// The configuration bundle: an installation's entities and plain settings as one versioned JSON document,
// for moving a setup to another installation. Entities name each other by stable keys, never database ids,
// so the importing side can remap them to its own ids. Password hashes, second-factor secrets, API keys and
// integration tokens are never in it: users come without a password, and an imported one signs in once an
// admin has set theirs. The secrets a move cannot do without (the postback keys networks' URLs carry, the
// LP-protect keys pasted into landers' code) travel only when asked for, sealed with a passphrase the
// installation never keeps.

export const CONFIG_BUNDLE_PATHS = {
  /** GET: the bundle without secrets; POST: with them, sealed with the passphrase in the body. */
  export: '/api/export',
  import: '/api/import',
} as const;

export const CONFIG_BUNDLE_VERSION = 1;

/**
 * The largest bundle an import reads. Far above the API's usual body limit: a setup of thousands of
 * campaigns with their flows is one document.
 */
export const CONFIG_BUNDLE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The kinds a bundle carries, in the order an import creates them: each kind refers only to kinds before it
 * (an offer's fallback offer, another offer, is set once every offer exists).
 */
export const BUNDLE_KINDS = [
  'group',
  'domain',
  'affiliate_network',
  'traffic_source',
  'landing',
  'offer',
  'rotation',
  'campaign',
  'user',
] as const;
export type BundleKind = (typeof BUNDLE_KINDS)[number];

/**
 * Each kind's reference fields as the bundle names them (the entity's field without `Id`, holding the other
 * entity's key) and the kind they point to. Flows name their landers and offers as `landing` / `offer`
 * keys in place of `landingId` / `offerId`, and a path sent to another campaign names it as a `campaign`
 * key in place of `campaignId`.
 */
export const BUNDLE_REFERENCES: Readonly<Record<BundleKind, Readonly<Record<string, BundleKind>>>> = {
  group: {},
  domain: {},
  affiliate_network: {},
  traffic_source: {},
  landing: { group: 'group' },
  offer: { affiliateNetwork: 'affiliate_network', group: 'group', capFallbackOffer: 'offer' },
  rotation: { group: 'group' },
  campaign: { group: 'group', trafficSource: 'traffic_source', domain: 'domain', rotation: 'rotation' },
  // A user's permissions name their groups and items as `groups` / `items` keys in place of ids.
  user: {},
};

const keySchema = z.string().trim().min(1, 'A key is required').max(400, 'At most 400 characters');

/**
 * One entity: its key (a group's `kind:name`, a domain's host, a campaign's URL key, a user's login,
 * otherwise the name, with ` #n` added when several share it), whether it is archived, and its fields as the entity's create
 * form takes them, references replaced by keys. The fields are checked against the entity's own rules
 * when the bundle is imported.
 */
export const bundleEntitySchema = z.object({
  key: keySchema,
  archived: z.boolean().default(false),
  values: z.record(z.string(), z.unknown()),
});
export type BundleEntity = z.output<typeof bundleEntitySchema>;

/** The settings that are plain configuration; keys, tokens and licences stay behind. */
export const bundleSettingsSchema = z.object({
  stats: statsSettingsSchema.optional(),
  urlCustomization: urlCustomizationSchema.optional(),
  lpProtect: lpProtectSettingsSchema.optional(),
  postbackProcessing: postbackProcessingSettingsSchema.optional(),
});
export type BundleSettings = z.output<typeof bundleSettingsSchema>;

export const BUNDLE_PASSPHRASE_MIN = 12;
export const BUNDLE_PASSPHRASE_MAX = 1024;
export const bundlePassphraseSchema = z
  .string({ error: 'A passphrase is required' })
  .min(BUNDLE_PASSPHRASE_MIN, `At least ${BUNDLE_PASSPHRASE_MIN} characters`)
  .max(BUNDLE_PASSPHRASE_MAX, `At most ${BUNDLE_PASSPHRASE_MAX} characters`);

/**
 * scrypt's cost as a power of two: at least what OWASP asks for interactive use, at most what an import
 * can afford to spend memory on (a hostile bundle must not make the server allocate gigabytes).
 */
export const BUNDLE_SCRYPT_LOG2_COST = { min: 15, max: 17 } as const;

/**
 * The bundle's secrets, sealed: a key is derived from the passphrase with scrypt (cost 2^log2Cost, block
 * size 8, parallelization 1, the salt given) and the secrets' JSON is sealed with AES-256-GCM as
 * `iv.tag.ciphertext` in base64url. Without the passphrase they cannot be read, and a changed byte is
 * refused rather than read wrong.
 */
export const bundleSecretsSchema = z.object({
  kdf: z.literal('scrypt', { error: 'Only scrypt-sealed secrets are read' }),
  log2Cost: z
    .number()
    .int()
    .min(BUNDLE_SCRYPT_LOG2_COST.min, `At least ${BUNDLE_SCRYPT_LOG2_COST.min}`)
    .max(BUNDLE_SCRYPT_LOG2_COST.max, `At most ${BUNDLE_SCRYPT_LOG2_COST.max}`),
  salt: z.string().regex(/^[A-Za-z0-9_-]{22}$/, '16 bytes in base64url'),
  sealed: z
    .string()
    .max(CONFIG_BUNDLE_MAX_BYTES, 'Too large')
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'iv.tag.ciphertext in base64url'),
});
export type BundleSecrets = z.output<typeof bundleSecretsSchema>;

export const configBundleSchema = z.object({
  version: z.literal(CONFIG_BUNDLE_VERSION, {
    error: `Only version ${CONFIG_BUNDLE_VERSION} bundles are read`,
  }),
  exportedAt: z.iso.datetime({ offset: true, error: 'exportedAt is an ISO date-time' }),
  entities: z.partialRecord(z.enum(BUNDLE_KINDS), z.array(bundleEntitySchema)),
  settings: bundleSettingsSchema.default({}),
  /** Present only in a bundle exported with a passphrase. */
  secrets: bundleSecretsSchema.optional(),
});
export type ConfigBundle = z.output<typeof configBundleSchema>;
export type ConfigBundleInput = z.input<typeof configBundleSchema>;

const kindsListSchema = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((kind) => kind.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum([...BUNDLE_KINDS, 'settings'])).min(1, 'Name at least one kind'));

export const configExportQuerySchema = z.object({
  /** Comma-separated kinds (and/or `settings`); all of them when absent. */
  kinds: kindsListSchema.optional(),
});
export type ConfigExportQuery = z.output<typeof configExportQuerySchema>;

/** POST /api/export: the bundle with its secrets, sealed with `passphrase` (which the server does not keep). */
export const configExportWithSecretsSchema = z.object({
  /** Kinds (and/or `settings`); all of them when absent. */
  kinds: z
    .array(z.enum([...BUNDLE_KINDS, 'settings']))
    .min(1, 'Name at least one kind')
    .optional(),
  passphrase: bundlePassphraseSchema,
});
export type ConfigExportWithSecrets = z.input<typeof configExportWithSecretsSchema>;

/**
 * An import's body: the bundle as exported, plus the passphrase its secrets were sealed with when it
 * carries any (an import of such a bundle without it is refused, so no key is left behind unnoticed).
 */
export const configImportBodySchema = configBundleSchema.extend({
  passphrase: z.string().max(BUNDLE_PASSPHRASE_MAX, `At most ${BUNDLE_PASSPHRASE_MAX} characters`).optional(),
});

export const BUNDLE_CONFLICT_POLICIES = ['skip', 'overwrite', 'rename'] as const;
export type BundleConflictPolicy = (typeof BUNDLE_CONFLICT_POLICIES)[number];

const booleanText = z.enum(['true', 'false']).transform((text) => text === 'true');

export const configImportQuerySchema = z.object({
  /** true (the default): work out the plan and change nothing. */
  dryRun: booleanText.default(true),
  /** What an entity whose key the installation already has becomes: left, replaced, or added under a new name. */
  conflict: z.enum(BUNDLE_CONFLICT_POLICIES).default('skip'),
});
export type ConfigImportQuery = z.output<typeof configImportQuerySchema>;
export type ConfigImportParams = z.input<typeof configImportQuerySchema>;

export const BUNDLE_ACTIONS = ['created', 'updated', 'skipped', 'renamed'] as const;
export type BundleAction = (typeof BUNDLE_ACTIONS)[number];

/** What a plan item is: an entity kind, a plain setting, or a secret (the postback keys, a lander's LP-protect key). */
export const BUNDLE_PLAN_KINDS = [...BUNDLE_KINDS, 'settings', 'secrets'] as const;

export const bundlePlanItemSchema = z.object({
  kind: z.enum(BUNDLE_PLAN_KINDS),
  key: z.string(),
  action: z.enum(BUNDLE_ACTIONS),
  /** The key it has in this installation when renamed. */
  newKey: z.string().optional(),
  /** Its id in this installation (on a dry run, an id that was given back). */
  id: z.number().int().optional(),
});
export type BundlePlanItem = z.output<typeof bundlePlanItemSchema>;

export const configImportResponseSchema = z.object({
  dryRun: z.boolean(),
  conflict: z.enum(BUNDLE_CONFLICT_POLICIES),
  items: z.array(bundlePlanItemSchema),
  counts: z.object({ created: z.number(), updated: z.number(), skipped: z.number(), renamed: z.number() }),
});
export type ConfigImportResponse = z.output<typeof configImportResponseSchema>;
