import { z } from 'zod';
import { entityIdSchema } from '../common.ts';
import { trackedUrlSchema } from '../macros.ts';

// A flow's paths (see flow.ts): the weighted landers and offers a path splits its clicks over, or the
// campaign or URL it sends them to instead.

export const FLOW_WEIGHT_MAX = 10_000;
export const FLOW_PATHS_MAX = 50;
export const FLOW_ITEMS_MAX = 100;

export const weightSchema = z
  .number({ error: 'The weight is a number' })
  .int('Weights are whole numbers')
  .min(1, 'Weights are positive')
  .max(FLOW_WEIGHT_MAX, `Weights are at most ${FLOW_WEIGHT_MAX}`);

export const flowLanderSchema = z.object({
  /** null is a "direct" share: this part of the path's clicks skips the lander and goes to the offer. */
  landingId: entityIdSchema.nullable(),
  weight: weightSchema.default(100),
  paused: z.boolean().default(false),
});
export type FlowLander = z.output<typeof flowLanderSchema>;

export const flowOfferSchema = z.object({
  offerId: entityIdSchema,
  weight: weightSchema.default(100),
  paused: z.boolean().default(false),
});
export type FlowOffer = z.output<typeof flowOfferSchema>;

/**
 * Where a path sends its clicks: `offers` through its landers and offers; `campaign` into another
 * campaign's flow, as if the click had arrived there (same query, same visitor), where it is recorded;
 * `url` to an operator's URL, its macros filled as offer URLs' are.
 */
export const FLOW_TARGETS = ['offers', 'campaign', 'url'] as const;
export type FlowTarget = (typeof FLOW_TARGETS)[number];
/** What the editor and the test clicker call each target. */
export const FLOW_TARGET_NAMES: Record<FlowTarget, string> = {
  offers: 'Landers and offers',
  campaign: 'Another campaign',
  url: 'URL',
};
/**
 * How many campaigns one click may pass through before the walk stops (and the click takes the fallback).
 * Saves refuse cycles; the limit is what holds when two saves made one at once, or a chain is just long.
 */
export const CAMPAIGN_HOPS_MAX = 5;

export const flowPathSchema = z
  .object({
    name: z.string().trim().max(200, 'At most 200 characters').default(''),
    weight: weightSchema.default(100),
    paused: z.boolean().default(false),
    target: z
      .enum(FLOW_TARGETS, { error: `The target is one of ${FLOW_TARGETS.join(', ')}` })
      .default('offers'),
    /** The campaign a `campaign` path hands its clicks to. */
    campaignId: entityIdSchema.nullable().default(null),
    /** Where a `url` path redirects, with macros. */
    url: trackedUrlSchema.nullable().default(null),
    /** No landers at all means the whole path is direct. */
    landers: z.array(flowLanderSchema).max(FLOW_ITEMS_MAX, `At most ${FLOW_ITEMS_MAX} landers`).default([]),
    offers: z.array(flowOfferSchema).max(FLOW_ITEMS_MAX, `At most ${FLOW_ITEMS_MAX} offers`).default([]),
  })
  // Checked per path, so one broken path does not hide the problems of the others.
  .superRefine((path, ctx) => {
    if (path.target !== 'offers') {
      if (path.target === 'campaign' && path.campaignId === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['campaignId'],
          message: 'Choose the campaign to send clicks to',
        });
      }
      if (path.target === 'url' && path.url === null) {
        ctx.addIssue({ code: 'custom', path: ['url'], message: 'Enter the URL to send clicks to' });
      }
      // Items the path would never use would still block deleting them and read as if they took clicks.
      const noun = path.target === 'campaign' ? 'campaign' : 'URL';
      if (path.landers.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['landers'],
          message: `A path sent to a ${noun} has no landers: remove them`,
        });
      }
      if (path.offers.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['offers'],
          message: `A path sent to a ${noun} has no offers: remove them`,
        });
      }
      return;
    }
    if (path.paused) return;
    if (!path.offers.some((offer) => !offer.paused)) {
      ctx.addIssue({
        code: 'custom',
        path: ['offers'],
        message: 'An active path needs at least one active offer',
      });
    }
    if (path.landers.length > 0 && !path.landers.some((lander) => !lander.paused)) {
      ctx.addIssue({
        code: 'custom',
        path: ['landers'],
        message: 'All landers are paused: unpause one, or remove them all to send the path direct',
      });
    }
  })
  // Only the target's own field is kept, so a stored path never names a campaign or URL it does not use.
  .transform((path) => ({
    ...path,
    campaignId: path.target === 'campaign' ? path.campaignId : null,
    url: path.target === 'url' ? path.url : null,
  }));
export type FlowPath = z.output<typeof flowPathSchema>;
