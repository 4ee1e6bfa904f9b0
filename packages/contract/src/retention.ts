import { z } from 'zod';

// Auto-clearing: raw events (clicks, lander clicks, conversions) older than some days leave the event
// store, and what reports need of them stays behind as sums. Reports keep their totals; the click log
// and the dimensions the sums do not keep (IPs, tokens, cities, ...) lose the cleared part. Admins only.

export const RETENTION_PATHS = {
  settings: '/api/settings/auto_clearing',
  preview: '/api/settings/auto_clearing/preview',
  clear: '/api/settings/auto_clearing/clear',
} as const;

export const KEEP_DAYS_MAX = 3650;
export const RETENTION_EXCEPTIONS_MAX = 500;
export const CLEAR_CAMPAIGNS_MAX = 500;

/** The value every dimension the sums do not keep reports for the cleared part. */
export const CLEARED_VALUE = '(cleared)';

const keepDaysSchema = z
  .number({ error: 'Days are a whole number' })
  .int('Days are a whole number')
  .min(1, 'Keep at least 1 day')
  .max(KEEP_DAYS_MAX, `Keep at most ${KEEP_DAYS_MAX} days`);

const campaignIdSchema = z
  .number({ error: 'Pick a campaign' })
  .int('Pick a campaign')
  .positive('Pick a campaign');

export const retentionExceptionSchema = z.strictObject({
  campaignId: campaignIdSchema,
  /** Days this campaign's raw events are kept instead; null: never cleared automatically. */
  keepDays: keepDaysSchema.nullable(),
});
export type RetentionException = z.infer<typeof retentionExceptionSchema>;

/** `GET|PUT /api/settings/auto_clearing`. */
export const retentionSettingsSchema = z
  .strictObject({
    /** Whether the hourly job clears anything. */
    enabled: z.boolean({ error: 'On or off' }),
    /** Raw events of the last `keepDays` days (in the tracker's time zone) are kept. */
    keepDays: keepDaysSchema,
    exceptions: z
      .array(retentionExceptionSchema)
      .max(RETENTION_EXCEPTIONS_MAX, `At most ${RETENTION_EXCEPTIONS_MAX} exceptions`),
  })
  .superRefine((settings, ctx) => {
    const seen = new Set<number>();
    settings.exceptions.forEach((exception, index) => {
      if (seen.has(exception.campaignId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['exceptions', index, 'campaignId'],
          message: 'This campaign has an exception already',
        });
      }
      seen.add(exception.campaignId);
    });
  });
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

export const DEFAULT_RETENTION_SETTINGS: RetentionSettings = { enabled: false, keepDays: 90, exceptions: [] };

/**
 * `POST /api/settings/auto_clearing/preview` and `.../clear`: raw events recorded before the start of
 * `before` (a day in the tracker's time zone), of the listed campaigns, or with none listed of every
 * campaign but those the exceptions name.
 */
export const clearRequestSchema = z.strictObject({
  before: z
    .string({ error: 'Pick a day' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD')
    .refine((text) => {
      const ms = Date.parse(`${text}T00:00:00Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(text);
    }, 'Not a day of the calendar'),
  campaignIds: z
    .array(campaignIdSchema)
    .max(CLEAR_CAMPAIGNS_MAX, `At most ${CLEAR_CAMPAIGNS_MAX} campaigns`)
    .default([]),
});
export type ClearRequest = z.output<typeof clearRequestSchema>;
export type ClearRequestInput = z.input<typeof clearRequestSchema>;

export const clearSummarySchema = z.object({
  /** The instant the day starts in the tracker's zone (ISO, UTC). */
  before: z.string(),
  timezone: z.string(),
  /** Campaigns cleared; null: every campaign but `keptCampaignIds`. */
  campaignIds: z.array(z.number()).nullable(),
  keptCampaignIds: z.array(z.number()),
  /** Raw clicks, and every raw event (clicks, lander clicks, conversion events), removed or to remove. */
  clicks: z.number(),
  events: z.number(),
});
export type ClearSummary = z.infer<typeof clearSummarySchema>;
