import type { IntegrationPlatform } from '@cairn/contract';
import type { ConversionState } from '../conversions/decide.ts';
import type { OutboxEntry } from '../conversions/store.ts';
import type { TrackingEvent } from '../events/event.ts';
import type { OutboundGuard } from '../outbound/guard.ts';
import type { ConfigStore } from '../store/config/port.ts';
import type { RoutedSource } from '../tracking/routing/table.ts';
import type { ConversionEvent, IntegrationAdapter, PlatformHttp, SendAnswer } from './adapter.ts';
import { GOOGLE_ADS_DEFAULT_API_URL, GOOGLE_OAUTH_DEFAULT_TOKEN_URL, googleAdsAdapter } from './google.ts';
import { META_DEFAULT_GRAPH_URL, metaAdapter } from './meta.ts';
import { type ConversionOutRecord, IntegrationStore } from './store.ts';
import { TIKTOK_DEFAULT_API_URL, tiktokAdapter } from './tiktok.ts';

// Conversions sent to ad platforms through the S2S outbox. Which sources (and campaigns, in their source's
// place) send where is read into memory
// (on start and on every settings change, like the postback settings), so deciding costs the postback
// nothing but a map lookup; each queued row names its account and carries the request without the
// token, which is opened only when the row is sent.
//
// An approved conversion goes out once as the source's event; a chargeback of one that went out goes
// out once as a refund (to the platforms that take one); each later change of a sent sale's value (a
// partial refund, a corrected payout) goes out once as a restatement (to the platforms that take one).
// "Once" is kept on the conversion beside the statuses its S2S postbacks reported, under marks of their
// own, so the two never hold each other back; a restatement's mark names the change's time, which is the
// conversion's own and unique to it.

/** Platforms that take conversions; the others (push and native networks) are cost sync sources only. */
export const ADAPTERS: Readonly<Partial<Record<IntegrationPlatform, IntegrationAdapter>>> = {
  meta: metaAdapter,
  google_ads: googleAdsAdapter,
  tiktok: tiktokAdapter,
};

const SENT_MARK = 'out:approved';
const REFUND_MARK = 'out:chargeback';
const restatedMark = (state: ConversionState) => `out:restated@${state.lastEventMs}`;

/** Raised when a queued row's account is gone: retrying cannot help. */
export class AccountGone extends Error {
  override name = 'AccountGone';
}

export interface ConversionsOutOptions {
  store: ConfigStore;
  encryptionKey: Buffer;
  outbound: OutboundGuard;
  /** Meta's Graph API root, version included (CAIRN_META_GRAPH_URL). */
  metaGraphUrl?: string;
  /** The Google Ads API root, version included (CAIRN_GOOGLE_ADS_API_URL). */
  googleAdsApiUrl?: string;
  /** Google's OAuth token endpoint (CAIRN_GOOGLE_OAUTH_TOKEN_URL). */
  googleOAuthTokenUrl?: string;
  /** TikTok's Business API root, version included (CAIRN_TIKTOK_API_URL). */
  tiktokApiUrl?: string;
}

interface Route {
  setting: ConversionOutRecord;
  platform: IntegrationPlatform;
}

/** The platform's click id as the click captured it: its external id or the token reading that parameter. */
export function platformClickIdOf(
  source: RoutedSource | undefined,
  click: TrackingEvent,
  parameter: string,
): string {
  if (!source) return '';
  if (source.externalIdParam === parameter) return click.externalId;
  const slot = source.tokenSlots.get(parameter)?.[0];
  return slot === undefined ? '' : (click.tokens[slot] ?? '');
}

/** Each of the platform's click ids the click captured, by parameter; the ones it did not are left out. */
export function platformClickIdsOf(
  source: RoutedSource | undefined,
  click: TrackingEvent,
  parameters: readonly string[],
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const parameter of parameters) {
    const value = platformClickIdOf(source, click, parameter);
    if (value) found[parameter] = value;
  }
  return found;
}

export class ConversionsOut {
  private readonly options: ConversionsOutOptions;
  private readonly integrations: IntegrationStore;
  /** By traffic source id; null for a setting that sends nothing (off, or its account is gone). */
  private routes = new Map<number, Route | null>();
  /** By campaign id, each in its source's place. */
  private campaignRoutes = new Map<number, Route | null>();

  constructor(options: ConversionsOutOptions) {
    this.options = options;
    this.integrations = new IntegrationStore(options.store, options.encryptionKey);
  }

  baseUrlOf(platform: IntegrationPlatform): string {
    switch (platform) {
      case 'meta':
        return this.options.metaGraphUrl ?? META_DEFAULT_GRAPH_URL;
      case 'google_ads':
        return this.options.googleAdsApiUrl ?? GOOGLE_ADS_DEFAULT_API_URL;
      case 'tiktok':
        return this.options.tiktokApiUrl ?? TIKTOK_DEFAULT_API_URL;
      default:
        return '';
    }
  }

  http(platform: IntegrationPlatform, timeoutMs: number): PlatformHttp {
    return {
      outbound: this.options.outbound,
      timeoutMs,
      baseUrl: this.baseUrlOf(platform),
      oauthTokenUrl: this.options.googleOAuthTokenUrl ?? GOOGLE_OAUTH_DEFAULT_TOKEN_URL,
    };
  }

  /**
   * Reads which sources and campaigns send where. A campaign's setting takes its source's place even when
   * it is turned off, which is how one campaign of a source opts out; a setting whose account is gone
   * sends nothing.
   */
  async load(): Promise<void> {
    const [sourceSettings, campaignSettings, accounts] = await Promise.all([
      this.integrations.conversionsOut('traffic_source'),
      this.integrations.conversionsOut('campaign'),
      this.integrations.accounts(),
    ]);
    const platforms = new Map(accounts.map((account) => [account.id, account.platform]));
    const routesOf = (settings: readonly ConversionOutRecord[]) =>
      new Map(
        settings.map((setting) => {
          const platform = platforms.get(setting.accountId);
          return [setting.ownerId, setting.enabled && platform ? { setting, platform } : null] as const;
        }),
      );
    this.routes = routesOf(sourceSettings);
    this.campaignRoutes = routesOf(campaignSettings);
  }

  /** The rows a new or changed conversion queues for ad platforms (none for most sources). */
  plan(
    source: RoutedSource | undefined,
    state: ConversionState,
    before: ConversionState | null,
    click: TrackingEvent,
    currency: string,
    now: number,
  ): OutboxEntry[] {
    const route = this.campaignRoutes.has(click.campaignId)
      ? this.campaignRoutes.get(click.campaignId)
      : this.routes.get(click.trafficSourceId);
    if (!route) return [];
    const adapter = ADAPTERS[route.platform];
    if (!adapter) return [];
    const marks = state.reportedStatuses;
    let kind: ConversionEvent['kind'];
    let valueMicros: number;
    let mark: string;
    if (state.status === 'approved' && !marks.includes(SENT_MARK)) {
      kind = 'conversion';
      valueMicros = state.revenueMicros;
      mark = SENT_MARK;
    } else if (
      state.status === 'approved' &&
      adapter.sendsRestatements &&
      before?.status === 'approved' &&
      before.revenueMicros !== state.revenueMicros &&
      marks.includes(SENT_MARK) &&
      !marks.includes(REFUND_MARK) &&
      !marks.includes(restatedMark(state))
    ) {
      kind = 'restatement';
      valueMicros = state.revenueMicros;
      mark = restatedMark(state);
    } else if (
      state.status === 'chargeback' &&
      adapter.sendsRefunds &&
      before?.status === 'approved' &&
      marks.includes(SENT_MARK) &&
      !marks.includes(REFUND_MARK)
    ) {
      kind = 'refund';
      valueMicros = -before.revenueMicros;
      mark = REFUND_MARK;
    } else {
      return [];
    }
    const platformClickIds = platformClickIdsOf(source, click, adapter.clickIdParameters);
    if (adapter.needsClickId && Object.keys(platformClickIds).length === 0) return [];
    const saleEventId = `${state.clickId}.${state.seq}`;
    const eventId =
      kind === 'refund'
        ? `${saleEventId}.refund`
        : kind === 'restatement'
          ? `${saleEventId}.restated.${state.lastEventMs}`
          : saleEventId;
    const request = adapter.conversionRequest(
      this.baseUrlOf(route.platform),
      { pixelId: route.setting.pixelId },
      {
        kind,
        eventName: route.setting.eventName,
        eventId,
        saleEventId,
        eventTime: now,
        valueMicros,
        currency,
        click: {
          clickId: click.clickId,
          clickTime: click.clickTime,
          ip: click.ip,
          userAgent: click.userAgent,
          country: click.country,
          platformClickIds,
        },
      },
    );
    return [
      {
        clickId: state.clickId,
        seq: state.seq,
        trafficSourceId: click.trafficSourceId,
        url: request.url,
        state: 'pending',
        reason: null,
        integrationAccountId: route.setting.accountId,
        platform: route.platform,
        body: request.body,
        mark,
      },
    ];
  }

  /** Sends a queued row with its account's token; rejects with AccountGone when the account was deleted. */
  async send(accountId: number, url: string, body: string, timeoutMs: number): Promise<SendAnswer> {
    const account = await this.integrations.token(accountId);
    if (!account) throw new AccountGone(`integration account ${accountId} was deleted`);
    const adapter = ADAPTERS[account.platform];
    if (!adapter) throw new AccountGone(`${account.platform} takes no conversions`);
    return adapter.send(this.http(account.platform, timeoutMs), account.token, { url, body });
  }
}
