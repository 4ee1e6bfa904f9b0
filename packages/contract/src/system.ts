import { z } from 'zod';
import { modeSchema } from './auth.ts';

// Where the panel's demo (410) and licence messages send people: the operator's own pages, set on the
// server (CAIRN_LINK_*). Each is optional; the panel words its message without a link that is not set.
const linkSchema = z.url({ protocol: /^https?$/ });
export const panelLinksSchema = z.object({
  trial: linkSchema.optional(),
  support: linkSchema.optional(),
  telegram: linkSchema.optional(),
  /** The provider's login page, where a tracker id is entered into a licence. */
  licenseLogin: linkSchema.optional(),
  /** Where Settings > Feedback opens a new issue (CAIRN_FEEDBACK_URL): the tracker's new-issue page. */
  feedback: linkSchema.optional(),
});
export type PanelLinks = z.infer<typeof panelLinksSchema>;

// `GET /api/mode`, public: the first call of the sign-in screen. `links` is left out when none is set.
export const modeResponseSchema = z.object({ mode: modeSchema, links: panelLinksSchema.optional() });
export type ModeResponse = z.infer<typeof modeResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  mode: z.enum(['demo', 'normal']),
  schemaVersion: z.number().int(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

// `GET /api/ready`, public, for load balancers: 200 while this node can take traffic and store it (both
// stores answer, journaled events reach the event store in time), else 503 naming what is wrong.
export const READY_CHECKS = ['config_store', 'event_store', 'journal'] as const;
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.array(z.object({ name: z.enum(READY_CHECKS), ok: z.boolean(), detail: z.string() })),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

export const updatesCheckResponseSchema = z.object({
  is_available_updates: z.boolean(),
  current_version: z.string(),
  latest_version: z.string(),
  // Notes of every release newer than the running one, newest first; empty when up to date.
  notes: z.string(),
});
export type UpdatesCheckResponse = z.infer<typeof updatesCheckResponseSchema>;

// The release feed at CAIRN_UPDATE_FEED (a JSON file or http(s) URL).
export const releaseFeedSchema = z.object({
  releases: z.array(
    z.object({
      version: z.string().regex(/^\d+\.\d+\.\d+$/, 'version is MAJOR.MINOR.PATCH'),
      date: z.string().optional(),
      notes: z.string().default(''),
    }),
  ),
});
export type ReleaseFeed = z.infer<typeof releaseFeedSchema>;

export const LICENSE_STATES = ['community', 'valid', 'missing', 'expired'] as const;
export const licenseStatusResponseSchema = z.object({
  trackerId: z.string(),
  state: z.enum(LICENSE_STATES),
  plan: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type LicenseStatusResponse = z.infer<typeof licenseStatusResponseSchema>;

export const installLicenseRequestSchema = z.object({
  key: z.string().trim().min(1, 'The licence key is required').max(4096),
  // Needed when no session can exist yet (a missing licence refuses sign-in): an admin's credentials.
  login: z.string().min(1).max(64).optional(),
  password: z.string().min(1).max(256).optional(),
});
export type InstallLicenseRequest = z.infer<typeof installLicenseRequestSchema>;
