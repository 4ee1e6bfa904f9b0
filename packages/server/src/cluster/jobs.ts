import type { ConfigStore } from '../store/config/port.ts';
import { type LockedRun, PostgresConfigStore } from '../store/config/postgres.ts';

// Background jobs (the S2S postback outbox, retention) must run once across nodes, not once per node.
// Every node schedules them; each run first claims the job: on PostgreSQL with a session-level advisory
// lock (released when the run ends, or by the server when the node's connection dies), on the embedded
// store with an in-process flag, since the data-dir lock already keeps every other process out.

export type { LockedRun } from '../store/config/postgres.ts';

const runningHere = new WeakMap<ConfigStore, Set<string>>();

/** Runs `work` unless job `name` is running anywhere (another node, or an earlier run here); never waits. */
export async function withJobLock<T>(
  store: ConfigStore,
  name: string,
  work: () => Promise<T>,
): Promise<LockedRun<T>> {
  if (store instanceof PostgresConfigStore) return store.tryWithLock(`job:${name}`, work);
  let running = runningHere.get(store);
  if (!running) {
    running = new Set();
    runningHere.set(store, running);
  }
  if (running.has(name)) return { ran: false };
  running.add(name);
  try {
    return { ran: true, value: await work() };
  } finally {
    running.delete(name);
  }
}

export interface ScheduledJob {
  /** Stops scheduling and waits for a run in progress on this node. */
  stop(): Promise<void>;
}

/**
 * Tries job `name` every `intervalMs` on this node; whichever node claims it runs it. A run that fails is
 * reported and the next interval tries again.
 */
export function scheduleJob(
  store: ConfigStore,
  name: string,
  intervalMs: number,
  work: () => Promise<void>,
  onError: (error: unknown) => void,
): ScheduledJob {
  let current: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    // This node's previous run still going would only be refused: skip the tick.
    if (stopped || current) return;
    current = withJobLock(store, name, work)
      .catch(onError)
      .finally(() => {
        current = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
