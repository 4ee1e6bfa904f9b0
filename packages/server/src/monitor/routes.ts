import {
  CLICK_PARAMS,
  describeCriterion,
  type MonitorNode,
  type MonitorResponse,
  type OfferCapsResponse,
  seedRequestSchema,
  type TestClickResponse,
  TRACKING_API_PATHS,
  type TrackingLinksResponse,
  testClickRequestSchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { listNodes } from '../cluster/heartbeat.ts';
import type { AppContext } from '../context.ts';
import type { FeatureOptions } from '../feature.ts';
import { parseInput } from '../http.ts';
import { retentionMonitorItem } from '../retention/job.ts';
import { seedEvents } from '../seeding/seed.ts';
import type { EventStore } from '../store/events/port.ts';
import { ENRICHMENT_CREDITS } from '../tracking/enrich/index.ts';
import { trackingLinks } from '../tracking/paths.ts';
import { domainsMonitorItem, triggersMonitorItem } from '../triggers/monitor.ts';
import { geoDataOf } from './geoData.ts';
import { nodeFigures } from './nodeFigures.ts';

/**
 * The panel's side of the click engine: the developer monitor's clicker (a routed, never recorded test
 * click), the monitor's live figures, synthetic traffic for demos, and the tracking links per domain.
 */
export async function monitorPlugin(
  api: FastifyInstance,
  { ctx, guard, reads }: FeatureOptions,
): Promise<void> {
  const runtime = ctx.tracking;

  api.get(TRACKING_API_PATHS.offerCaps, async (request, reply): Promise<OfferCapsResponse> => {
    const user = guard.requireUser(request);
    const readable = await reads.readableIds(user, 'offer');
    const allowed = readable === null ? null : new Set(readable);
    reply.header('cache-control', 'no-store');
    return {
      offers: runtime.caps.states().filter((state) => allowed === null || allowed.has(state.offerId)),
    };
  });

  api.post(TRACKING_API_PATHS.testClick, async (request): Promise<TestClickResponse> => {
    guard.requireAdmin(request);
    const input = parseInput(testClickRequestSchema, request.body);
    await runtime.table.settled();
    const query = new URLSearchParams(input.query.replace(/^\?/, ''));
    query.set(CLICK_PARAMS.key, input.campaignKey);
    const result = runtime.engine.click(
      {
        query,
        ip: input.ip,
        userAgent: input.userAgent,
        acceptLanguage: input.acceptLanguage,
        referrer: input.referrer,
        cookies: {},
        now: ctx.config.now(),
        rawHeaders: rawHeadersOf(input.headers),
      },
      { dryRun: true },
    );
    const trace = result.trace;
    const facts: Record<string, string | number | boolean> = trace ? { ...trace.enrichment } : {};
    if (result.kind === 'routed') {
      facts.tokens = result.event.tokens
        .map((value, index) => (value ? `t${index + 1}=${value}` : ''))
        .filter(Boolean)
        .join(' ');
      facts.externalId = result.event.externalId;
    }
    return {
      status: result.kind,
      reason: result.kind === 'fallback' ? result.reason : null,
      facts,
      campaign: trace ? { id: trace.campaign.id, name: trace.campaign.name } : null,
      rule: trace?.ruleName ?? null,
      ruleCriteria:
        trace?.ruleIndex === null || trace?.ruleIndex === undefined
          ? []
          : (trace.campaign.flow?.rules[trace.ruleIndex]?.criteria.map(describeCriterion) ?? []),
      path: trace?.pathName ?? null,
      landing:
        result.kind === 'routed' && result.event.landingId
          ? { id: result.event.landingId, name: trace?.landingName ?? '' }
          : null,
      // A path sent to a URL routes the click to no offer.
      offer:
        result.kind === 'routed' && result.event.offerId
          ? { id: result.event.offerId, name: trace?.offerName ?? '' }
          : null,
      unique: result.kind === 'routed' ? result.event.isUnique : false,
      costMicros: result.kind === 'routed' ? result.event.costMicros : 0,
      finalUrl: result.kind === 'routed' ? result.url : null,
      redirectMode: trace?.campaign.redirectMode ?? 'http_302',
    };
  });

  api.get(TRACKING_API_PATHS.monitor, async (request): Promise<MonitorResponse> => {
    guard.requireAdmin(request);
    const now = ctx.config.now();
    const journal = runtime.recorder.stats();
    const failing = journal.lagMs > 60_000;
    return {
      nodeId: runtime.nodeId,
      now: new Date(now).toISOString(),
      clicksPerMinute: runtime.clicksPerMinute.lastHour(now),
      journal: {
        backlogEvents: journal.backlogEvents,
        backlogSegments: journal.backlogSegments,
        lagMs: journal.lagMs,
        lastFlushAt: journal.lastFlushAt === null ? null : new Date(journal.lastFlushAt).toISOString(),
        lastFlushMs: journal.lastFlushMs,
        flushedTotal: journal.flushedTotal,
        eventsPerSecond: journal.eventsPerSecond,
      },
      ...(await geoDataOf(runtime.enricher.databases(), ctx.config.dataDir, now)),
      credits: ENRICHMENT_CREDITS.map((credit) => ({ ...credit })),
      background: [
        {
          name: 'Journal flusher',
          state: failing ? 'failing' : journal.backlogEvents > 0 ? 'busy' : 'ok',
          detail: `${journal.backlogEvents} events waiting, last flush ${journal.lastFlushMs} ms`,
        },
        {
          name: 'Routing table',
          state: 'ok',
          detail: `${runtime.table.campaignCount} campaigns compiled, ${runtime.table.changeCount} changes applied`,
        },
        await retentionMonitorItem(ctx.store, now),
        await triggersMonitorItem(ctx.store),
        await domainsMonitorItem(ctx.store),
        ...summaryMonitorItems(ctx.events),
        ...archiveMonitorItems(ctx.events),
      ],
      routing: { campaigns: runtime.table.campaignCount, changesApplied: runtime.table.changeCount },
      memory: {
        rssBytes: process.memoryUsage.rss(),
        uniquenessEntries: runtime.engine.uniqueness.size,
        recentClicks: runtime.recent.size,
      },
      nodes: await monitorNodes(ctx, now),
    };
  });

  api.post(TRACKING_API_PATHS.seed, async (request) => {
    guard.requireAdmin(request);
    const input = parseInput(seedRequestSchema, request.body);
    const result = await seedEvents(ctx.store, ctx.events, {
      clicks: input.clicks,
      days: input.days,
      campaigns: input.campaigns,
      now: ctx.config.now(),
      changes: ctx.changes,
    });
    await runtime.table.settled();
    return result;
  });

  api.get(TRACKING_API_PATHS.trackingLinks, async (request, reply): Promise<TrackingLinksResponse> => {
    guard.requireUser(request);
    const rows = await ctx.store.query<{ host: string; is_default: boolean }>(
      'SELECT host, is_default FROM domains WHERE NOT archived ORDER BY is_default DESC, host',
    );
    const hosts =
      rows.length > 0
        ? rows.map((row) => ({
            base: `https://${row.host}`,
            host: row.host,
            isDefault: Boolean(row.is_default),
          }))
        : [{ base: `${request.protocol}://${request.host}`, host: request.host, isDefault: true }];
    reply.header('cache-control', 'no-store');
    const paths = runtime.engine.settings.paths;
    const keys = runtime.conversions.keys;
    return {
      domains: hosts.map(({ base, host, isDefault }) => ({
        host,
        baseUrl: base,
        isDefault,
        ...trackingLinks(base, paths, keys.current),
      })),
      previousPostbackKeys: keys.previousCount,
      postback: { path: paths.postback, key: keys.current },
    };
  });
}

/** Every node from its heartbeat; this one with its figures of now, even before its first heartbeat. */
async function monitorNodes(ctx: AppContext, now: number): Promise<MonitorNode[]> {
  const runtime = ctx.tracking;
  const iso = (ms: number) => new Date(ms).toISOString();
  const nodes = await listNodes(ctx.store, now);
  if (!nodes.some((node) => node.nodeId === runtime.nodeId)) {
    nodes.push({
      nodeId: runtime.nodeId,
      version: ctx.version,
      startedAt: now,
      lastSeenAt: now,
      stale: false,
      ...nodeFigures(runtime, now),
    });
    nodes.sort((a, b) => a.nodeId.localeCompare(b.nodeId));
  }
  return nodes.map((node) => {
    const current = node.nodeId === runtime.nodeId;
    const live = current ? { ...node, ...nodeFigures(runtime, now), lastSeenAt: now, stale: false } : node;
    return {
      nodeId: live.nodeId,
      current,
      version: live.version,
      startedAt: iso(live.startedAt),
      lastSeenAt: iso(live.lastSeenAt),
      state: live.stale ? 'stale' : 'ok',
      backlogEvents: live.backlogEvents,
      backlogSegments: live.backlogSegments,
      lagMs: live.lagMs,
      lastFlushAt: live.lastFlushAt === null ? null : iso(live.lastFlushAt),
      clicksPerMinute: live.clicksPerMinute,
    };
  });
}

type BackgroundItem = MonitorResponse['background'][number];

/** The report summary's line in the monitor's background work, where the event store keeps one. */
function summaryMonitorItems(events: EventStore): BackgroundItem[] {
  const status = events.summaryStatus?.();
  if (!status) return [];
  const name = 'Report summary';
  if (status.lastError !== null) {
    return [{ name, state: 'failing', detail: `Last refresh failed: ${status.lastError}` }];
  }
  if (!status.checked) {
    return [
      { name, state: 'busy', detail: 'Checking it against the events (reports read raw events meanwhile)' },
    ];
  }
  // The store's refreshes go by the wall clock.
  const refreshed =
    status.lastRefreshAt === null
      ? 'not refreshed yet'
      : `last refresh ${new Date(status.lastRefreshAt).toISOString().slice(11, 19)} UTC`;
  return [
    {
      name,
      state: status.due > 0 ? 'busy' : 'ok',
      detail: `${status.pending} quarter hours read raw (${status.due} closed, waiting to be summed), ${refreshed}`,
    },
  ];
}

/** The click archive's line in the monitor's background work, where the event store keeps one. */
function archiveMonitorItems(events: EventStore): BackgroundItem[] {
  const status = events.clickArchiveStatus?.();
  if (!status) return [];
  const name = 'Click archive';
  const size = `${(status.bytes / 1e6).toFixed(1)} MB in ${status.blocks} blocks over ${status.files} days`;
  if (status.lastError !== null) {
    return [
      {
        name,
        state: 'failing',
        detail: `${size}; last failure: ${status.lastError} (postbacks look such clicks up in the event store)`,
      },
    ];
  }
  if (status.backfillBefore !== null) {
    return [
      {
        name,
        state: 'busy',
        detail: `${size}; copying in the clicks stored before ${new Date(status.backfillBefore).toISOString().slice(0, 16)} UTC`,
      },
    ];
  }
  return [{ name, state: 'ok', detail: size }];
}

/** `Name: value` lines as Node's rawHeaders list (name, value, ...); lines without a colon are skipped. */
function rawHeadersOf(text: string): string[] {
  const raw: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    raw.push(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return raw;
}
