import type { Sql } from '../store/config/port.ts';

// Node health for the monitor. Every node writes a heartbeat into the config store (cluster_nodes) at
// start and then every few seconds: when it was last seen, what version it runs, and how far its click
// journal is behind the event store. The monitor lists every node of the installation from these rows;
// a node not seen for a few heartbeats is stale (stopped, killed or cut off), and one not seen for a week
// is forgotten.

export const HEARTBEAT_INTERVAL_MS = 5000;
/** Not seen for this long: shown as stale. */
export const STALE_AFTER_MS = 3 * HEARTBEAT_INTERVAL_MS;
const FORGET_AFTER_MS = 7 * 24 * 3600_000;

/** What a node reports about itself with each heartbeat. */
export interface NodeFigures {
  backlogEvents: number;
  backlogSegments: number;
  /** How long the oldest event waiting in the journal has waited. */
  lagMs: number;
  /** When the journal last moved events into the event store. */
  lastFlushAt: number | null;
  /** Clicks answered in the last whole minute. */
  clicksPerMinute: number;
}

export interface NodeStatus extends NodeFigures {
  nodeId: string;
  version: string;
  startedAt: number;
  lastSeenAt: number;
  stale: boolean;
}

export interface HeartbeatOptions {
  store: Sql;
  nodeId: string;
  version: string;
  now: () => number;
  figures: () => NodeFigures;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

export interface Heartbeat {
  /** Writes one heartbeat now. */
  beat(): Promise<void>;
  stop(): Promise<void>;
}

const UPSERT = `INSERT INTO cluster_nodes
    (node_id, version, started_ms, seen_ms, backlog_events, backlog_segments, lag_ms, last_flush_ms, clicks_per_minute)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  ON CONFLICT (node_id) DO UPDATE SET version = excluded.version, started_ms = excluded.started_ms,
    seen_ms = excluded.seen_ms, backlog_events = excluded.backlog_events,
    backlog_segments = excluded.backlog_segments, lag_ms = excluded.lag_ms,
    last_flush_ms = excluded.last_flush_ms, clicks_per_minute = excluded.clicks_per_minute`;

/** Writes a first heartbeat, then one every interval until stopped. */
export async function startHeartbeat(options: HeartbeatOptions): Promise<Heartbeat> {
  const startedAt = options.now();
  let running: Promise<void> | null = null;
  const write = async () => {
    const now = options.now();
    const figures = options.figures();
    await options.store.execute(UPSERT, [
      options.nodeId,
      options.version,
      startedAt,
      now,
      Math.round(figures.backlogEvents),
      Math.round(figures.backlogSegments),
      Math.round(figures.lagMs),
      figures.lastFlushAt === null ? null : Math.round(figures.lastFlushAt),
      Math.round(figures.clicksPerMinute),
    ]);
    await options.store.execute('DELETE FROM cluster_nodes WHERE seen_ms < $1', [now - FORGET_AFTER_MS]);
  };
  // One write at a time: a slow database never piles heartbeats up.
  const beat = (): Promise<void> => {
    running ??= write().finally(() => {
      running = null;
    });
    return running;
  };
  await beat();
  const timer = setInterval(() => {
    beat().catch((error: unknown) => options.onError?.(error));
  }, options.intervalMs ?? HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    beat,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** Every node that sent a heartbeat, in node id order. */
export async function listNodes(store: Sql, now: number): Promise<NodeStatus[]> {
  const rows = await store.query('SELECT * FROM cluster_nodes ORDER BY node_id');
  return rows.map((row) => {
    const lastSeenAt = Number(row.seen_ms);
    return {
      nodeId: String(row.node_id),
      version: String(row.version),
      startedAt: Number(row.started_ms),
      lastSeenAt,
      stale: now - lastSeenAt > STALE_AFTER_MS,
      backlogEvents: Number(row.backlog_events),
      backlogSegments: Number(row.backlog_segments),
      lagMs: Number(row.lag_ms),
      lastFlushAt: row.last_flush_ms == null ? null : Number(row.last_flush_ms),
      clicksPerMinute: Number(row.clicks_per_minute),
    };
  });
}
