import { EVENT_KIND, type TrackingEvent } from '../events/event.ts';

// A custom event (contract: conversions/customEvents.ts) is one event row counting in its slot: it copies
// its click's dimensions, as a conversion does, so reports group it like the click, and carries no
// conversion counts, revenue or cost, so no other sum moves. Each postback naming an event counts once
// more (a second deposit is a second deposit), as Binom counts them.
//
// The stores tell events of one click apart by (kind, seq), and ClickHouse collapses rows equal in
// those and in the second: a custom event's seq is taken from its time (milliseconds modulo the
// negative half of the column's range, where no conversion or lander click ever counts), so two events
// of one click are one row only when sent in the same millisecond, a repeated send.

const SEQ_SPAN = 32_768;

/** The seq of a custom event at `time`: -1 .. -32768. */
export const customEventSeq = (time: number): number => -1 - (Math.trunc(time) % SEQ_SPAN);

export function customEvent(click: TrackingEvent, slot: number, time: number): TrackingEvent {
  return {
    ...click,
    tokens: [...click.tokens],
    kind: EVENT_KIND.customEvent,
    seq: customEventSeq(time),
    time,
    isUnique: false,
    costMicros: 0,
    revenueMicros: 0,
    status: '',
    txid: '',
    approved: 0,
    pending: 0,
    declined: 0,
    eventSlot: slot,
  };
}
