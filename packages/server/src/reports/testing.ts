import { blankEvent, EVENT_KIND, type TrackingEvent } from '../store/events/schema.ts';
import { mintClickId } from '../tracking/clickId.ts';

// Hand-made events for the report tests, shaped the way the click engine records them: lander clicks
// and conversions copy every field of their click (its cost too: reports must count cost on clicks
// only), and a conversion's later status change is a correcting event with -1/+1 and the revenue change.

export function click(clickId: string, iso: string, fields: Partial<TrackingEvent> = {}): TrackingEvent {
  const time = Date.parse(iso);
  return { ...blankEvent(EVENT_KIND.click, clickId, time), ...fields, time, clickTime: time };
}

export function lpClick(of: TrackingEvent, iso: string, seq = 1): TrackingEvent {
  return { ...of, kind: EVENT_KIND.lpClick, seq, time: Date.parse(iso) };
}

export interface ConversionChange {
  status: 'approved' | 'pending' | 'declined';
  approved?: number;
  pending?: number;
  declined?: number;
  revenueMicros?: number;
  seq?: number;
}

export function conversion(of: TrackingEvent, iso: string, change: ConversionChange): TrackingEvent {
  return {
    ...of,
    kind: EVENT_KIND.conversion,
    seq: change.seq ?? 1,
    time: Date.parse(iso),
    status: change.status,
    txid: `${of.clickId}-tx`,
    approved: change.approved ?? 0,
    pending: change.pending ?? 0,
    declined: change.declined ?? 0,
    revenueMicros: change.revenueMicros ?? 0,
  };
}

/**
 * A repeatable mix of clicks, lander clicks and conversions with millisecond times, over `days` days
 * from `from`, for comparing event stores: campaigns 1-6 (6 routed by rotation 2), rules, paths,
 * landers, offers, countries (one with a quote), OSes, flags, costs, a token and conversions whose
 * status changes later.
 */
export function seededEvents(from: number, days: number, count = 3000): TrackingEvent[] {
  // mulberry32: small, seeded, and uniform enough for any n used here.
  let state = 42;
  const next = (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
  const events: TrackingEvent[] = [];
  for (let index = 0; index < count; index += 1) {
    const time = from + next(days * 86_400) * 1000 + next(1000);
    const iso = new Date(time).toISOString();
    const campaignId = 1 + next(6);
    const base = click(mintClickId(time), iso, {
      campaignId,
      rotationId: campaignId === 6 ? 2 : 0,
      rule: next(3),
      path: 1 + next(2),
      landingId: next(3),
      offerId: 1 + next(4),
      country: ['DE', 'US', 'FR', "C'I"][next(4)] as string,
      os: ['Android', 'iOS', ''][next(3)] as string,
      isUnique: next(3) === 0,
      isBot: next(20) === 0,
      costMicros: 1000 + next(9000),
      tokens: Array.from({ length: 30 }, (_, slot) => (slot === 0 ? `zone${next(5)}` : '')),
    });
    events.push(base);
    if (next(4) === 0) events.push(lpClick(base, new Date(time + 5000 + next(1000)).toISOString()));
    if (next(8) === 0) {
      const at = new Date(time + 3_600_000).toISOString();
      events.push(conversion(base, at, { status: 'pending', pending: 1, revenueMicros: 2_000_000 }));
      if (next(2) === 0) {
        events.push(conversion(base, at, { status: 'approved', approved: 1, pending: -1, seq: 2 }));
      }
    }
  }
  return events;
}
