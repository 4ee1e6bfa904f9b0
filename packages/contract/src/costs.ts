import { z } from 'zod';
import { currencySchema } from './entities/common.ts';
import { TOKEN_SLOTS } from './entities/macros.ts';
import { localDateTimeSchema, timeZoneSchema } from './reports/scope.ts';

// Setting a campaign's cost after the fact: a buyer (or a script, or a cost sync) says what a campaign,
// or one token value of it such as a zone, cost over a range, and the tracker spreads that over the
// clicks of the range, replacing what they cost before. Doing it twice leaves the same cost.

export const COST_API_PATHS = {
  update: '/api/costs',
} as const;

/** The most one update may set: a billion in the currency, far beyond any campaign's day. */
export const COST_UPDATE_MAX_MICROS = 1_000_000_000_000_000;
export const COST_TOKEN_VALUE_MAX = 256;

export const costUpdateRequestSchema = z.object({
  campaignId: z.number().int().positive('Pick a campaign'),
  /** Start of the range (inclusive), read in `timezone` unless it carries an offset. */
  from: localDateTimeSchema,
  /** End of the range (exclusive); a date alone takes its whole day. */
  to: localDateTimeSchema,
  /** The zone `from` and `to` are read in; null: the tracker's (the statistics settings). */
  timezone: timeZoneSchema.nullable().default(null),
  /** What the clicks of the range cost together, in integer micro-units of `currency`. */
  costMicros: z
    .number()
    .int('Money is in integer micro-units')
    .min(0, 'A cost cannot be negative')
    .max(COST_UPDATE_MAX_MICROS, 'At most a billion at once'),
  /** null: the tracker's currency; another is converted at the statistics settings' rate. */
  currency: currencySchema.nullable().default(null),
  /** Only the clicks whose token in this slot (1 = t1) has this value, e.g. one zone. */
  token: z
    .object({
      slot: z
        .number()
        .int()
        .min(1, `A token slot from 1 to ${TOKEN_SLOTS}`)
        .max(TOKEN_SLOTS, `A token slot from 1 to ${TOKEN_SLOTS}`),
      value: z
        .string()
        .min(1, 'The token value to set the cost of')
        .max(COST_TOKEN_VALUE_MAX, `At most ${COST_TOKEN_VALUE_MAX} characters`),
    })
    .nullable()
    .default(null),
});
export type CostUpdateRequest = z.input<typeof costUpdateRequestSchema>;
export type CostUpdate = z.output<typeof costUpdateRequestSchema>;

export const costUpdateResponseSchema = z.object({
  /** The range as UTC instants (ISO), from inclusive, to exclusive. */
  from: z.string(),
  to: z.string(),
  /** Clicks the cost was spread over. */
  clicks: z.number().int(),
  /** What those clicks cost before and after, in the tracker's currency (micro-units). */
  previousCostMicros: z.number().int(),
  costMicros: z.number().int(),
  currency: z.string(),
  /** Clicks whose cost changed (0 when the same cost was set again). */
  changedClicks: z.number().int(),
});
export type CostUpdateResponse = z.infer<typeof costUpdateResponseSchema>;
