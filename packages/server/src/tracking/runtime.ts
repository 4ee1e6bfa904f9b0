import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { ConversionService } from '../conversions/service.ts';
import type { EntityChanges } from '../entities/changes.ts';
import { ENTITY_DEFINITIONS } from '../entities/kinds/index.ts';
import { EntityRepository } from '../entities/repository.ts';
import type { TrackingEvent } from '../events/event.ts';
import { type ClickRecorder, openRecorder } from '../journal/recorder.ts';
import type { OutboundGuard } from '../outbound/guard.ts';
import { Rerun } from '../rerun.ts';
import { SETTING_BASE_CURRENCY, SETTING_CURRENCY_RATES, SETTING_TIMEZONE } from '../settings/keys.ts';
import { readLpProtect, readUrlCustomization } from '../settings/readers.ts';
import { getSetting } from '../settings/store.ts';
import type { ConfigStore } from '../store/config/port.ts';
import type { EventStore } from '../store/events/port.ts';
import { OfferCapWatch } from './caps.ts';
import { ClickEngine, clickFacts, DEFAULT_TRACKING_SETTINGS, type TrackingSettings } from './click/engine.ts';
import { HopLinks } from './click/hopLinks.ts';
import { RecentClicks } from './click/recent.ts';
import { countPostback, MinuteCounter, newTrackingCounters, type TrackingCounters } from './counters.ts';
import { createEnricher, type Enricher, watchGeoUpdates } from './enrich/index.ts';
import { TrackingPaths } from './paths.ts';
import { RoutingTable } from './routing/table.ts';

/**
 * The change announced after any settings write the tracking runtime reads (stats, postback processing,
 * URL customization, LP protect). It goes out on the entity change signal, so on many nodes every node reloads them,
 * not only the one whose panel saved them.
 */
export const SETTINGS_CHANGE = 'settings';

export interface TrackingRuntime {
  nodeId: string;
  table: RoutingTable;
  engine: ClickEngine;
  enricher: Enricher;
  recorder: ClickRecorder;
  recent: RecentClicks;
  clicksPerMinute: MinuteCounter;
  /** Clicks and postbacks by outcome, redirect and flush times: what /metrics exposes. */
  counters: TrackingCounters;
  /** Postbacks in, conversion state, S2S postbacks out. */
  conversions: ConversionService;
  /** Today's counts against offers' daily caps, and which offers reached theirs. */
  caps: OfferCapWatch;
  /** Signs and checks the tracker's own double-meta hop links, so they cannot be used as open redirects. */
  hopLinks: HopLinks;
  /** A click no longer in memory, from the event store. */
  findClick(clickId: string, clickTime: number): Promise<TrackingEvent | null>;
  /** Reads every setting the runtime keeps in memory again (a settings change, or a resync). */
  reloadSettings(): Promise<void>;
  close(): Promise<void>;
}

export interface TrackingRuntimeOptions {
  dataDir: string;
  nodeId: string | null;
  store: ConfigStore;
  events: EventStore;
  changes: EntityChanges;
  /** The hop links' own key (Keys.hop). */
  hopKey: Buffer;
  /** Encrypts secrets the runtime keeps in the config store (the postback keys). */
  encryptionKey: Buffer;
  logger: Logger;
  /** Every outbound HTTP call (S2S postbacks) goes through it. */
  outbound: OutboundGuard;
  /** Meta's Graph API root for conversions sent to Meta (CAIRN_META_GRAPH_URL). */
  metaGraphUrl?: string;
  /** Google Ads' API root and OAuth token endpoint, TikTok's API root (CAIRN_GOOGLE_ADS_API_URL, ...). */
  googleAdsApiUrl?: string;
  googleOAuthTokenUrl?: string;
  tiktokApiUrl?: string;
  now: () => number;
  flushIntervalMs?: number;
  /** How often offers' cap counts are read again (CAP_REFRESH_MS unless said). */
  capRefreshMs?: number;
}

/** This node's id: configured, or made once and kept in the data dir. */
export function nodeIdFor(dataDir: string, configured: string | null): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'node-id');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (/^[A-Za-z0-9_-]{1,64}$/.test(existing)) return existing;
  } catch {
    // First start of this data dir.
  }
  const id = `node-${crypto.randomBytes(6).toString('hex')}`;
  fs.writeFileSync(file, `${id}\n`, { mode: 0o600 });
  return id;
}

export async function loadTrackingSettings(store: ConfigStore): Promise<TrackingSettings> {
  const [urls, timezone, base, rates, lpProtect] = await Promise.all([
    readUrlCustomization(store),
    getSetting(store, SETTING_TIMEZONE),
    getSetting(store, SETTING_BASE_CURRENCY),
    getSetting(store, SETTING_CURRENCY_RATES),
    readLpProtect(store),
  ]);
  let parsedRates: Record<string, number> = {};
  try {
    const value = rates ? (JSON.parse(rates) as unknown) : {};
    if (value && typeof value === 'object') {
      parsedRates = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).filter(
          (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0,
        ),
      );
    }
  } catch {
    // A broken rates value converts at par rather than stopping the click engine.
  }
  return {
    fallbackUrl: urls.fallbackUrl || DEFAULT_TRACKING_SETTINGS.fallbackUrl,
    timezone: timezone || DEFAULT_TRACKING_SETTINGS.timezone,
    rates: { base: base || DEFAULT_TRACKING_SETTINGS.rates.base, rates: parsedRates },
    paths: new TrackingPaths(urls),
    lpProtect,
  };
}

export async function startTracking(options: TrackingRuntimeOptions): Promise<TrackingRuntime> {
  const { logger } = options;
  const nodeId = nodeIdFor(options.dataDir, options.nodeId);
  const entities = new EntityRepository(
    new Map(ENTITY_DEFINITIONS.map((definition) => [definition.kind, definition])),
    [],
    options.now,
  );
  const table = new RoutingTable(options.store, entities, (error) =>
    logger.error({ err: error }, 'routing table update failed'),
  );
  await table.start(options.changes);
  const enricher = await createEnricher({
    dataDir: options.dataDir,
    onWarning: (message) => logger.warn(message),
  });
  // `cairn geo update` swaps the files in the data dir; the clicks get them without a restart.
  const stopGeoWatch = watchGeoUpdates({
    dataDir: options.dataDir,
    enricher,
    onReload: () => logger.info({ databases: enricher.databases() }, 'geo databases reloaded'),
    onError: (error) =>
      logger.error({ err: error }, 'geo databases could not be reloaded; the old ones stay'),
  });
  // Before the journal's replay below, so the archive can cut the lines it takes from it.
  options.events.deriveClickFacts?.((ip, userAgent) => clickFacts(enricher, ip, userAgent));
  const engine = new ClickEngine({ table, enricher, settings: await loadTrackingSettings(options.store) });
  const counters = newTrackingCounters();
  const caps = new OfferCapWatch({
    table,
    events: options.events,
    flushJournal: () => recorder.flushNow(),
    timezone: () => engine.settings.timezone,
    now: options.now,
    intervalMs: options.capRefreshMs,
    onError: (error) =>
      logger.error({ err: error }, "offers' cap counts could not be read; the last ones stay"),
  });
  const recorder = await openRecorder({
    dataDir: options.dataDir,
    nodeId,
    store: options.events,
    intervalMs: options.flushIntervalMs,
    logger,
    onFlush: (seconds) => {
      if (seconds === null) counters.flushFailures += 1;
      else counters.flushSeconds.observe(seconds);
    },
    // Everything this node journals (clicks, lander clicks, conversions from any intake) counts at once.
    onJournaled: (event) => caps.tally(event),
  });
  await caps.start();
  engine.caps = caps;
  const recent = new RecentClicks();
  // A click auto-clearing took is still found, so its late conversions count.
  const findClick = async (clickId: string, clickTime: number) =>
    (await options.events.findClick(clickId, clickTime)) ??
    options.events.findClearedClick(clickId, clickTime);
  const conversions = new ConversionService({
    store: options.store,
    events: options.events,
    recorder,
    table,
    engine,
    recent,
    nodeId,
    now: options.now,
    logger,
    findClick,
    outbound: options.outbound,
    encryptionKey: options.encryptionKey,
    metaGraphUrl: options.metaGraphUrl,
    googleAdsApiUrl: options.googleAdsApiUrl,
    googleOAuthTokenUrl: options.googleOAuthTokenUrl,
    tiktokApiUrl: options.tiktokApiUrl,
    onAnswered: (outcome) => countPostback(counters, outcome),
  });
  await conversions.start();
  // Saves on other nodes arrive as a burst of notices; reloads run one at a time, so a read begun before
  // the last save never lands after the read that saw it.
  const settingsReload = new Rerun(async () => {
    engine.settings = await loadTrackingSettings(options.store);
    await conversions.reloadSettings();
  });
  const reloadSettings = () => settingsReload.request();
  options.changes.onChange((kind) => (kind === SETTINGS_CHANGE ? reloadSettings() : undefined));
  return {
    nodeId,
    table,
    engine,
    enricher,
    recorder,
    recent,
    clicksPerMinute: new MinuteCounter(),
    counters,
    conversions,
    caps,
    // Through the conversions' lookup: shared flushes and remembered misses serve lander click-throughs too.
    findClick: (clickId, clickTime) => conversions.findClick(clickId, clickTime),
    hopLinks: new HopLinks(options.hopKey, options.now),
    reloadSettings,
    async close() {
      stopGeoWatch();
      await caps.stop();
      await conversions.close();
      await recorder.close();
    },
  };
}
