import {
  CUSTOM_EVENT_SLOTS,
  customEventColumn,
  customEventSlot,
  DEFAULT_POSTBACK_PROCESSING,
  POSTBACK_PARAMS,
  type PostbackProcessingSettings,
} from '@cairn/contract';
import type { Logger } from 'pino';
import { EVENT_KIND, type TrackingEvent } from '../events/event.ts';
import { lacksRate } from '../events/money.ts';
import { ConversionsOut } from '../integrations/conversionsOut.ts';
import type { ClickRecorder } from '../journal/recorder.ts';
import type { OutboundGuard } from '../outbound/guard.ts';
import { SETTING_POSTBACK_PROCESSING } from '../settings/keys.ts';
import { readPostbackProcessing } from '../settings/readers.ts';
import { setSetting } from '../settings/store.ts';
import type { ConfigStore } from '../store/config/port.ts';
import type { EventStore } from '../store/events/port.ts';
import type { ClickEngine } from '../tracking/click/engine.ts';
import type { RecentClicks } from '../tracking/click/recent.ts';
import type { RoutingTable } from '../tracking/routing/table.ts';
import { customEvent } from './customEvents.ts';
import type { DuplicatePolicy } from './decide.ts';
import { ipAllowed } from './ipAllow.ts';
import { PostbackKeys } from './keys.ts';
import { ClickLookup } from './lookup.ts';
import { S2sOutbox } from './outbox.ts';
import { type FieldReader, parsePostback } from './params.ts';
import { type OfferPayout, payoutOf, valuation } from './payout.ts';
import { maskPostbackKey, REFUSED_QUERY_MAX, RefusalLog } from './refusals.ts';
import { planS2s, s2sUrl } from './s2s.ts';
import { mapStatus } from './status.ts';
import type { LogEntry, OutboxEntry } from './store.ts';
import { ConversionWriter, type WriteOutcome } from './writer.ts';

// The conversion intake shared by the postback URL, the Binom-style click-path postback, the pixel and
// the bulk upload: validate, find the click, let its network decide (IP allow-list, status words,
// duplicate policy), value the payout, and hand the result to the group-commit writer.

const KEY_REFUSAL = 'missing or wrong postback key';

export interface PostbackRequest {
  via: LogEntry['via'];
  ip: string;
  read: FieldReader;
  /** What is kept in the postback log (the query string, or the upload line). */
  raw: string;
  /** False for the bulk upload: an admin's own list is not a network's call. */
  checkIp: boolean;
  /** Whether the postback must carry the installation's postback key (false for the bulk upload). */
  checkKey: boolean;
}

export interface PostbackAnswer {
  status: 200 | 400 | 403 | 404 | 500;
  /** recorded | updated | ignored | refused | invalid | unknown_click | error */
  outcome: LogEntry['outcome'];
  /** The answer's body. */
  text: string;
  /** What happened, for people (the upload report). */
  message: string;
}

export interface ConversionServiceOptions {
  store: ConfigStore;
  events: EventStore;
  recorder: ClickRecorder;
  table: RoutingTable;
  engine: ClickEngine;
  recent: RecentClicks;
  nodeId: string;
  now: () => number;
  logger: Logger;
  findClick: (clickId: string, clickTime: number) => Promise<TrackingEvent | null>;
  /** Where S2S postbacks go out. */
  outbound: OutboundGuard;
  /** Encrypts the postback keys and integration tokens at rest (the installation key's encryption key). */
  encryptionKey: Buffer;
  /** Meta's Graph API root (CAIRN_META_GRAPH_URL); Meta's own unless said. */
  metaGraphUrl?: string;
  /** Google Ads' API root and OAuth token endpoint, TikTok's API root; the platforms' own unless said. */
  googleAdsApiUrl?: string;
  googleOAuthTokenUrl?: string;
  tiktokApiUrl?: string;
  /** Told the outcome of every postback answered, for /metrics. */
  onAnswered?: (outcome: LogEntry['outcome']) => void;
}

export class ConversionService {
  readonly writer: ConversionWriter;
  readonly outbox: S2sOutbox;
  /** Conversions sent to ad platforms (integrations/), queued in the same outbox. */
  readonly out: ConversionsOut;
  private readonly options: ConversionServiceOptions;
  private current: PostbackProcessingSettings = DEFAULT_POSTBACK_PROCESSING;
  readonly keys: PostbackKeys;
  readonly lookup: ClickLookup;
  private readonly refusals: RefusalLog;

  constructor(options: ConversionServiceOptions) {
    this.options = options;
    this.keys = new PostbackKeys(options.encryptionKey, options.now);
    this.lookup = new ClickLookup({
      recent: options.recent,
      recorder: options.recorder,
      read: options.findClick,
    });
    this.refusals = new RefusalLog(options.logger);
    this.out = new ConversionsOut({
      store: options.store,
      encryptionKey: options.encryptionKey,
      outbound: options.outbound,
      metaGraphUrl: options.metaGraphUrl,
      googleAdsApiUrl: options.googleAdsApiUrl,
      googleOAuthTokenUrl: options.googleOAuthTokenUrl,
      tiktokApiUrl: options.tiktokApiUrl,
    });
    this.outbox = new S2sOutbox({
      store: options.store,
      now: options.now,
      logger: options.logger,
      outbound: options.outbound,
      platforms: this.out,
    });
    this.writer = new ConversionWriter({
      store: options.store,
      events: options.events,
      recorder: options.recorder,
      findClick: (clickId, clickTime) => this.findClick(clickId, clickTime),
      nodeId: options.nodeId,
      now: options.now,
      logger: options.logger,
      onOutbox: () => this.outbox.poke(),
    });
  }

  get settings(): PostbackProcessingSettings {
    return this.current;
  }

  /** Moves the events journaled so far into the event store (rejects if the store refuses them). */
  storeJournaled(): Promise<void> {
    return this.options.recorder.flushNow();
  }

  async start(): Promise<void> {
    await this.reloadSettings();
    this.writer.start();
    this.outbox.start();
  }

  /** Reads the settings again: on start, and whenever any node announces a settings change. */
  async reloadSettings(): Promise<void> {
    this.current = await readPostbackProcessing(this.options.store);
    await this.keys.load(this.options.store);
    await this.out.load();
  }

  /** A new postback key; the caller audits and announces it, which reloads the keys on every node. */
  async rotateKey(): Promise<void> {
    await this.keys.rotate(this.options.store);
  }

  /** Only the current postback key stays valid; announced like a rotation. */
  async retireOldKeys(): Promise<void> {
    await this.keys.retire(this.options.store);
  }

  /** Stores the settings; the caller announces the change, which reloads them on every node. */
  async saveSettings(settings: PostbackProcessingSettings): Promise<void> {
    await setSetting(this.options.store, SETTING_POSTBACK_PROCESSING, JSON.stringify(settings));
    this.current = settings;
  }

  async close(): Promise<void> {
    await this.outbox.close();
    await this.writer.close();
  }

  /**
   * The click a postback (or a lander's click-through) names: in memory, else in the event store, a click
   * still in the journal included; misses are remembered a short while (see ClickLookup).
   */
  findClick(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    return this.lookup.find(clickId, clickTime);
  }

  /** An offer's payout terms: routed, else the last stored (archived or deleted offers leave the table). */
  private async offerPayout(offerId: number): Promise<OfferPayout | null> {
    const routed = this.options.table.offer(offerId);
    if (routed) return routed;
    if (offerId <= 0) return null;
    const [row] = await this.options.store.query<{
      payout_auto: boolean;
      payout_micros: number;
      currency: string;
    }>('SELECT payout_auto, payout_micros, currency FROM offers WHERE id = $1', [offerId]);
    return row
      ? {
          payoutAuto: Boolean(row.payout_auto),
          payoutMicros: Number(row.payout_micros),
          currency: row.currency,
        }
      : null;
  }

  /** The conversion pixel: a postback while the pixel is on, else only a log entry. */
  async pixel(request: PostbackRequest): Promise<void> {
    if (this.current.pixelEnabled) {
      await this.handle(request);
      return;
    }
    this.options.onAnswered?.('ignored');
    const now = this.options.now();
    if (!this.refusals.mayLog('ignored', now)) return;
    this.writer.log({
      receivedAt: now,
      via: request.via,
      ip: request.ip,
      clickId: '',
      query: maskPostbackKey(request.raw).slice(0, REFUSED_QUERY_MAX),
      httpStatus: 200,
      outcome: 'ignored',
      message: 'the conversion pixel is turned off',
      seq: null,
    });
  }

  async handle(request: PostbackRequest): Promise<PostbackAnswer> {
    const answer = await this.decide(request);
    this.options.onAnswered?.(answer.outcome);
    return answer;
  }

  private async decide(request: PostbackRequest): Promise<PostbackAnswer> {
    const { logger, table } = this.options;
    const base = {
      receivedAt: this.options.now(),
      via: request.via,
      ip: request.ip,
      query: maskPostbackKey(request.raw),
    };
    const refuse = (
      status: PostbackAnswer['status'],
      outcome: LogEntry['outcome'],
      clickId: string,
      message: string,
    ): PostbackAnswer => {
      if (this.refusals.mayLog(outcome, base.receivedAt)) {
        this.writer.log({
          ...base,
          query: base.query.slice(0, REFUSED_QUERY_MAX),
          clickId,
          httpStatus: status,
          outcome,
          message,
          seq: null,
        });
      }
      return { status, outcome, text: `error: ${message}`, message };
    };

    const parsed = parsePostback(request.read);
    const keyed = !request.checkKey || this.keys.accepts(keyOf(request.read));
    // Without the key only a network's keyless opt-in can let the postback in; with no network opted
    // in it is refused before any lookup, so forged postbacks cost no store read.
    if (!keyed && !table.anyKeylessNetwork) {
      return refuse(403, 'refused', parsed.ok ? parsed.input.clickId : parsed.clickId, KEY_REFUSAL);
    }
    if (!parsed.ok) return refuse(400, 'invalid', parsed.clickId, parsed.message);
    const input = parsed.input;
    let click: TrackingEvent | null;
    try {
      click = await this.findClick(input.clickId, input.clickTime);
    } catch (error) {
      logger.error({ err: error }, 'click lookup for a postback failed');
      return refuse(500, 'error', input.clickId, 'the click could not be read, try again');
    }
    if (!click)
      return refuse(
        keyed ? 404 : 403,
        keyed ? 'unknown_click' : 'refused',
        input.clickId,
        keyed ? 'unknown click' : KEY_REFUSAL,
      );

    const offer = table.offer(click.offerId);
    const networkId = offer ? offer.affiliateNetworkId : click.affiliateNetworkId;
    const network = networkId > 0 ? table.network(networkId) : undefined;
    if (!keyed) {
      const keyless =
        network?.acceptKeylessPostbacks === true &&
        network.allowedPostbackIps.length > 0 &&
        ipAllowed(network.allowedPostbackIps, request.ip);
      if (!keyless) return refuse(403, 'refused', input.clickId, KEY_REFUSAL);
    }
    if (request.checkIp && network && !ipAllowed(network.allowedPostbackIps, request.ip)) {
      logger.warn(
        { ip: request.ip, network: network.id },
        'postback from an address the network does not allow',
      );
      return refuse(403, 'refused', input.clickId, 'this address may not send postbacks');
    }
    if (input.eventText !== null) {
      const slot = customEventSlot(input.eventText, networkId, this.current);
      if (slot !== null) return this.recordCustomEvent(click, slot, { ...base, clickId: input.clickId });
      logger.warn(
        { event: input.eventText, network: network?.id ?? null },
        'postback with an event no slot is named for: counted as a plain conversion',
      );
    }
    const mapped = mapStatus(input.statusText, network, this.current);
    if (!mapped.known) {
      logger.warn(
        { status: input.statusText, network: network?.id ?? null, countedAs: mapped.status },
        'postback with a status no mapping knows',
      );
    }
    const policy: DuplicatePolicy = offer?.upsell
      ? 'add'
      : (network?.duplicatePostbacks ?? this.current.duplicatePostbacks);
    const rates = this.options.engine.settings.rates;
    // Archived, deleted or unknown offer or network: the postback's payout is not taken (fail closed).
    const live = offer !== undefined && (networkId <= 0 || network !== undefined);
    let offerTerms: OfferPayout | null;
    try {
      offerTerms = await this.offerPayout(click.offerId);
    } catch (error) {
      logger.error({ err: error }, 'offer payout for a postback not read');
      return refuse(500, 'error', input.clickId, 'the offer could not be read, try again');
    }
    const { payout, defaultPayout } = payoutOf(offerTerms, live, input, rates);
    if (payout && lacksRate(payout.currency, rates)) {
      logger.warn({ currency: payout.currency }, 'postback payout in a currency without a rate refused');
      return refuse(
        400,
        'invalid',
        input.clickId,
        `currency ${payout.currency} has no exchange rate to ${rates.base}: add its rate in Settings or send the payout in ${rates.base}`,
      );
    }
    const source = table.source(click.trafficSourceId);
    const found = click;
    const eventCounts = source?.postbackUrl?.includes('{event') ? await this.customEventCounts(click) : null;
    let outcome: WriteOutcome;
    try {
      outcome = await this.writer.write({
        click: found,
        proposal: {
          txid: input.txid,
          status: mapped.status,
          networkStatus: input.statusText ?? '',
          payout,
          defaultPayout,
          policy,
        },
        value: valuation(table.campaign(click.campaignId), rates),
        s2s: (state, before): OutboxEntry[] => {
          const entries = this.out.plan(source, state, before, found, rates.base, this.options.now());
          const plan = planS2s(source, state, before, input.disablePostback);
          if (plan.kind === 'none' || !source) return entries;
          // Each status reached is reported once: approved -> declined -> approved sends approved once.
          if (state.reportedStatuses.includes(state.status)) return entries;
          return [
            {
              clickId: state.clickId,
              seq: state.seq,
              trafficSourceId: source.id,
              url: s2sUrl(source, state, found, table, rates.base, eventCounts),
              state: plan.kind === 'send' ? 'pending' : 'skipped',
              reason: plan.kind === 'skipped' ? plan.reason : null,
            },
            ...entries,
          ];
        },
        log: { ...base, clickId: input.clickId },
      });
    } catch (error) {
      logger.error({ err: error }, 'conversion not written');
      return refuse(500, 'error', input.clickId, 'the conversion could not be stored, try again');
    }
    return {
      status: 200,
      outcome: outcome.outcome,
      text: outcome.outcome === 'ignored' ? `ignored: ${outcome.message}` : 'OK',
      message: outcome.message,
    };
  }

  /**
   * The click's custom events per slot (slot 1 first), for the `{eventN}` macros: what the event store
   * holds, so an event still in the journal (it is stored within the flush interval) is not counted yet.
   * Read only for a source whose postback URL asks for them; null when the read fails (the macros empty).
   */
  private async customEventCounts(click: TrackingEvent): Promise<number[] | null> {
    try {
      const rows = await this.options.events.query<{ slot: number; n: number }>(
        `SELECT event_slot AS slot, count(*) AS n FROM events WHERE campaign_id = $1 AND click_id = $2 AND kind = ${EVENT_KIND.customEvent} GROUP BY event_slot`,
        [click.campaignId, click.clickId],
      );
      const counts = Array.from({ length: CUSTOM_EVENT_SLOTS }, () => 0);
      for (const row of rows) {
        const slot = Number(row.slot);
        if (slot >= 1 && slot <= CUSTOM_EVENT_SLOTS) counts[slot - 1] = Number(row.n);
      }
      return counts;
    } catch (error) {
      this.options.logger.error({ err: error }, 'custom event counts for the {eventN} macros not read');
      return null;
    }
  }

  /** Journals a custom event (customEvents.ts) for the click and logs the postback. */
  private recordCustomEvent(
    click: TrackingEvent,
    slot: number,
    log: Omit<LogEntry, 'httpStatus' | 'outcome' | 'message' | 'seq'>,
  ): PostbackAnswer {
    const event = customEvent(click, slot, Math.max(this.options.now(), click.time));
    try {
      this.options.recorder.record(event);
    } catch (error) {
      this.options.logger.error({ err: error }, 'custom event not journaled');
      return {
        status: 500,
        outcome: 'error',
        text: 'error: the event could not be stored, try again',
        message: 'the event could not be stored',
      };
    }
    const message = `custom event ${customEventColumn(slot)} recorded`;
    this.writer.log({ ...log, httpStatus: 200, outcome: 'recorded', message, seq: null });
    return { status: 200, outcome: 'recorded', text: 'OK', message };
  }
}

/** The postback key a request carries; null when none, or not text. */
function keyOf(read: FieldReader): string | null {
  for (const name of POSTBACK_PARAMS.key) {
    const value = read(name);
    if (typeof value === 'string') return value.trim();
  }
  return null;
}
