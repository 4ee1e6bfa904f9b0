import crypto from 'node:crypto';
import { CAMPAIGN_HOPS_MAX, CLICK_COOKIE, CLICK_PARAMS, truncateText } from '@cairn/contract';
import { mintClickId } from '../../events/clickId.ts';
import { blankEvent, EVENT_KIND, type TrackingEvent } from '../../events/event.ts';
import { compileEnrichmentCopy } from '../enrich/eventFacts.ts';
import type { Enricher, Enrichment } from '../enrich/index.ts';
import {
  type ClickFacts,
  evaluateFlow,
  type FlowDecision,
  NO_CAPS,
  type OfferCaps,
  type RandomSource,
  uncappedOffer,
} from '../routing/evaluate.ts';
import { type RoutedCampaign, type RoutedSource, type RoutingTable, tokenSlotsOf } from '../routing/table.ts';
import {
  type ClickRequest,
  type ClickResult,
  type ClickTrace,
  type CookieToSet,
  DEFAULT_TRACKING_SETTINGS,
  type TrackingSettings,
} from './clickTypes.ts';
import { clickCostMicros } from './cost.ts';
import { lpKeyFor, withLpKey } from './lpProtect.ts';
import { fillUrl, type MacroContext } from './macros.ts';
import { isHttpUrl } from './redirect.ts';
import { PARAM_VALUE_MAX, tokensOf } from './tokens.ts';
import { Uniqueness, uniqueCookieName, uniqueRuleCookieName } from './uniqueness.ts';
import { type LocalTime, localTimeIn } from './zone.ts';

// The click path: resolve the campaign from memory, enrich offline, decide uniqueness, walk the compiled
// flow, mint the id, fill the URL and build the event. Nothing here waits for a database; the caller
// journals the event and answers.

export type { ClickRequest, ClickResult, ClickTrace, CookieToSet, TrackingSettings } from './clickTypes.ts';
export { DEFAULT_TRACKING_SETTINGS } from './clickTypes.ts';

const NO_HEADERS: readonly string[] = [];

export { PARAM_VALUE_MAX } from './tokens.ts';

const CLICK_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 3600;
/** A click without a traffic source reads its tokens from `t1`..`t30`. */
const DEFAULT_TOKEN_SLOTS = tokenSlotsOf([]);

/** What one campaign's flow decided for a click, before the click is made (see ClickEngine.route). */
interface Routed {
  kind: 'routed';
  campaign: RoutedCampaign;
  trace: ClickTrace;
  decision: FlowDecision;
  tokens: string[];
  source: RoutedSource | undefined;
  externalId: string;
  unique: boolean;
  param: (name: string) => string | null;
}

export interface ClickEngineOptions {
  table: RoutingTable;
  enricher: Enricher;
  uniqueness?: Uniqueness;
  random?: RandomSource;
  settings?: TrackingSettings;
}

export class ClickEngine {
  readonly table: RoutingTable;
  readonly enricher: Enricher;
  readonly uniqueness: Uniqueness;
  /** Offers at their daily cap (set once the runtime's cap watch runs). */
  caps: OfferCaps = NO_CAPS;
  private readonly random: RandomSource;
  private currentSettings: TrackingSettings;
  private localTime: { minute: number; value: LocalTime } = {
    minute: -1,
    value: { dayOfWeek: 'mon', hour: 0, minuteOfDay: 0 },
  };
  /** Local times in the zones criteria name, each read again once its minute has passed. */
  private readonly zoneTimes = new Map<string, { minute: number; value: LocalTime }>();
  /** The click being routed, for zonedTime and uniqueForRule (facts read lazily, only by rules asking). */
  private clickMs = 0;
  private clickCampaign: RoutedCampaign | null = null;
  private clickRequest: ClickRequest | null = null;
  private clickIp = '';
  private readonly uniqueForRule = (ruleIndex: number): boolean => {
    const campaign = this.clickCampaign;
    const request = this.clickRequest;
    if (!campaign || !request) return true;
    return this.uniqueness.isUnique(
      campaign.id,
      campaign.uniquenessMs,
      this.clickIp,
      request.userAgent,
      request.cookies[uniqueRuleCookieName(campaign.id, ruleIndex)],
      request.now,
      ruleIndex + 1,
    );
  };
  private readonly zonedTime = (timezone: string): LocalTime => {
    const minute = Math.floor(this.clickMs / 60_000);
    let known = this.zoneTimes.get(timezone);
    if (!known || known.minute !== minute) {
      known = { minute, value: localTimeIn(timezone, this.clickMs) };
      // Zones come from saved flows, a handful; the bound only guards against a flood of edits.
      if (this.zoneTimes.size >= 1000) this.zoneTimes.clear();
      this.zoneTimes.set(timezone, known);
    }
    return known.value;
  };

  constructor(options: ClickEngineOptions) {
    this.table = options.table;
    this.enricher = options.enricher;
    this.uniqueness = options.uniqueness ?? new Uniqueness();
    this.random = options.random ?? Math.random;
    this.currentSettings = options.settings ?? DEFAULT_TRACKING_SETTINGS;
  }

  get settings(): TrackingSettings {
    return this.currentSettings;
  }

  set settings(settings: TrackingSettings) {
    this.currentSettings = settings;
    this.localTime = { minute: -1, value: this.localTime.value };
  }

  /**
   * Routes a campaign click. With `dryRun` the uniqueness memory is only read, never marked.
   *
   * A path whose target is another campaign hands the click to that campaign's flow as if it had
   * arrived there: same query and visitor, that campaign's source, tokens, cost and uniqueness. The click
   * is recorded once, under the campaign whose flow chose where it went, so its rule, path, lander and
   * offer read against that campaign's flow in reports and for the lander's click-through; the campaigns
   * it passed through keep only their uniqueness marks. Saves refuse loops; CAMPAIGN_HOPS_MAX bounds
   * the walk whatever is stored, and a click past it takes the fallback.
   */
  click(request: ClickRequest, options: { dryRun?: boolean } = {}): ClickResult {
    const key = request.query.get(CLICK_PARAMS.key) ?? '';
    let campaign = key.length > 0 && key.length <= 64 ? this.table.campaignByKey(key) : undefined;
    if (!campaign) return { kind: 'fallback', reason: 'unknown campaign key', trace: null };
    const cookies: CookieToSet[] = [];
    const passed: RoutedCampaign[] = [];
    for (;;) {
      const routed = this.route(campaign, request, options, cookies);
      if (routed.kind === 'fallback') return routed;
      const next = routed.decision.campaignId;
      if (next === undefined) return this.finish(routed, request, cookies);
      passed.push(campaign);
      const target = this.table.campaign(next);
      if (passed.length >= CAMPAIGN_HOPS_MAX) {
        const names = [...passed, ...(target ? [target] : [])].map((hop) => `"${hop.name}"`).join(' → ');
        return {
          kind: 'fallback',
          reason: `campaign targets go further than ${CAMPAIGN_HOPS_MAX} campaigns: ${names}`,
          trace: routed.trace,
        };
      }
      if (!target) {
        return { kind: 'fallback', reason: `target campaign ${next} is not available`, trace: routed.trace };
      }
      campaign = target;
    }
  }

  /** One campaign's part of a click: uniqueness, facts and the flow's decision. */
  private route(
    campaign: RoutedCampaign,
    request: ClickRequest,
    options: { dryRun?: boolean },
    cookies: CookieToSet[],
  ): Routed | { kind: 'fallback'; reason: string; trace: ClickTrace } {
    const trace = this.startTrace(campaign, request);
    const { enrichment } = trace;
    if (!campaign.active) return { kind: 'fallback', reason: 'campaign paused', trace };
    if (!campaign.compiled || !campaign.flow)
      return { kind: 'fallback', reason: 'campaign has no flow', trace };

    const param = (name: string): string | null => {
      const value = request.query.get(name);
      return value === null ? null : truncateText(value, PARAM_VALUE_MAX);
    };
    const source = this.table.source(campaign.trafficSourceId);
    const tokens = tokensOf(request.query, source ? source.tokenSlots : DEFAULT_TOKEN_SLOTS);
    const externalId = source?.externalIdParam ? (param(source.externalIdParam) ?? '') : '';

    const uniqueCookie = request.cookies[uniqueCookieName(campaign.id)];
    const verdict = options.dryRun
      ? { unique: !uniqueCookie, cookie: null }
      : this.uniqueness.check(
          campaign.id,
          campaign.uniquenessMs,
          enrichment.ip,
          request.userAgent,
          uniqueCookie,
          request.now,
        );
    if (verdict.cookie) cookies.push(verdict.cookie);
    const local = this.localTimeAt(request.now);
    this.clickMs = request.now;
    this.clickCampaign = campaign;
    this.clickRequest = request;
    this.clickIp = enrichment.ip;
    const facts: ClickFacts = {
      country: enrichment.countryCode || null,
      region: enrichment.region || null,
      city: enrichment.city || null,
      deviceType: enrichment.deviceType || null,
      brand: enrichment.brand || null,
      model: enrichment.model || null,
      os: enrichment.os || null,
      osVersion: enrichment.osVersion || null,
      browser: enrichment.browser || null,
      browserVersion: enrichment.browserVersion || null,
      language: enrichment.language || null,
      isp: enrichment.isp || null,
      connectionType: enrichment.connectionType || null,
      // Without a network for the address (no ASN data, or none for it) nothing is known either way.
      hosting: enrichment.asn > 0 ? enrichment.isDatacenter : null,
      ip: enrichment.ip || null,
      referrer: request.referrer || null,
      referrerDomain: enrichment.referrerDomain || null,
      userAgent: request.userAgent || null,
      dayOfWeek: local.dayOfWeek,
      hour: local.hour,
      minuteOfDay: local.minuteOfDay,
      localTime: this.zonedTime,
      tokens,
      query: request.query,
      rawHeaders: request.rawHeaders ?? NO_HEADERS,
      unique: verdict.unique,
      uniqueForRule: this.uniqueForRule,
      bot: enrichment.isBot,
    };
    const decision = evaluateFlow(campaign.compiled, facts, this.random, this.caps);
    this.clickCampaign = null;
    this.clickRequest = null;
    if (!decision) return { kind: 'fallback', reason: 'every path is paused', trace };
    this.nameDecision(trace, campaign, decision);

    // A rule asking for visitors unique for its paths remembers whom it took, as the campaign does.
    if (
      !options.dryRun &&
      decision.ruleIndex !== null &&
      campaign.compiled.rulesMarkingVisitors.has(decision.ruleIndex)
    ) {
      const ruleVerdict = this.uniqueness.check(
        campaign.id,
        campaign.uniquenessMs,
        enrichment.ip,
        request.userAgent,
        request.cookies[uniqueRuleCookieName(campaign.id, decision.ruleIndex)],
        request.now,
        decision.ruleIndex + 1,
      );
      if (ruleVerdict.cookie) cookies.push(ruleVerdict.cookie);
    }
    return {
      kind: 'routed',
      campaign,
      trace,
      decision,
      tokens,
      source,
      externalId,
      unique: verdict.unique,
      param,
    };
  }

  /** The click's event and destination, from the campaign whose flow decided where it goes. */
  private finish(routed: Routed, request: ClickRequest, cookies: CookieToSet[]): ClickResult {
    const { campaign, trace, decision, tokens, source } = routed;
    const offer = decision.url === undefined ? this.table.offer(decision.offerId) : undefined;
    const landing = decision.landingId === null ? undefined : this.table.landing(decision.landingId);
    if (decision.url === undefined && !offer) {
      return { kind: 'fallback', reason: `offer ${decision.offerId} is not available`, trace };
    }
    if (decision.landingId !== null && !landing) {
      return { kind: 'fallback', reason: `lander ${decision.landingId} is not available`, trace };
    }
    trace.offerName = offer?.name ?? null;
    trace.landingName = landing?.name ?? null;

    const event = blankEvent(EVENT_KIND.click, mintClickId(request.now), request.now, tokens);
    event.campaignId = campaign.id;
    event.campaignGroupId = campaign.groupId;
    event.trafficSourceId = campaign.trafficSourceId;
    event.rotationId = campaign.rotationId;
    event.rule = decision.ruleIndex === null ? 0 : decision.ruleIndex + 1;
    event.path = decision.pathIndex + 1;
    event.landingId = landing?.id ?? 0;
    event.offerId = offer?.id ?? 0;
    event.affiliateNetworkId = offer?.affiliateNetworkId ?? 0;
    copyEnrichment(event, trace.enrichment, request.userAgent);
    event.isUnique = routed.unique;
    event.externalId = routed.externalId;
    event.costMicros = clickCostMicros(campaign, source, routed.param, this.currentSettings.rates);

    const lpKey = landing?.lpProtectKey
      ? lpKeyFor(
          landing.lpProtectKey,
          event.clickId,
          event.clickTime,
          this.currentSettings.lpProtect.keyLifetimeMinutes * 60,
        )
      : '';
    // A URL target is filled and checked exactly as an offer URL is.
    const template = landing ? landing.url : (offer?.url ?? decision.url ?? '');
    const filled = fillUrl(template, this.macroContext(event, trace, request.referrer, lpKey));
    const url = lpKey && !landing?.placesLpKey ? withLpKey(filled, lpKey) : filled;
    if (!isHttpUrl(url)) return { kind: 'fallback', reason: 'the destination is not an http(s) URL', trace };

    if (landing)
      cookies.push({ name: CLICK_COOKIE, value: event.clickId, maxAgeSeconds: CLICK_COOKIE_MAX_AGE_SECONDS });
    return { kind: 'routed', event, url, mode: campaign.redirectMode, cookies, trace };
  }

  /**
   * A lander's click-through: the offer for a click already made (found by the caller), `to_offer=N`
   * choosing the N-th active offer of the click's path, else the offer the click was given.
   */
  lpClick(click: TrackingEvent, request: ClickRequest, seq: number): ClickResult {
    const campaign = this.table.campaign(click.campaignId);
    if (!campaign)
      return { kind: 'fallback', reason: 'the click belongs to no active campaign', trace: null };
    const trace = this.startTrace(campaign, request);
    let offerId = click.offerId;
    const slot = Number(request.query.get(CLICK_PARAMS.toOffer) ?? '');
    const rule = click.rule === 0 ? null : campaign.flow?.rules[click.rule - 1];
    const paths = rule ? rule.paths : click.rule === 0 ? (campaign.flow?.defaultPaths ?? []) : [];
    const offers = (paths[click.path - 1]?.offers ?? []).filter((candidate) => !candidate.paused);
    if (Number.isInteger(slot) && slot >= 1) offerId = offers[slot - 1]?.offerId ?? offerId;
    // A cap reached since the lander was shown moves the click-through like a new click.
    offerId = uncappedOffer(
      offerId,
      offers.map((candidate) => ({ value: candidate.offerId, weight: candidate.weight })),
      this.caps,
      this.random,
    );
    const offer = this.table.offer(offerId);
    if (!offer) return { kind: 'fallback', reason: `offer ${offerId} is not available`, trace };
    trace.offerName = offer.name;
    trace.landingName = this.table.landing(click.landingId)?.name ?? null;
    const event: TrackingEvent = {
      ...click,
      kind: EVENT_KIND.lpClick,
      seq,
      time: request.now,
      offerId: offer.id,
      affiliateNetworkId: offer.affiliateNetworkId,
      costMicros: 0,
      revenueMicros: 0,
      isUnique: false,
    };
    const url = fillUrl(offer.url, this.macroContext(event, trace, request.referrer));
    if (!isHttpUrl(url)) return { kind: 'fallback', reason: 'the offer URL is not an http(s) URL', trace };
    return { kind: 'routed', event, url, mode: campaign.redirectMode, cookies: [], trace };
  }

  private startTrace(campaign: RoutedCampaign, request: ClickRequest): ClickTrace {
    const enrichment = this.enricher.enrich({
      ip: request.ip,
      userAgent: request.userAgent,
      acceptLanguage: request.acceptLanguage,
      referrer: request.referrer,
    });
    return {
      enrichment,
      campaign,
      ruleIndex: null,
      ruleName: null,
      pathName: null,
      landingName: null,
      offerName: null,
    };
  }

  private nameDecision(trace: ClickTrace, campaign: RoutedCampaign, decision: FlowDecision): void {
    const flow = campaign.flow;
    if (!flow) return;
    const rule = decision.ruleIndex === null ? null : flow.rules[decision.ruleIndex];
    trace.ruleIndex = decision.ruleIndex;
    trace.ruleName = rule ? rule.name || `Rule ${(decision.ruleIndex ?? 0) + 1}` : 'Default paths';
    const path = (rule ? rule.paths : flow.defaultPaths)[decision.pathIndex];
    trace.pathName = path?.name || `Path ${decision.pathIndex + 1}`;
  }

  private macroContext(event: TrackingEvent, trace: ClickTrace, referrer: string, lpKey = ''): MacroContext {
    return {
      event,
      campaignKey: trace.campaign.key,
      campaignName: trace.campaign.name,
      sourceName: this.table.source(event.trafficSourceId)?.name ?? '',
      networkName: this.table.network(event.affiliateNetworkId)?.name ?? '',
      offerName: trace.offerName ?? '',
      landingName: trace.landingName ?? '',
      ruleName: trace.ruleName ?? '',
      pathName: trace.pathName ?? '',
      countryName: trace.enrichment.countryName,
      referrer,
      lpKey,
    };
  }

  // Day and hour in the tracker's zone change once a minute at most; Intl is not paid per click.
  private localTimeAt(now: number): LocalTime {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.localTime.minute) {
      this.localTime = { minute, value: localTimeIn(this.currentSettings.timezone, now) };
    }
    return this.localTime.value;
  }
}

/** A click's facts from its address and user agent alone, as `click` records them (the archive's check). */
export function clickFacts(enricher: Enricher, ip: string, userAgent: string): TrackingEvent {
  const event = blankEvent(EVENT_KIND.click, '', 0);
  copyEnrichment(event, enricher.enrich({ ip, userAgent, acceptLanguage: '', referrer: '' }), userAgent);
  return event;
}

const copyFacts = compileEnrichmentCopy();

function copyEnrichment(event: TrackingEvent, enrichment: Enrichment, userAgent: string): void {
  copyFacts(event, enrichment);
  event.userAgent = truncateText(userAgent, 512);
}

/** A random LP-click sequence number for clicks no longer in memory (kept apart from counted ones). */
export function randomLpSeq(): number {
  return 1000 + crypto.randomInt(31_000);
}
