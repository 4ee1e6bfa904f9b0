import {
  DEFAULT_POSTBACK_PROCESSING,
  type PostbackProcessingSettings,
  postbackProcessingSettingsSchema,
} from '@cairn/contract';
import type { Logger } from 'pino';
import type { OutboundGuard } from '../../outbound/guard.ts';
import { readJsonSetting, setSetting } from '../../settings.ts';
import type { ConfigStore } from '../../store/config/port.ts';
import type { EventStore } from '../../store/events/port.ts';
import type { TrackingEvent } from '../../store/events/schema.ts';
import type { ClickEngine } from '../click/engine.ts';
import type { RecentClicks } from '../click/recent.ts';
import type { ClickRecorder } from '../recorder.ts';
import type { RoutingTable } from '../routing/table.ts';
import type { DuplicatePolicy } from './decide.ts';
import { ipAllowed } from './ipAllow.ts';
import { S2sOutbox } from './outbox.ts';
import { type FieldReader, parsePostback } from './params.ts';
import { payoutOf, valuation } from './payout.ts';
import { planS2s, s2sUrl } from './s2s.ts';
import { mapStatus } from './status.ts';
import type { LogEntry, OutboxEntry } from './store.ts';
import { ConversionWriter, type WriteOutcome } from './writer.ts';

// The conversion intake shared by the postback URL, the Binom-style click-path postback, the pixel and
// the bulk upload: validate, find the click, let its network decide (IP allow-list, status words,
// duplicate policy), value the payout, and hand the result to the group-commit writer.

export const SETTING_POSTBACK_PROCESSING = 'postback.processing';
/** Clicks kept after a store read (about 1 kB each). */
const LOOKED_UP_MAX = 10_000;
/**
 * Refused postbacks logged per second at most: a flood of garbage must not fill the log (and the
 * config store) faster than its 30 days of keeping can clear it; the overflow is counted in the server log.
 */
export const REFUSED_LOG_PER_SECOND = 100;

export interface PostbackRequest {
  via: LogEntry['via'];
  ip: string;
  read: FieldReader;
  /** What is kept in the postback log (the query string, or the upload line). */
  raw: string;
  /** False for the bulk upload: an admin's own list is not a network's call. */
  checkIp: boolean;
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
}

export async function loadPostbackSettings(store: ConfigStore): Promise<PostbackProcessingSettings> {
  return (
    (await readJsonSetting(store, SETTING_POSTBACK_PROCESSING, postbackProcessingSettingsSchema)) ??
    DEFAULT_POSTBACK_PROCESSING
  );
}

export class ConversionService {
  readonly writer: ConversionWriter;
  readonly outbox: S2sOutbox;
  private readonly options: ConversionServiceOptions;
  private current: PostbackProcessingSettings = DEFAULT_POSTBACK_PROCESSING;
  /** Clicks read from the store lately: a network's repeat or the sale after the lead skips the read. */
  private readonly looked = new Map<string, TrackingEvent>();
  private refusedSecond = 0;
  private refusedInSecond = 0;
  private refusedUnlogged = 0;

  constructor(options: ConversionServiceOptions) {
    this.options = options;
    this.outbox = new S2sOutbox({
      store: options.store,
      now: options.now,
      logger: options.logger,
      outbound: options.outbound,
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
    this.current = await loadPostbackSettings(this.options.store);
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
   * The click a postback names: in memory, else in the event store. A click still waiting in the journal
   * (a fast conversion, or a flusher behind) is found after flushing it, so a postback never misses a
   * click that was answered. It flushes only when the journal may hold the id's time: flushing on every
   * miss while clicks came in doubled the cost of an id no click has, which hostile or misdirected
   * postbacks bring.
   */
  async findClick(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    const remembered = this.options.recent.get(clickId) ?? this.looked.get(clickId);
    if (remembered) return remembered;
    // Asked before the store is: a segment stored while the store is read leaves the journal, and the
    // read may have missed it.
    const mayBeJournaled = this.options.recorder.mayHold(clickTime);
    let found = await this.options.findClick(clickId, clickTime);
    if (!found && mayBeJournaled) {
      await this.options.recorder.flushNow();
      found = await this.options.findClick(clickId, clickTime);
    }
    if (found) {
      this.looked.set(clickId, found);
      if (this.looked.size > LOOKED_UP_MAX) this.looked.delete(this.looked.keys().next().value as string);
    }
    return found;
  }

  private mayLogRefusal(now: number): boolean {
    const second = Math.floor(now / 1000);
    if (second !== this.refusedSecond) {
      if (this.refusedUnlogged > 0) {
        this.options.logger.warn(
          { refused: this.refusedUnlogged },
          'refused postbacks left out of the postback log',
        );
      }
      this.refusedSecond = second;
      this.refusedInSecond = 0;
      this.refusedUnlogged = 0;
    }
    this.refusedInSecond += 1;
    if (this.refusedInSecond <= REFUSED_LOG_PER_SECOND) return true;
    this.refusedUnlogged += 1;
    return false;
  }

  /** The conversion pixel: a postback while the pixel is on, else only a log entry. */
  async pixel(request: PostbackRequest): Promise<void> {
    if (this.current.pixelEnabled) {
      await this.handle(request);
      return;
    }
    this.writer.log({
      receivedAt: this.options.now(),
      via: request.via,
      ip: request.ip,
      clickId: '',
      query: request.raw,
      httpStatus: 200,
      outcome: 'ignored',
      message: 'the conversion pixel is turned off',
      seq: null,
    });
  }

  async handle(request: PostbackRequest): Promise<PostbackAnswer> {
    const { logger, table } = this.options;
    const base = { receivedAt: this.options.now(), via: request.via, ip: request.ip, query: request.raw };
    const refuse = (
      status: PostbackAnswer['status'],
      outcome: LogEntry['outcome'],
      clickId: string,
      message: string,
    ): PostbackAnswer => {
      if (this.mayLogRefusal(base.receivedAt)) {
        this.writer.log({ ...base, clickId, httpStatus: status, outcome, message, seq: null });
      }
      return { status, outcome, text: `error: ${message}`, message };
    };

    const parsed = parsePostback(request.read);
    if (!parsed.ok) return refuse(400, 'invalid', parsed.clickId, parsed.message);
    const input = parsed.input;
    let click: TrackingEvent | null;
    try {
      click = await this.findClick(input.clickId, input.clickTime);
    } catch (error) {
      logger.error({ err: error }, 'click lookup for a postback failed');
      return refuse(500, 'error', input.clickId, 'the click could not be read, try again');
    }
    if (!click) return refuse(404, 'unknown_click', input.clickId, 'unknown click');

    const offer = table.offer(click.offerId);
    const network = table.network(offer?.affiliateNetworkId ?? click.affiliateNetworkId);
    if (request.checkIp && network && !ipAllowed(network.allowedPostbackIps, request.ip)) {
      logger.warn(
        { ip: request.ip, network: network.id },
        'postback from an address the network does not allow',
      );
      return refuse(403, 'refused', input.clickId, 'this address may not send postbacks');
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
    const { payout, defaultPayout } = payoutOf(offer, input, rates);
    const source = table.source(click.trafficSourceId);
    const found = click;
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
        s2s: (state, before): OutboxEntry | null => {
          const plan = planS2s(source, state, before, input.disablePostback);
          if (plan.kind === 'none' || !source) return null;
          return {
            clickId: state.clickId,
            seq: state.seq,
            trafficSourceId: source.id,
            url: s2sUrl(source, state, found, table, rates.base),
            state: plan.kind === 'send' ? 'pending' : 'skipped',
            reason: plan.kind === 'skipped' ? plan.reason : null,
          };
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
}
