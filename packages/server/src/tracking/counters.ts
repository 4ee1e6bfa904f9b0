/** Counts per minute over the last hour (a ring of 60 slots), for the monitor's clicks-per-minute chart. */
export class MinuteCounter {
  private readonly counts = new Array<number>(60).fill(0);
  private readonly minutes = new Array<number>(60).fill(-1);

  add(now: number, amount = 1): void {
    const minute = Math.floor(now / 60_000);
    const slot = minute % 60;
    if (this.minutes[slot] !== minute) {
      this.minutes[slot] = minute;
      this.counts[slot] = 0;
    }
    this.counts[slot] = (this.counts[slot] ?? 0) + amount;
  }

  /** The last 60 minutes, oldest first, each with its start time. */
  lastHour(now: number): { minute: string; count: number }[] {
    const current = Math.floor(now / 60_000);
    const series: { minute: string; count: number }[] = [];
    for (let minute = current - 59; minute <= current; minute += 1) {
      const slot = minute % 60;
      series.push({
        minute: new Date(minute * 60_000).toISOString(),
        count: this.minutes[slot] === minute ? (this.counts[slot] ?? 0) : 0,
      });
    }
    return series;
  }
}

/**
 * Cumulative counts of observations at or below each bound, plus their sum: what a Prometheus histogram
 * exposes. Kept here, free of any metrics library, so the click path pays an array walk and two adds.
 */
export class BucketCounter {
  readonly bounds: readonly number[];
  private readonly counts: Float64Array;
  private total = 0;
  private sum = 0;

  constructor(bounds: readonly number[]) {
    this.bounds = [...bounds].sort((a, b) => a - b);
    this.counts = new Float64Array(this.bounds.length);
  }

  observe(value: number): void {
    if (!Number.isFinite(value)) return;
    this.total += 1;
    this.sum += value;
    const { bounds, counts } = this;
    for (let index = 0; index < bounds.length; index += 1) {
      if (value <= (bounds[index] as number)) {
        counts[index] = (counts[index] as number) + 1;
        return;
      }
    }
  }

  /** Counts per bound, each including every smaller bound's (Prometheus's `le`), the total and the sum. */
  snapshot(): { buckets: { le: number; count: number }[]; count: number; sum: number } {
    let running = 0;
    const buckets = this.bounds.map((le, index) => {
      running += this.counts[index] as number;
      return { le, count: running };
    });
    return { buckets, count: this.total, sum: this.sum };
  }
}

/** What the click path and the postback intake count, read by /metrics. */
export interface TrackingCounters {
  /** Answered clicks by what happened: sent on, sent to the fallback, or failed inside the handler. */
  clicks: { routed: number; lander_click: number; fallback: number; failed: number };
  /** Postbacks by the outcome they were answered with (recorded, updated, ignored, refused ...). */
  postbacks: Map<string, number>;
  /** From a click request's arrival to its answer, in seconds (journal write included). */
  redirectSeconds: BucketCounter;
  /** Each store append of journaled events, in seconds. */
  flushSeconds: BucketCounter;
  /** Store appends of journaled events that failed. */
  flushFailures: number;
}

const LATENCY_BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const FLUSH_BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function newTrackingCounters(): TrackingCounters {
  return {
    clicks: { routed: 0, lander_click: 0, fallback: 0, failed: 0 },
    postbacks: new Map(),
    redirectSeconds: new BucketCounter(LATENCY_BOUNDS),
    flushSeconds: new BucketCounter(FLUSH_BOUNDS),
    flushFailures: 0,
  };
}

export function countPostback(counters: TrackingCounters, outcome: string): void {
  counters.postbacks.set(outcome, (counters.postbacks.get(outcome) ?? 0) + 1);
}
