import type { TrackingEvent } from '../../store/events/schema.ts';

// Clicks of the last moments, kept in memory so a lander's click-through (seconds after the click, on
// the same node) and a fast postback find their click without reading the event store. Bounded: at
// most `maxEntries` clicks (an event is about 1 kB in memory, so the default 50 000 is ~50 MB);
// older ones are read from the event store instead.

export const RECENT_CLICKS_MAX_ENTRIES = 50_000;

interface Entry {
  event: TrackingEvent;
  lpClicks: number;
}

export class RecentClicks {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;

  constructor(maxEntries = RECENT_CLICKS_MAX_ENTRIES) {
    this.maxEntries = maxEntries;
  }

  remember(event: TrackingEvent): void {
    this.entries.set(event.clickId, { event, lpClicks: 0 });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  get(clickId: string): TrackingEvent | undefined {
    return this.entries.get(clickId)?.event;
  }

  /** The next LP-click sequence number of a remembered click; null when it is not in memory. */
  nextLpSeq(clickId: string): number | null {
    const entry = this.entries.get(clickId);
    if (!entry) return null;
    entry.lpClicks += 1;
    return entry.lpClicks;
  }

  get size(): number {
    return this.entries.size;
  }
}
