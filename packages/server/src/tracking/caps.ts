import type { OfferCapState } from '@cairn/contract';
import { EVENT_KIND, type TrackingEvent } from '../events/event.ts';
import { dialectFor } from '../reports/plan/dialect.ts';
import { localMidnight } from '../reports/timeRange.ts';
import { Rerun } from '../rerun.ts';
import type { EventStore } from '../store/events/port.ts';
import type { OfferCaps } from './routing/evaluate.ts';
import type { RoutingTable } from './routing/table.ts';

// Offers' daily caps, enforced without a database read per click. A refresh every interval flushes this
// node's journal, then counts today's clicks and conversions of every capped offer in the event store
// (where every node's events meet), up to a cut instant; the events this node records after the cut are
// added from memory as they are journaled. So this node's own traffic counts at once, and another
// node's within one refresh (plus its flush interval): a cap may run over by what the other nodes send in
// that time, never by this node's own clicks. "Today" starts at midnight in the tracker's zone.

export interface CapCounts {
  clicks: number;
  conversions: number;
}

export interface OfferCapWatchOptions {
  table: Pick<RoutingTable, 'offer' | 'cappedOffers'>;
  events: Pick<EventStore, 'dialect' | 'query'>;
  /** Stores this node's journal before each count, so every event it recorded before the cut is counted. */
  flushJournal: () => Promise<void>;
  /** The tracker's time zone, read at each refresh (a settings change moves midnight). */
  timezone: () => string;
  now: () => number;
  intervalMs?: number;
  onError: (error: unknown) => void;
}

/** How often the counts are read again from the event store. */
export const CAP_REFRESH_MS = 1000;

function add(into: Map<number, CapCounts>, offerId: number, clicks: number, conversions: number): void {
  const counts = into.get(offerId);
  if (counts) {
    counts.clicks += clicks;
    counts.conversions += conversions;
  } else into.set(offerId, { clicks, conversions });
}

export class OfferCapWatch implements OfferCaps {
  private readonly options: OfferCapWatchOptions;
  /** Today's counts in the store, up to and including `cut`. */
  private stored = new Map<number, CapCounts>();
  /** This node's events after `cut`, as they were journaled. */
  private local = new Map<number, CapCounts>();
  private cut: number;
  private dayEnd: number;
  private readonly capped = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly reads = new Rerun(() => this.readReporting());
  private latestRefresh: Promise<void> = Promise.resolve();
  private stopped = false;
  private failures = 0;

  constructor(options: OfferCapWatchOptions) {
    this.options = options;
    const now = options.now();
    this.cut = now;
    this.dayEnd = now;
  }

  /** Reads the counts once, then again every interval until `stop`. */
  async start(): Promise<void> {
    await this.refresh();
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.latestRefresh;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.refresh().finally(() => this.schedule());
    }, this.options.intervalMs ?? CAP_REFRESH_MS);
    this.timer.unref();
  }

  isCapped(offerId: number): boolean {
    // Past midnight nothing is capped any more, even before the next refresh reads the new day.
    return this.capped.has(offerId) && this.options.now() < this.dayEnd;
  }

  fallbackOf(offerId: number): number | null {
    return this.options.table.offer(offerId)?.capFallbackOfferId ?? null;
  }

  /** Counts an event this node journals (clicks, and conversions by their approved and pending changes). */
  tally(event: TrackingEvent): void {
    if (event.kind !== EVENT_KIND.click && event.kind !== EVENT_KIND.conversion) return;
    // Events up to the cut are read from the store by the next refresh (it flushes them first).
    if (event.time <= this.cut || event.time >= this.dayEnd) return;
    const offer = this.options.table.offer(event.offerId);
    if (!offer || (offer.dailyCap === null && offer.dailyClickCap === null)) return;
    if (event.kind === EVENT_KIND.click) add(this.local, offer.id, 1, 0);
    else add(this.local, offer.id, 0, event.approved + event.pending);
    this.decide(offer.id);
  }

  /**
   * Flushes, reads today's counts and swaps them in, one read at a time. Settles after a read begun after
   * the call: a read already under way may have taken its cut before the caller's clicks (or before
   * midnight), so it does not count.
   */
  refresh(): Promise<void> {
    this.latestRefresh = this.reads.request();
    return this.latestRefresh;
  }

  private async readReporting(): Promise<void> {
    try {
      await this.read();
      this.failures = 0;
    } catch (error) {
      // Reported at failures 1, 2, 4, 8...: an event store down for hours does not flood the log.
      this.failures += 1;
      if ((this.failures & (this.failures - 1)) === 0) this.options.onError(error);
    }
  }

  /** Today's counts of every capped offer, as the routing sees them now. */
  states(): OfferCapState[] {
    return this.options.table.cappedOffers().map((offer) => {
      const counts = this.counts(offer.id);
      return {
        offerId: offer.id,
        conversions: counts.conversions,
        clicks: counts.clicks,
        dailyCap: offer.dailyCap,
        dailyClickCap: offer.dailyClickCap,
        capped: this.isCapped(offer.id),
      };
    });
  }

  private counts(offerId: number): CapCounts {
    if (this.options.now() >= this.dayEnd) return { clicks: 0, conversions: 0 };
    const stored = this.stored.get(offerId);
    const local = this.local.get(offerId);
    return {
      clicks: (stored?.clicks ?? 0) + (local?.clicks ?? 0),
      conversions: (stored?.conversions ?? 0) + (local?.conversions ?? 0),
    };
  }

  private decide(offerId: number): void {
    const offer = this.options.table.offer(offerId);
    const counts = this.counts(offerId);
    const reached =
      offer !== undefined &&
      ((offer.dailyCap !== null && counts.conversions >= offer.dailyCap) ||
        (offer.dailyClickCap !== null && counts.clicks >= offer.dailyClickCap));
    if (reached) this.capped.add(offerId);
    else this.capped.delete(offerId);
  }

  private async read(): Promise<void> {
    const { events, flushJournal, table } = this.options;
    const cut = this.options.now();
    const zone = this.options.timezone();
    const dayStart = localMidnight(zone, cut);
    const dayEnd = localMidnight(zone, cut, 1);
    // Events journaled from here on are kept in memory; those before are in the store once flushed.
    const earlier = this.local;
    const previousCut = this.cut;
    this.local = new Map();
    this.cut = cut;
    const offers = table.cappedOffers();
    let stored = new Map<number, CapCounts>();
    try {
      if (offers.length > 0) {
        await flushJournal();
        stored = await this.countStored(
          events,
          offers.map((offer) => offer.id),
          dayStart,
          cut,
        );
      }
    } catch (error) {
      // Nothing learnt: what was counted in memory stays counted, from the earlier cut.
      for (const [offerId, counts] of this.local) add(earlier, offerId, counts.clicks, counts.conversions);
      this.local = earlier;
      this.cut = previousCut;
      throw error;
    }
    this.stored = stored;
    this.dayEnd = dayEnd;
    // Offers whose cap was removed since are dropped; those with one are decided on the new counts.
    this.capped.clear();
    for (const offer of offers) this.decide(offer.id);
  }

  private async countStored(
    events: OfferCapWatchOptions['events'],
    offerIds: readonly number[],
    from: number,
    to: number,
  ): Promise<Map<number, CapCounts>> {
    const dialect = dialectFor(events.dialect);
    const ms = dialect.epochMs('ts');
    // ts bounds the scan (whole seconds on ClickHouse); the milliseconds decide.
    const rows = await events.query<{ offer_id: number; clicks: number; conversions: number }>(
      `SELECT offer_id,
              ${dialect.countIf(`kind = ${EVENT_KIND.click}`)} AS clicks,
              ${dialect.sumIf('approved + pending', `kind = ${EVENT_KIND.conversion}`)} AS conversions
         FROM events
        WHERE offer_id IN (${offerIds.map((id) => Math.trunc(id)).join(', ')})
          AND kind IN (${EVENT_KIND.click}, ${EVENT_KIND.conversion})
          AND ts >= ${dialect.timestamp(from)} AND ts <= ${dialect.timestamp(to)}
          AND ${ms} >= ${Math.trunc(from)} AND ${ms} <= ${Math.trunc(to)}
        GROUP BY offer_id`,
    );
    const counts = new Map<number, CapCounts>();
    for (const row of rows) {
      counts.set(Number(row.offer_id), { clicks: Number(row.clicks), conversions: Number(row.conversions) });
    }
    return counts;
  }
}
