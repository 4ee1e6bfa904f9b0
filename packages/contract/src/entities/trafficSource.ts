import { z } from 'zod';
import { entityMetaSchema, nameSchema, notesSchema, percentSchema, templateDocsSchema } from './common.ts';
import { TOKEN_SLOTS, trackedUrlSchema } from './macros.ts';
import { POSTBACK_MODES } from './vocabulary.ts';

export { POSTBACK_MODES, trafficSourceListSpec } from './vocabulary.ts';

const parameterSchema = z
  .string()
  .trim()
  .min(1, 'Enter the URL parameter name')
  .max(64, 'At most 64 characters')
  .regex(/^[A-Za-z0-9_.\-[\]]+$/, 'Letters, digits, _ . - [ ] only');
/** The source's own macro that fills the parameter (`{zoneid}`, `${SUBID}`, `[CLICK_ID]`, `__CID__` ...). */
const placeholderSchema = z.string().trim().max(200, 'At most 200 characters').regex(/^\S*$/, 'No spaces');

export const trafficSourceTokenSchema = z.object({
  parameter: parameterSchema,
  placeholder: placeholderSchema.default(''),
  name: z.string().trim().max(100, 'At most 100 characters').default(''),
});
export const parameterPairSchema = z.object({
  parameter: parameterSchema,
  placeholder: placeholderSchema.default(''),
});

export const trafficSourceFieldsSchema = z.object({
  name: nameSchema,
  // Token n is reported as {t<n>}; the array index is the slot.
  tokens: z.array(trafficSourceTokenSchema).max(TOKEN_SLOTS, `At most ${TOKEN_SLOTS} tokens`).default([]),
  externalId: parameterPairSchema.nullable().default(null),
  cost: parameterPairSchema.nullable().default(null),
  postbackUrl: trackedUrlSchema.nullable().default(null),
  // Share of conversions sent back (the rest are kept from the source), and the share of the payout reported.
  postbackPercent: percentSchema.default(100),
  payoutPercent: z.number().min(0, 'At least 0%').max(1000, 'At most 1000%').default(100),
  postbackMode: z.enum(POSTBACK_MODES).default('all'),
  trafficLossPercent: percentSchema.default(0),
  templateId: z.string().max(64).nullable().default(null),
  notes: notesSchema,
});

export const trafficSourceInputSchema = trafficSourceFieldsSchema.superRefine((value, ctx) => {
  // One URL parameter can carry only one value, so tokens, external id and cost must not share one.
  const owners = new Map<string, string>();
  const claim = (parameter: string, path: (string | number)[]) => {
    const key = parameter.toLowerCase();
    const previous = owners.get(key);
    if (previous) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: `Parameter "${parameter}" is already used by ${previous}`,
      });
    } else {
      owners.set(key, path[0] === 'tokens' ? `token ${Number(path[1]) + 1}` : String(path[0]));
    }
  };
  for (const [index, token] of value.tokens.entries()) claim(token.parameter, ['tokens', index, 'parameter']);
  if (value.externalId) claim(value.externalId.parameter, ['externalId', 'parameter']);
  if (value.cost) claim(value.cost.parameter, ['cost', 'parameter']);
});
export type TrafficSourceInput = z.input<typeof trafficSourceInputSchema>;
export const trafficSourceMassChangesSchema = trafficSourceFieldsSchema.pick({
  postbackPercent: true,
  payoutPercent: true,
  postbackMode: true,
  trafficLossPercent: true,
  notes: true,
});

const pairSchema = z.object({ parameter: z.string(), placeholder: z.string() });
export const trafficSourceSchema = entityMetaSchema.extend({
  name: z.string(),
  tokens: z.array(z.object({ parameter: z.string(), placeholder: z.string(), name: z.string() })),
  externalId: pairSchema.nullable(),
  cost: pairSchema.nullable(),
  postbackUrl: z.string().nullable(),
  postbackPercent: z.number(),
  payoutPercent: z.number(),
  postbackMode: z.enum(POSTBACK_MODES),
  trafficLossPercent: z.number(),
  templateId: z.string().nullable(),
  notes: z.string(),
  /** The query string a campaign URL for this source carries: external id, cost and tokens. */
  campaignUrlParams: z.string(),
});
export type TrafficSource = z.infer<typeof trafficSourceSchema>;

export const TRAFFIC_SOURCE_CATEGORIES = [
  'push',
  'pop',
  'native',
  'social',
  'search',
  'adult',
  'display',
] as const;
export type TrafficSourceCategory = (typeof TRAFFIC_SOURCE_CATEGORIES)[number];

export const trafficSourceTemplateSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  website: z.string(),
  /** The formats the platform sells, for searching the picker. */
  categories: z.array(z.enum(TRAFFIC_SOURCE_CATEGORIES)).min(1),
  docs: templateDocsSchema,
  /** What the create form is prefilled with. */
  values: trafficSourceFieldsSchema.omit({ templateId: true }),
});
export type TrafficSourceTemplate = z.input<typeof trafficSourceTemplateSchema>;
export const trafficSourceTemplatesResponseSchema = z.object({
  templates: z.array(trafficSourceTemplateSchema),
});
export type TrafficSourceTemplatesResponse = z.input<typeof trafficSourceTemplatesResponseSchema>;
