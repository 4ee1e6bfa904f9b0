import { z } from 'zod';
import {
  currencySchema,
  entityMetaSchema,
  MICROS_PER_UNIT,
  moneyMicrosSchema,
  nameSchema,
  notesSchema,
  optionalRefSchema,
} from './common.ts';
import { flowSchema } from './flow.ts';
import { CAMPAIGN_STATUSES } from './vocabulary.ts';

export { CAMPAIGN_STATUSES, campaignListSpec } from './vocabulary.ts';

// How a campaign's traffic is paid for. CPC/CPM/CPA charge costMicros per click, per thousand clicks or per
// conversion; RevShare pays the source a share of the revenue (costMicros is then a percentage in
// micro-units: 40% = 40 000 000); none records no cost. With costAuto the source reports each click's cost
// in the URL parameter its traffic-source settings name, and costMicros is only the fallback.
export const COST_MODELS = ['cpc', 'cpm', 'cpa', 'revshare', 'none'] as const;
export type CostModel = (typeof COST_MODELS)[number];

// How the visitor is sent on: an HTTP 302, a meta refresh, a double meta refresh (the second hop drops the
// referrer) or a JavaScript redirect.
export const REDIRECT_MODES = ['http_302', 'meta_refresh', 'double_meta_refresh', 'javascript'] as const;
export type RedirectMode = (typeof REDIRECT_MODES)[number];

export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const UNIQUENESS_HOURS_MAX = 24 * 365;
export const CAMPAIGN_KEY_PATTERN = /^[a-z0-9]{12}$/;

export const campaignFieldsSchema = z.object({
  name: nameSchema,
  groupId: optionalRefSchema,
  trafficSourceId: optionalRefSchema,
  /** null: the campaign URL uses the default tracking domain. */
  domainId: optionalRefSchema,
  costModel: z.enum(COST_MODELS, { error: `One of ${COST_MODELS.join(', ')}` }).default('cpc'),
  costAuto: z.boolean().default(false),
  costMicros: moneyMicrosSchema.default(0),
  currency: currencySchema.default('USD'),
  redirectMode: z.enum(REDIRECT_MODES, { error: `One of ${REDIRECT_MODES.join(', ')}` }).default('http_302'),
  /** A repeat click from the same visitor within this many hours is not unique. */
  uniquenessHours: z
    .number()
    .int('A whole number of hours')
    .min(1, 'At least 1 hour')
    .max(UNIQUENESS_HOURS_MAX, `At most ${UNIQUENESS_HOURS_MAX} hours`)
    .default(24),
  status: z.enum(CAMPAIGN_STATUSES, { error: `One of ${CAMPAIGN_STATUSES.join(', ')}` }).default('active'),
  /** The campaign's clicks follow either a shared rotation or its own flow, never both. */
  rotationId: optionalRefSchema,
  flow: flowSchema.nullable().default(null),
  notes: notesSchema,
});

export const campaignInputSchema = campaignFieldsSchema.superRefine((campaign, ctx) => {
  if (campaign.rotationId === null && campaign.flow === null) {
    ctx.addIssue({ code: 'custom', path: ['flow'], message: 'Choose a rotation or build the flow' });
  }
  if (campaign.rotationId !== null && campaign.flow !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['flow'],
      message: 'A campaign using a rotation has no flow of its own: send flow null',
    });
  }
  if (campaign.costModel === 'none' && (campaign.costMicros !== 0 || campaign.costAuto)) {
    ctx.addIssue({ code: 'custom', path: ['costMicros'], message: 'No cost model: leave the cost empty' });
  }
  if (campaign.costModel === 'revshare' && campaign.costMicros > 100 * MICROS_PER_UNIT) {
    ctx.addIssue({ code: 'custom', path: ['costMicros'], message: 'A revenue share is at most 100%' });
  }
});
export type CampaignInput = z.input<typeof campaignInputSchema>;
export const campaignMassChangesSchema = campaignFieldsSchema.pick({
  groupId: true,
  trafficSourceId: true,
  domainId: true,
  costModel: true,
  costAuto: true,
  costMicros: true,
  currency: true,
  redirectMode: true,
  uniquenessHours: true,
  status: true,
});

export const campaignSchema = entityMetaSchema.extend({
  name: z.string(),
  /** The random key of the campaign URL; `POST /api/campaign/{id}/regenerate_key` replaces it. */
  key: z.string(),
  groupId: z.number().int().nullable(),
  trafficSourceId: z.number().int().nullable(),
  domainId: z.number().int().nullable(),
  costModel: z.enum(COST_MODELS),
  costAuto: z.boolean(),
  costMicros: z.number().int(),
  currency: z.string(),
  redirectMode: z.enum(REDIRECT_MODES),
  uniquenessHours: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  rotationId: z.number().int().nullable(),
  flow: flowSchema.nullable(),
  notes: z.string(),
  /** The flow clicks follow now: the campaign's own, or its rotation's current one. */
  effectiveFlow: flowSchema.nullable(),
  /** The address to give the traffic source: the campaign key plus the source's parameters and placeholders. */
  url: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignPath = {
  regenerateKeyRoute: '/api/campaign/:id/regenerate_key',
  regenerateKey: (id: number | string): string =>
    `/api/campaign/${encodeURIComponent(String(id))}/regenerate_key`,
} as const;
