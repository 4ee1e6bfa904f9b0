import type { TrackingEvent } from '../events/event.ts';
import type { ClickRecorder } from '../journal/recorder.ts';
import { Rerun } from '../rerun.ts';
import type { RecentClicks } from '../tracking/click/recent.ts';

// Finding the click a postback (or a lander's click-through) names. Anyone can send a well-formed click id
// stamped "now" that no click has: without care each one flushed the journal and read the event store
// several times. So flushes are shared (postbacks asking while one runs wait for the next, one for all),
// the same id asked at once is looked up once, and ids found in no store are remembered for a short
// while. A click this node answers is in `recent`, asked before the unknown ids are, so a remembered miss
// never hides it; one answered on another node is found once the short memory has passed.

/** Clicks kept after a store read (about 1 kB each). */
const LOOKED_UP_MAX = 10_000;
/** Ids found in no store, remembered at most (about 100 bytes each). */
export const UNKNOWN_IDS_MAX = 50_000;
/** How long a miss is remembered: shorter than a network's retry, longer than a burst. */
export const UNKNOWN_ID_TTL_MS = 10_000;

export interface ClickLookupOptions {
  recent: RecentClicks;
  recorder: Pick<ClickRecorder, 'mayHold' | 'flushNow'>;
  /** Reads the event store. */
  read: (clickId: string, clickTime: number) => Promise<TrackingEvent | null>;
}

export class ClickLookup {
  private readonly options: ClickLookupOptions;
  /** Clicks read from the store lately: a network's repeat or the sale after the lead skips the read. */
  private readonly looked = new Map<string, TrackingEvent>();
  /** Id -> until when it is known to have no click. Insertion order is expiry order (one TTL for all). */
  private readonly unknown = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<TrackingEvent | null>>();
  private readonly flushes: Rerun;

  constructor(options: ClickLookupOptions) {
    this.options = options;
    this.flushes = new Rerun(() => options.recorder.flushNow());
  }

  async find(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    const remembered = this.options.recent.get(clickId) ?? this.looked.get(clickId);
    if (remembered) return remembered;
    const until = this.unknown.get(clickId);
    if (until !== undefined) {
      if (until > Date.now()) return null;
      this.unknown.delete(clickId);
    }
    const running = this.inFlight.get(clickId);
    if (running) return running;
    const lookup = this.lookUp(clickId, clickTime).finally(() => this.inFlight.delete(clickId));
    this.inFlight.set(clickId, lookup);
    return lookup;
  }

  private async lookUp(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    // A click still waiting in the journal (a fast conversion, or a flusher behind) is stored first, so
    // one read finds it. The shared flush begins after this ask, so it takes every click answered before.
    if (this.options.recorder.mayHold(clickTime)) await this.flushes.request();
    const found = await this.options.read(clickId, clickTime);
    if (found) {
      this.looked.set(clickId, found);
      if (this.looked.size > LOOKED_UP_MAX) this.looked.delete(this.looked.keys().next().value as string);
      return found;
    }
    this.rememberMiss(clickId);
    return null;
  }

  private rememberMiss(clickId: string): void {
    // The wall clock: the business clock may stand still (tests), and a miss must still expire.
    const now = Date.now();
    // The oldest go first: expired ones, then, past the bound, the oldest still valid.
    for (const [id, until] of this.unknown) {
      if (until > now && this.unknown.size < UNKNOWN_IDS_MAX) break;
      this.unknown.delete(id);
    }
    this.unknown.set(clickId, now + UNKNOWN_ID_TTL_MS);
  }
}
