import { z } from 'zod';
import { REDIRECT_MODES } from './entities/campaign.ts';

// The Click API: a lander's own server code (PHP, Node, anything) sends the visitor's facts to
// `GET|POST /click/api` with the installation's click-API token and the campaign key; the click engine
// routes, enriches and records the click as if the visitor had come through /click, and answers JSON:
// where to send the visitor, with no redirect through the tracker.

export const CLICK_API_PATHS = {
  /** Admin: whether the Click API is on, since when, and where it answers. */
  settings: '/api/settings/click-api',
  /** Admin: POST makes a new token (the old one stops working); DELETE turns the Click API off. */
  token: '/api/settings/click-api/token',
} as const;

/** The parameters the Click API reads itself; every other one goes to the click as on /click (tokens...). */
export const CLICK_API_PARAMS = {
  /** The click-API token; the `X-Click-Api-Token` header may carry it instead. */
  token: 'token',
  /** The visitor's address (required). */
  ip: 'ip',
  userAgent: 'ua',
  /** The visitor's Accept-Language header. */
  language: 'lang',
  referrer: 'referrer',
  /** The visitor's Cookie header, so uniqueness and the lander's click-through see their cookies. */
  cookies: 'cookies',
} as const;
export const CLICK_API_TOKEN_HEADER = 'x-click-api-token';

export const clickApiSettingsSchema = z.object({
  enabled: z.boolean(),
  /** When the current token was made (ISO); null while the Click API is off. */
  createdAt: z.string().nullable(),
  /** The path it answers on, on every tracking domain. */
  path: z.string(),
});
export type ClickApiSettings = z.infer<typeof clickApiSettingsSchema>;

export const clickApiTokenResponseSchema = clickApiSettingsSchema.extend({
  /** Shown this once; only its hash is kept. */
  token: z.string(),
});
export type ClickApiTokenResponse = z.infer<typeof clickApiTokenResponseSchema>;

const placeSchema = z.object({ id: z.number().int(), name: z.string(), url: z.string() });

/** What `/click/api` answers for a routed click. */
export const clickApiRoutedSchema = z.object({
  status: z.literal('routed'),
  clickId: z.string(),
  campaignId: z.number().int(),
  /** Where the engine sends the visitor: the lander's URL, else the offer's. */
  url: z.string(),
  redirectMode: z.enum(REDIRECT_MODES),
  lander: placeSchema.nullable(),
  /** The offer with its final URL; with a lander, `clickThroughUrl` is the lander's link to it through the tracker. */
  offer: placeSchema.extend({ clickThroughUrl: z.string().nullable() }),
  unique: z.boolean(),
  bot: z.boolean(),
  /** What the click costs, in the tracker's currency (micro-units). */
  costMicros: z.number().int(),
  /** Cookies the lander should set on the visitor (uniqueness, the click for the click-through). */
  cookies: z.array(z.object({ name: z.string(), value: z.string(), maxAgeSeconds: z.number().int() })),
});

/** Nowhere to send the visitor (unknown or paused campaign, every path paused): the fallback URL, if any. */
export const clickApiFallbackSchema = z.object({
  status: z.literal('fallback'),
  reason: z.string(),
  url: z.string().nullable(),
});

export const clickApiResponseSchema = z.discriminatedUnion('status', [
  clickApiRoutedSchema,
  clickApiFallbackSchema,
]);
export type ClickApiResponse = z.infer<typeof clickApiResponseSchema>;

/** The first-party cookie the direct-tracking script keeps a visitor's click id in, per campaign key. */
export const DIRECT_COOKIE_PREFIX = 'cairn_cid_';

/** What `/click/direct` answers the direct-tracking script. */
export const directClickResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('routed'), clickId: z.string(), clickThroughUrl: z.string() }),
  z.object({ status: z.literal('fallback'), reason: z.string() }),
]);
export type DirectClickResponse = z.infer<typeof directClickResponseSchema>;

/** The tag a lander includes for direct tracking (`origin`: the tracking domain, scheme included). */
export function directTrackingSnippet(origin: string, campaignKey: string): string {
  return `<script src="${origin}/t.js?key=${encodeURIComponent(campaignKey)}" async></script>`;
}
