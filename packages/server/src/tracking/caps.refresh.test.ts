import { describe, expect, it } from 'vitest';
import { OfferCapWatch } from './caps.ts';
import type { RoutedOffer } from './routing/table.ts';

const offer: RoutedOffer = {
  id: 1,
  name: 'Capped',
  url: 'https://offer.example/',
  affiliateNetworkId: 1,
  payoutMicros: 0,
  payoutAuto: false,
  currency: 'USD',
  upsell: false,
  dailyCap: null,
  dailyClickCap: 3,
  capFallbackOfferId: null,
};

/** An event store whose count of the offer's clicks is whatever `stored` holds when a read begins. */
class GatedStore {
  readonly dialect = 'duckdb' as const;
  stored = 0;
  reads = 0;
  private gate: Promise<void> = Promise.resolve();
  private release: () => void = () => {};

  /** Reads begun from now on wait for `open`. */
  hold(): void {
    this.gate = new Promise<void>((resolve) => {
      this.release = resolve;
    });
  }

  open(): void {
    this.release();
  }

  // biome-ignore lint/suspicious/noExplicitAny: the rows' type is the caller's
  async query(): Promise<any[]> {
    this.reads += 1;
    const clicks = this.stored;
    await this.gate;
    return [{ offer_id: offer.id, clicks, conversions: 0 }];
  }
}

function watchOn(store: GatedStore): OfferCapWatch {
  return new OfferCapWatch({
    table: { offer: (id) => (id === offer.id ? offer : undefined), cappedOffers: () => [offer] },
    events: store,
    flushJournal: async () => {},
    timezone: () => 'UTC',
    now: () => Date.parse('2026-03-05T12:00:00.000Z'),
    onError: (error) => {
      throw error;
    },
  });
}

describe('OfferCapWatch.refresh', () => {
  it('settles only after a read begun after the call, not on one already under way', async () => {
    const store = new GatedStore();
    const watch = watchOn(store);
    store.hold();
    const earlier = watch.refresh();
    // Clicks stored after the earlier read took its count: the cap is reached.
    store.stored = 3;
    const later = watch.refresh();
    store.open();
    await earlier;
    await later;
    expect(store.reads).toBe(2);
    expect(watch.states()).toMatchObject([{ offerId: 1, clicks: 3, capped: true }]);
    expect(watch.isCapped(offer.id)).toBe(true);
  });

  it('reads once for many calls made while one read is under way', async () => {
    const store = new GatedStore();
    const watch = watchOn(store);
    store.hold();
    const calls = [watch.refresh(), watch.refresh(), watch.refresh(), watch.refresh()];
    store.open();
    await Promise.all(calls);
    expect(store.reads).toBe(2);
    expect(watch.isCapped(offer.id)).toBe(false);
  });
});
