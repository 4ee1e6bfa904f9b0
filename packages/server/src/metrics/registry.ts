import { Histogram, Registry } from 'prom-client';
import type { ConfigStore } from '../store/config/port.ts';
import type { BucketCounter } from '../tracking/counters.ts';
import type { TrackingRuntime } from '../tracking/runtime.ts';

// What a Prometheus scrape of one node reads. The click path and the postback intake keep plain counters
// (tracking/counters.ts) that cost an add each; they are turned into metrics here, at scrape time, so
// no metrics library runs per click. Figures that live elsewhere (the journal's backlog, the outbox's
// rows) are read when scraped.

export interface MetricSources {
  tracking: TrackingRuntime;
  store: ConfigStore;
  version: string;
}

export interface CairnMetrics {
  registry: Registry;
  /** Seconds a report request took, by its route; observed by the app's response hook. */
  reportSeconds: Histogram<'route'>;
  /** Requests answered 5xx, and config store connection failures. */
  countServerError(): void;
  countConfigStoreError(): void;
}

interface Sample {
  labels?: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/** A metric whose values are computed when scraped (prom-client reads any object with `get`). */
function computed(
  registry: Registry,
  name: string,
  help: string,
  type: 'counter' | 'gauge' | 'histogram',
  values: () => Sample[] | Promise<Sample[]>,
): void {
  registry.registerMetric({
    name,
    help,
    type,
    aggregator: 'sum',
    get: async () => ({ name, help, type, aggregator: 'sum', values: await values() }),
  } as unknown as Parameters<Registry['registerMetric']>[0]);
}

function histogramSamples(name: string, counter: BucketCounter): Sample[] {
  const { buckets, count, sum } = counter.snapshot();
  return [
    ...buckets.map((bucket) => ({
      metricName: `${name}_bucket`,
      labels: { le: bucket.le },
      value: bucket.count,
    })),
    { metricName: `${name}_bucket`, labels: { le: '+Inf' }, value: count },
    { metricName: `${name}_sum`, value: sum },
    { metricName: `${name}_count`, value: count },
  ];
}

/**
 * The process's own figures under Prometheus's usual names, read when scraped. prom-client's default
 * collectors are not used: their GC observer and event-loop monitor run all the time, and under
 * callgrind they made garbage collection land in the click path's counted window far more often
 * (bench:instructions), for figures a scrape can read itself.
 */
function processMetrics(registry: Registry): void {
  const startSeconds = Math.round((Date.now() - process.uptime() * 1000) / 1000);
  computed(
    registry,
    'process_cpu_seconds_total',
    'User and system CPU time of this process',
    'counter',
    () => {
      const { user, system } = process.cpuUsage();
      return [{ value: (user + system) / 1e6 }];
    },
  );
  computed(registry, 'process_resident_memory_bytes', 'Resident memory of this process', 'gauge', () => [
    { value: process.memoryUsage.rss() },
  ]);
  computed(
    registry,
    'process_start_time_seconds',
    'When this process started (Unix seconds)',
    'gauge',
    () => [{ value: startSeconds }],
  );
  computed(registry, 'nodejs_heap_size_used_bytes', "V8's heap in use", 'gauge', () => [
    { value: process.memoryUsage().heapUsed },
  ]);
  computed(
    registry,
    'nodejs_external_memory_bytes',
    'Memory held outside the V8 heap (buffers, DuckDB)',
    'gauge',
    () => [{ value: process.memoryUsage().external }],
  );
}

/** The outbox is a table every node shares: read it at most this often, whatever the scrape rate. */
const OUTBOX_READ_EVERY_MS = 5_000;
const OUTBOX_STATES = ['pending', 'delivered', 'failed', 'skipped'] as const;

export function createMetrics(sources: MetricSources): CairnMetrics {
  const { tracking, store } = sources;
  const registry = new Registry();
  processMetrics(registry);
  const errors = { server: 0, configStore: 0 };

  computed(registry, 'cairn_info', 'This node: version and node id', 'gauge', () => [
    { labels: { version: sources.version, node: tracking.nodeId }, value: 1 },
  ]);
  computed(registry, 'cairn_clicks_total', 'Clicks answered, by outcome', 'counter', () =>
    Object.entries(tracking.counters.clicks).map(([outcome, value]) => ({ labels: { outcome }, value })),
  );
  computed(registry, 'cairn_postbacks_total', 'Postbacks answered, by outcome', 'counter', () =>
    [...tracking.counters.postbacks].map(([outcome, value]) => ({ labels: { outcome }, value })),
  );
  computed(
    registry,
    'cairn_redirect_duration_seconds',
    'From a click request arriving to its answer, journal write included',
    'histogram',
    () => histogramSamples('cairn_redirect_duration_seconds', tracking.counters.redirectSeconds),
  );
  computed(
    registry,
    'cairn_journal_flush_duration_seconds',
    'Each move of journaled events into the event store',
    'histogram',
    () => histogramSamples('cairn_journal_flush_duration_seconds', tracking.counters.flushSeconds),
  );
  computed(
    registry,
    'cairn_journal_backlog_events',
    'Events journaled, not yet in the event store',
    'gauge',
    () => [{ value: tracking.recorder.stats().backlogEvents }],
  );
  computed(
    registry,
    'cairn_journal_lag_seconds',
    'Age of the oldest event not yet in the event store',
    'gauge',
    () => [{ value: tracking.recorder.stats().lagMs / 1000 }],
  );
  computed(
    registry,
    'cairn_journal_stored_events_total',
    'Events this process moved into the event store',
    'counter',
    () => [{ value: tracking.recorder.stats().flushedTotal }],
  );
  computed(
    registry,
    'cairn_store_errors_total',
    'Failures of a store: event store appends of the journal, config store connections',
    'counter',
    () => [
      { labels: { store: 'events' }, value: tracking.counters.flushFailures },
      { labels: { store: 'config' }, value: errors.configStore },
    ],
  );
  computed(
    registry,
    'cairn_http_server_errors_total',
    'API and panel requests answered 5xx',
    'counter',
    () => [{ value: errors.server }],
  );

  let outbox: { at: number; counts: Map<string, number> } | null = null;
  computed(
    registry,
    'cairn_s2s_outbox_rows',
    'S2S postbacks in the outbox, by state (all nodes)',
    'gauge',
    async () => {
      const now = Date.now();
      if (!outbox || now - outbox.at >= OUTBOX_READ_EVERY_MS) {
        const rows = await store.query<{ state: string; n: unknown }>(
          'SELECT state, count(*) AS n FROM s2s_outbox GROUP BY state',
        );
        outbox = { at: now, counts: new Map(rows.map((row) => [String(row.state), Number(row.n)])) };
      }
      const counts = outbox.counts;
      return OUTBOX_STATES.map((state) => ({ labels: { state }, value: counts.get(state) ?? 0 }));
    },
  );

  const reportSeconds = new Histogram({
    name: 'cairn_report_duration_seconds',
    help: 'Report, click log and conversion list requests, by route',
    labelNames: ['route'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });

  return {
    registry,
    reportSeconds,
    countServerError: () => {
      errors.server += 1;
    },
    countConfigStoreError: () => {
      errors.configStore += 1;
    },
  };
}
