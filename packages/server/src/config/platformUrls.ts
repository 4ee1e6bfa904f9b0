import { GOOGLE_ADS_DEFAULT_API_URL, GOOGLE_OAUTH_DEFAULT_TOKEN_URL } from '../integrations/google.ts';
import { META_DEFAULT_GRAPH_URL } from '../integrations/meta.ts';
import { TIKTOK_DEFAULT_API_URL } from '../integrations/tiktok.ts';
import { link } from './values.ts';

// Where conversions out (integrations/) reach each ad platform: the platform's own API unless the
// operator pins another version or, in tests, a fake.

export interface PlatformUrls {
  /** Meta's Graph API root, version included, that Conversions API events and checks go to. */
  metaGraphUrl: string;
  /** The Google Ads API root, version included, that click conversions and adjustments go to. */
  googleAdsApiUrl: string;
  /** Google's OAuth endpoint where Google Ads refresh tokens are exchanged for access tokens. */
  googleOAuthTokenUrl: string;
  /** TikTok's Business API root, version included, that Events API events go to. */
  tiktokApiUrl: string;
}

export const DEFAULT_PLATFORM_URLS: PlatformUrls = {
  metaGraphUrl: META_DEFAULT_GRAPH_URL,
  googleAdsApiUrl: GOOGLE_ADS_DEFAULT_API_URL,
  googleOAuthTokenUrl: GOOGLE_OAUTH_DEFAULT_TOKEN_URL,
  tiktokApiUrl: TIKTOK_DEFAULT_API_URL,
};

const ENV_NAMES: Readonly<Record<keyof PlatformUrls, string>> = {
  metaGraphUrl: 'CAIRN_META_GRAPH_URL',
  googleAdsApiUrl: 'CAIRN_GOOGLE_ADS_API_URL',
  googleOAuthTokenUrl: 'CAIRN_GOOGLE_OAUTH_TOKEN_URL',
  tiktokApiUrl: 'CAIRN_TIKTOK_API_URL',
};

/** The platform roots the environment sets, each checked as an http(s) URL. */
export function readPlatformUrls(read: (name: string) => string | undefined): Partial<PlatformUrls> {
  const urls: Partial<PlatformUrls> = {};
  for (const [key, name] of Object.entries(ENV_NAMES) as [keyof PlatformUrls, string][]) {
    const raw = read(name);
    if (raw !== undefined) urls[key] = link(name, raw);
  }
  return urls;
}
