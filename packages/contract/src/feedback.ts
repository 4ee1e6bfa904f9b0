import { z } from 'zod';

// Settings > Feedback and Settings > Beta.

/**
 * `GET /api/diagnostics`, admins only: what a bug report needs about this installation, for the operator to
 * download and attach to an issue themselves. The server sends it nowhere. Secrets are masked on the server
 * (see diagnostics/mask.ts), so the file can be shared as it is.
 */
export const DIAGNOSTICS_PATH = '/api/diagnostics';

/** An error the server logged recently (message and where, not the request's data). */
export const recentErrorSchema = z.object({
  /** ISO 8601, UTC. */
  time: z.string(),
  message: z.string(),
  /** The error's own type and message, when the log line carried one. */
  error: z.string().optional(),
});
export type RecentError = z.infer<typeof recentErrorSchema>;

export const diagnosticsSchema = z.object({
  generatedAt: z.string(),
  version: z.string(),
  schemaVersion: z.number().int(),
  runtime: z.object({
    node: z.string(),
    platform: z.string(),
    arch: z.string(),
    osRelease: z.string(),
    cpus: z.number().int(),
    memoryTotalBytes: z.number(),
    osUptimeSeconds: z.number(),
    processUptimeSeconds: z.number(),
    rssBytes: z.number(),
  }),
  stores: z.object({ config: z.enum(['duckdb', 'postgres']), events: z.enum(['duckdb', 'clickhouse']) }),
  node: z.object({
    id: z.string(),
    backlogEvents: z.number(),
    backlogSegments: z.number(),
    lagMs: z.number(),
    lastFlushAt: z.number().nullable(),
    clicksPerMinute: z.number(),
  }),
  /** The server's resolved settings, each secret one masked. */
  config: z.record(z.string(), z.unknown()),
  /** The process's CAIRN_* environment, each secret value masked. */
  environment: z.record(z.string(), z.string()),
  /** The last errors logged by this node, oldest first (a bounded number). */
  recentErrors: z.array(recentErrorSchema),
});
export type Diagnostics = z.infer<typeof diagnosticsSchema>;

/**
 * Features still marked beta: an installation turns each on in Settings > Beta. The server and the panel read
 * a switch through one function each (beta/flags.ts, useBetaFlag); a feature leaves this list when it is
 * no longer beta.
 */
export const BETA_FEATURES = [
  {
    name: 'report_period_comparison',
    title: 'Compare with the previous period',
    description:
      'Reports can show each metric next to the same report for the period of equal length just before, with the change in value and in percent, per row and in totals.',
  },
] as const;
export type BetaFeature = (typeof BETA_FEATURES)[number]['name'];
export const BETA_FEATURE_NAMES = BETA_FEATURES.map((feature) => feature.name) as [
  BetaFeature,
  ...BetaFeature[],
];

export const BETA_PATH = '/api/settings/beta';

/**
 * The switches, by feature name. A name the server does not know is refused; one left out is off, so a
 * feature added later starts off on every installation.
 */
export const betaSettingsSchema = z.partialRecord(z.enum(BETA_FEATURE_NAMES), z.boolean());
export type BetaSettings = Partial<Record<BetaFeature, boolean>>;
