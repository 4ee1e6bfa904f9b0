import type { NodeFigures } from '../cluster/heartbeat.ts';
import type { TrackingRuntime } from '../tracking/runtime.ts';

/** This node's figures for its heartbeat and the monitor's list of nodes. */
export function nodeFigures(runtime: TrackingRuntime, now: number): NodeFigures {
  const journal = runtime.recorder.stats();
  // The minute before the current one: the current one is still filling.
  const lastMinute = runtime.clicksPerMinute.lastHour(now).at(-2);
  return {
    backlogEvents: journal.backlogEvents,
    backlogSegments: journal.backlogSegments,
    lagMs: journal.lagMs,
    lastFlushAt: journal.lastFlushAt,
    clicksPerMinute: lastMinute?.count ?? 0,
  };
}
