import { EVENT_COLUMNS, type TrackingEvent } from '../../store/events/schema.ts';
import { decoderFor, encodeEvent } from '../journalCodec.ts';

// Clicks of the last moments, kept in memory so a lander's click-through (seconds after the click, on
// the same node) and a fast postback find their click without reading the event store. Bounded: at
// most `maxEntries` clicks; older ones are read from the event store instead.
//
// Each click is kept as its journal line, one string of about 400 bytes (the default 50 000 are ~25 MB),
// rather than as an event object with its dozens of strings: the garbage collector then has one object
// per click to trace instead of forty, which keeps its pauses, and so the clicks' slowest answers, short.

export const RECENT_CLICKS_MAX_ENTRIES = 50_000;

const decode = decoderFor(EVENT_COLUMNS.map((column) => column.name));

interface Entry {
  line: string;
  lpClicks: number;
}

export class RecentClicks {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  // The ids in the order they came, in a ring: the one to forget is found by its slot. Asking the Map
  // for its oldest key instead walks past every entry deleted since the Map last compacted (~8 µs a
  // click at 50 000 entries).
  private readonly order: (string | undefined)[];
  private next = 0;

  constructor(maxEntries = RECENT_CLICKS_MAX_ENTRIES) {
    this.maxEntries = maxEntries;
    this.order = new Array(maxEntries).fill(undefined);
  }

  /** Throws a TypeError for an event no store could hold, as the journal does. */
  remember(event: TrackingEvent): void {
    this.rememberLine(event.clickId, encodeEvent(event));
  }

  /** A click by the journal line it was recorded as (one encoding serves both). */
  rememberLine(clickId: string, line: string): void {
    const known = this.entries.get(clickId);
    if (known) {
      // The same id again (a test click, a replay) keeps its slot, as a Map keeps its first position.
      known.line = line;
      known.lpClicks = 0;
      return;
    }
    const oldest = this.order[this.next];
    if (oldest !== undefined) this.entries.delete(oldest);
    this.order[this.next] = clickId;
    this.next = (this.next + 1) % this.maxEntries;
    this.entries.set(clickId, { line, lpClicks: 0 });
  }

  /** A copy of the remembered click: callers may change it. */
  get(clickId: string): TrackingEvent | undefined {
    const entry = this.entries.get(clickId);
    return entry ? (decode(entry.line) ?? undefined) : undefined;
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
