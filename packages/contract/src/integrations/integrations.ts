import { z } from 'zod';

// Integration accounts (an ad platform's credentials, stored encrypted and never answered back) and
// where each traffic source's conversions are sent out besides its S2S postback URL: Meta's Conversions
// API, Google Ads click conversions and TikTok's Events API. Meta and TikTok take one access token; Google
// Ads takes an OAuth client, its refresh token, a developer token and the customer id, all sealed alike.

export const INTEGRATION_PATHS = {
  accounts: '/api/integrations/accounts',
  account: '/api/integrations/accounts/:id',
  check: '/api/integrations/accounts/:id/check',
  conversionsOut: '/api/integrations/conversions-out',
  conversionOut: '/api/integrations/conversions-out/:trafficSourceId',
  campaignConversionsOut: '/api/integrations/campaign-conversions-out',
  campaignConversionOut: '/api/integrations/campaign-conversions-out/:campaignId',
} as const;

export const INTEGRATION_PLATFORMS = [
  'meta',
  'google_ads',
  'tiktok',
  'propellerads',
  'taboola',
  'mgid',
] as const;
export type IntegrationPlatform = (typeof INTEGRATION_PLATFORMS)[number];

/** The platforms conversions are sent to; the others are sources Cairn pulls spend from (cost sync). */
export const CONVERSION_PLATFORMS = [
  'meta',
  'google_ads',
  'tiktok',
] as const satisfies readonly IntegrationPlatform[];
export type ConversionPlatform = (typeof CONVERSION_PLATFORMS)[number];
export const isConversionPlatform = (platform: IntegrationPlatform): platform is ConversionPlatform =>
  (CONVERSION_PLATFORMS as readonly string[]).includes(platform);

export const INTEGRATION_PLATFORM_NAMES: Readonly<Record<IntegrationPlatform, string>> = {
  meta: 'Meta (Facebook) Conversions API',
  google_ads: 'Google Ads click conversions',
  tiktok: 'TikTok Events API',
  propellerads: 'PropellerAds (cost sync)',
  taboola: 'Taboola (cost sync)',
  mgid: 'MGID (cost sync)',
};

/**
 * The query parameters each platform adds to its ad clicks, which a traffic source should capture; none
 * for the platforms Cairn only pulls spend from.
 */
export const PLATFORM_CLICK_ID_PARAMETERS: Readonly<Record<IntegrationPlatform, readonly string[]>> = {
  meta: ['fbclid'],
  google_ads: ['gclid', 'gbraid', 'wbraid'],
  tiktok: ['ttclid'],
  propellerads: [],
  taboola: [],
  mgid: [],
};

const name = z.string().trim().min(1, 'Name the account').max(100, 'At most 100 characters');
const accessToken = z
  .string()
  .trim()
  .min(20, 'Paste the whole access token')
  .max(1000, 'An access token is at most 1000 characters')
  .regex(/^[\x21-\x7e]+$/, 'An access token has no spaces or other characters than ASCII');

const ascii = /^[\x21-\x7e]+$/;
const secret = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, `Paste the whole ${what}`)
    .max(max, `A ${what} is at most ${max} characters`)
    .regex(ascii, `A ${what} has no spaces or other characters than ASCII`);
/** Google shows customer ids as 123-456-7890; the API takes the ten digits. */
const customerId = z
  .string()
  .trim()
  .regex(/^\d{3}-?\d{3}-?\d{4}$/, 'A customer id is ten digits, as 123-456-7890');

/**
 * Google Ads API credentials (https://developers.google.com/google-ads/api/docs/oauth/overview): the
 * developer token of the API centre, an OAuth client and a refresh token granted the adwords scope, the
 * customer the conversions belong to and, when access goes through a manager account, its id.
 */
export const googleAdsCredentialsSchema = z.object({
  developerToken: secret('developer token', 10, 100),
  clientId: z
    .string()
    .trim()
    .regex(
      /^[\w.-]+\.apps\.googleusercontent\.com$/,
      'An OAuth client id ends in .apps.googleusercontent.com',
    ),
  clientSecret: secret('OAuth client secret', 10, 200),
  refreshToken: secret('refresh token', 20, 1000),
  customerId,
  loginCustomerId: customerId.optional(),
});
export type GoogleAdsCredentials = z.input<typeof googleAdsCredentialsSchema>;

const credentialsByPlatform = (
  value: { platform: IntegrationPlatform; accessToken?: string; googleAds?: unknown },
  ctx: z.RefinementCtx,
) => {
  if (value.platform === 'google_ads') {
    if (value.googleAds === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['googleAds'],
        message: 'Give the developer token, OAuth client, refresh token and customer id',
      });
    }
  } else if (value.accessToken === undefined) {
    ctx.addIssue({ code: 'custom', path: ['accessToken'], message: 'Paste the access token' });
  }
};

export const integrationAccountInputSchema = z
  .object({
    platform: z.enum(INTEGRATION_PLATFORMS),
    name,
    /**
     * Meta, TikTok and the cost sync sources (Taboola: client_id:client_secret; MGID: client_id:token).
     * Write-only: stored encrypted with the installation key, never answered back.
     */
    accessToken: accessToken.optional(),
    /** Google Ads. Write-only like the access token. */
    googleAds: googleAdsCredentialsSchema.optional(),
  })
  .superRefine(credentialsByPlatform);
export type IntegrationAccountInput = z.input<typeof integrationAccountInputSchema>;

/** A change: the name, and new credentials when given (absent: the stored ones stay). */
export const integrationAccountUpdateSchema = z.object({
  name,
  accessToken: accessToken.optional(),
  googleAds: googleAdsCredentialsSchema.optional(),
});
export type IntegrationAccountUpdate = z.input<typeof integrationAccountUpdateSchema>;

export const INTEGRATION_CHECK_STATES = ['unchecked', 'ok', 'failed'] as const;

export const integrationAccountSchema = z.object({
  id: z.number().int(),
  platform: z.enum(INTEGRATION_PLATFORMS),
  name: z.string(),
  /** Whether credentials are stored; they are never answered. */
  hasAccessToken: z.boolean(),
  /** The last "check connection": its outcome, when, and the platform's words on failure. */
  checkState: z.enum(INTEGRATION_CHECK_STATES),
  checkedAt: z.string().nullable(),
  checkError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IntegrationAccount = z.infer<typeof integrationAccountSchema>;

export const integrationAccountListSchema = z.object({ items: z.array(integrationAccountSchema) });
export type IntegrationAccountList = z.infer<typeof integrationAccountListSchema>;

export const integrationCheckSchema = z.object({
  ok: z.boolean(),
  /** Who the platform says the token belongs to (Meta: the user or system user's name). */
  identity: z.string().nullable(),
  /** The platform's error in its words, and whether a new token is what it needs. */
  error: z.string().nullable(),
  tokenExpired: z.boolean(),
  account: integrationAccountSchema,
});
export type IntegrationCheck = z.infer<typeof integrationCheckSchema>;

/** Meta's own default event name for a sale; any standard or custom event name may be set. */
export const DEFAULT_META_EVENT_NAME = 'Purchase';

/**
 * The event a sale goes out as unless the source names one: Meta's and TikTok's standard events for a
 * completed payment. Google Ads has none (the conversion action says what was converted).
 */
export const DEFAULT_EVENT_NAMES: Readonly<Record<ConversionPlatform, string>> = {
  meta: DEFAULT_META_EVENT_NAME,
  google_ads: 'Conversion',
  tiktok: 'CompletePayment',
};

/** What `pixelId` holds for each platform, with the form it must have. */
export const CONVERSION_DESTINATIONS: Readonly<
  Record<ConversionPlatform, { label: string; pattern: RegExp; message: string }>
> = {
  meta: {
    label: 'Pixel (dataset) id',
    pattern: /^\d{5,20}$/,
    message: 'A pixel (dataset) id is 5 to 20 digits',
  },
  google_ads: {
    label: 'Conversion action',
    pattern: /^customers\/\d{10}\/conversionActions\/\d{1,20}$/,
    message: 'A conversion action is its resource name, customers/<customer id>/conversionActions/<id>',
  },
  tiktok: {
    label: 'Pixel code',
    pattern: /^[A-Z0-9]{10,40}$/,
    message: 'A TikTok pixel code is 10 to 40 capital letters and digits',
  },
};

/** Why a destination does not fit its platform, or null when it does. */
export function conversionDestinationError(platform: IntegrationPlatform, value: string): string | null {
  if (!isConversionPlatform(platform)) {
    return `${INTEGRATION_PLATFORM_NAMES[platform]} takes no conversions: Cairn only pulls its spend`;
  }
  const destination = CONVERSION_DESTINATIONS[platform];
  return destination.pattern.test(value.trim()) ? null : destination.message;
}

export const conversionOutInputSchema = z.object({
  accountId: z.number().int().positive('Choose an integration account'),
  /**
   * Where the events go, in the account's platform's terms (CONVERSION_DESTINATIONS): Meta's pixel id,
   * Google Ads' conversion action resource name, TikTok's pixel code.
   */
  pixelId: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9/]{5,120}$/,
      'A pixel id, pixel code or conversion action is 5 to 120 letters, digits or /',
    ),
  /** The event an approved conversion is sent as (Meta, TikTok; Google Ads' is the conversion action). */
  eventName: z
    .string()
    .trim()
    .min(1, 'Name the event')
    .max(50, 'At most 50 characters')
    .regex(/^[A-Za-z0-9_ ]+$/, 'Letters, digits, spaces and _ only')
    .optional(),
  enabled: z.boolean().default(true),
});
export type ConversionOutInput = z.input<typeof conversionOutInputSchema>;

export const conversionOutSchema = z.object({
  trafficSourceId: z.number().int(),
  accountId: z.number().int(),
  platform: z.enum(INTEGRATION_PLATFORMS),
  pixelId: z.string(),
  eventName: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type ConversionOut = z.infer<typeof conversionOutSchema>;

export const conversionOutListSchema = z.object({ items: z.array(conversionOutSchema) });
export type ConversionOutList = z.infer<typeof conversionOutListSchema>;

/**
 * A campaign's own conversions-out setting, which takes the place of its traffic source's: campaigns on
 * one source often optimise different pixels, events or conversion actions.
 */
export const campaignConversionOutSchema = conversionOutSchema
  .omit({ trafficSourceId: true })
  .extend({ campaignId: z.number().int() });
export type CampaignConversionOut = z.infer<typeof campaignConversionOutSchema>;

export const campaignConversionOutListSchema = z.object({ items: z.array(campaignConversionOutSchema) });
export type CampaignConversionOutList = z.infer<typeof campaignConversionOutListSchema>;
