import { blankEvent, EVENT_KIND, type TrackingEvent } from '../store/events/schema.ts';

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
