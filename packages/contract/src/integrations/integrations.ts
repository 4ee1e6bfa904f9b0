import { z } from 'zod';

// Integration accounts (an ad platform's credentials, stored encrypted and never answered back) and
// where each traffic source's conversions are sent out besides its S2S postback URL. Meta comes first;
// the platform list and the per-platform fields are shaped so Google Ads and TikTok join as entries.

export const INTEGRATION_PATHS = {
  accounts: '/api/integrations/accounts',
  account: '/api/integrations/accounts/:id',
  check: '/api/integrations/accounts/:id/check',
  conversionsOut: '/api/integrations/conversions-out',
  conversionOut: '/api/integrations/conversions-out/:trafficSourceId',
} as const;

export const INTEGRATION_PLATFORMS = ['meta', 'propellerads', 'taboola'] as const;
export type IntegrationPlatform = (typeof INTEGRATION_PLATFORMS)[number];

export const INTEGRATION_PLATFORM_NAMES: Readonly<Record<IntegrationPlatform, string>> = {
  meta: 'Meta (Facebook) Conversions API',
  propellerads: 'PropellerAds (cost sync)',
  taboola: 'Taboola (cost sync)',
};

const name = z.string().trim().min(1, 'Name the account').max(100, 'At most 100 characters');
const accessToken = z
  .string()
  .trim()
  .min(20, 'Paste the whole access token')
  .max(1000, 'An access token is at most 1000 characters')
  .regex(/^[\x21-\x7e]+$/, 'An access token has no spaces or other characters than ASCII');

export const integrationAccountInputSchema = z.object({
  platform: z.enum(INTEGRATION_PLATFORMS),
  name,
  /** Write-only: stored encrypted with the installation key, never answered back. */
  accessToken,
});
export type IntegrationAccountInput = z.input<typeof integrationAccountInputSchema>;

/** A change: the name, and a new token when one is given (absent: the stored one stays). */
export const integrationAccountUpdateSchema = z.object({
  name,
  accessToken: accessToken.optional(),
});
export type IntegrationAccountUpdate = z.input<typeof integrationAccountUpdateSchema>;

export const INTEGRATION_CHECK_STATES = ['unchecked', 'ok', 'failed'] as const;

export const integrationAccountSchema = z.object({
  id: z.number().int(),
  platform: z.enum(INTEGRATION_PLATFORMS),
  name: z.string(),
  /** Whether a token is stored; the token itself is never answered. */
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

export const conversionOutInputSchema = z.object({
  accountId: z.number().int().positive('Choose an integration account'),
  /** Meta: the pixel (dataset) id from Events Manager. */
  pixelId: z
    .string()
    .trim()
    .regex(/^\d{5,20}$/, 'A pixel (dataset) id is 5 to 20 digits'),
  /** The event an approved conversion is sent as. */
  eventName: z
    .string()
    .trim()
    .min(1, 'Name the event')
    .max(50, 'At most 50 characters')
    .regex(/^[A-Za-z0-9_ ]+$/, 'Letters, digits, spaces and _ only')
    .default(DEFAULT_META_EVENT_NAME),
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
