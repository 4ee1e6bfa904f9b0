import { z } from 'zod';
import { reportRangeSchema } from '../reports/report.ts';
import { type ReportScope, rangeQueryShape, reportScopeOf } from '../reports/scope.ts';

// `GET /api/campaign/:id/split-test`: for each path of a campaign's flow that sent its clicks to several
// offers (or several landers) in the period, each item's clicks, conversions, CR and EPC with a 95%
// credible interval and the probability that its conversion rate is the best of the path. The model is
// Beta-Binomial with a uniform prior: an item's conversion rate is Beta(1 + conversions, 1 + clicks -
// conversions) after the period's clicks.

export const SPLIT_TEST_PATH = '/api/campaign/:id/split-test';
export const splitTestPath = (campaignId: number): string => `/api/campaign/${campaignId}/split-test`;

/**
 * Below these an item's numbers are too few to pick a winner from, whatever the probabilities say: trackers
 * commonly ask for about a hundred clicks and ten conversions per variant before a split test is read, since
 * a handful of conversions moves the rate by whole percentage points.
 */
export const SPLIT_TEST_MIN_CLICKS = 100;
export const SPLIT_TEST_MIN_CONVERSIONS = 10;
/** An item is called the winner once the probability that it is the best reaches this. */
export const SPLIT_TEST_WINNER_PROBABILITY = 0.95;
/** The credible interval shown: the central 95% of the posterior. */
export const SPLIT_TEST_INTERVAL = 0.95;

export const SPLIT_TEST_KINDS = ['offer', 'landing'] as const;
export type SplitTestKind = (typeof SPLIT_TEST_KINDS)[number];

export type SplitTestQuery = ReportScope;

/** `?preset=&from=&to=&timezone=`, as every report. */
export const splitTestQuerySchema = z
  .object(rangeQueryShape)
  .transform((query, ctx): SplitTestQuery => reportScopeOf(query, ctx));

const intervalSchema = z.object({ low: z.number(), high: z.number() });

export const splitTestItemSchema = z.object({
  /** The offer's or lander's id; 0: clicks of the path that went to none (a direct link path). */
  id: z.number().int(),
  name: z.string(),
  clicks: z.number().int(),
  /** Conversions (approved and pending), as the reports count leads; hidden from a hide-profit user. */
  leads: z.number().int().optional(),
  /** Conversion rate in percent, and its 95% credible interval in percent. */
  cr: z.number(),
  crInterval: intervalSchema,
  /** Revenue in micro-units; hidden from a hide-profit user. */
  revenue: z.number().int().optional(),
  /**
   * Earnings per click in micro-units and its interval: the CR interval times the item's revenue per
   * conversion (the payout is taken as known, only the rate is uncertain). Hidden from a hide-profit user.
   */
  epc: z.number().optional(),
  epcInterval: intervalSchema.optional(),
  /** Probability (0..1) that this item's conversion rate is the highest of its path. */
  pBest: z.number(),
  /** Reached SPLIT_TEST_MIN_CLICKS and SPLIT_TEST_MIN_CONVERSIONS. */
  enoughData: z.boolean(),
});
export type SplitTestItem = z.infer<typeof splitTestItemSchema>;

export const splitTestGroupSchema = z.object({
  /** The path as the reports name it: `c12:2:1` (rule 2 of campaign 12's flow, its first path). */
  path: z.string(),
  pathName: z.string(),
  /** What rotates on this path: its offers, or its landers. */
  kind: z.enum(SPLIT_TEST_KINDS),
  /** Most clicked first. */
  items: z.array(splitTestItemSchema),
  /** The item whose P(best) reached SPLIT_TEST_WINNER_PROBABILITY with enough data everywhere; else null. */
  winner: z.number().int().nullable(),
  /** The item with the highest P(best), winner or not. */
  leader: z.number().int(),
  /** Set when some item has too few clicks or conversions for the test to be read. */
  note: z.string().nullable(),
});
export type SplitTestGroup = z.infer<typeof splitTestGroupSchema>;

export const splitTestResponseSchema = z.object({
  campaignId: z.number().int(),
  /** The range covered, as UTC instants (ISO); to is exclusive. */
  range: reportRangeSchema,
  groups: z.array(splitTestGroupSchema),
});
export type SplitTestResponse = z.infer<typeof splitTestResponseSchema>;
