import type { IntegrationPlatform } from '@cairn/contract';
import type { CairnConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { ConnectionCheck, PlatformHttp } from '../integrations/adapter.ts';
import type { OutboundGuard } from '../outbound/guard.ts';
import type { SpendAdapter } from './adapter.ts';
import { googleAdsSpendAdapter } from './googleAds.ts';
import { metaSpendAdapter } from './meta.ts';
import { mgidSpendAdapter } from './mgid.ts';
import { propellerAdsSpendAdapter } from './propellerads.ts';
import { taboolaSpendAdapter } from './taboola.ts';
import { tiktokSpendAdapter } from './tiktok.ts';

/** The sources whose spend Cairn pulls; a platform absent here has no cost sync. */
export const SPEND_ADAPTERS: Readonly<Partial<Record<IntegrationPlatform, SpendAdapter>>> = {
  meta: metaSpendAdapter,
  google_ads: googleAdsSpendAdapter,
  tiktok: tiktokSpendAdapter,
  propellerads: propellerAdsSpendAdapter,
  taboola: taboolaSpendAdapter,
  mgid: mgidSpendAdapter,
};

/** The API root a source's spend is pulled from (configurable, so tests use a fake). */
export function spendBaseUrl(config: CairnConfig, platform: IntegrationPlatform): string {
  switch (platform) {
    case 'meta':
      return config.metaGraphUrl;
    case 'propellerads':
      return config.propellerAdsApiUrl;
    case 'taboola':
      return config.taboolaApiUrl;
    case 'google_ads':
      return config.googleAdsApiUrl;
    case 'tiktok':
      return config.tiktokApiUrl;
    case 'mgid':
      return config.mgidApiUrl;
  }
}

export function spendHttp(
  config: CairnConfig,
  outbound: OutboundGuard,
  platform: IntegrationPlatform,
  timeoutMs: number,
): PlatformHttp {
  return {
    outbound,
    timeoutMs,
    baseUrl: spendBaseUrl(config, platform),
    oauthTokenUrl: config.googleOAuthTokenUrl,
  };
}

/** "Check connection" for an account whose platform is a cost sync source only. */
export async function checkSpendSource(
  ctx: AppContext,
  platform: IntegrationPlatform,
  token: string,
  timeoutMs: number,
): Promise<ConnectionCheck> {
  const adapter = SPEND_ADAPTERS[platform];
  if (!adapter)
    return { ok: false, identity: null, error: `${platform} has no connection check`, tokenExpired: false };
  return adapter.checkConnection(spendHttp(ctx.config, ctx.outbound, platform, timeoutMs), token);
}
