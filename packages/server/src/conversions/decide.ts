import type { ConversionStatus } from '@cairn/contract';
import { EVENT_KIND, type TrackingEvent } from '../events/event.ts';
import { type Counted, counted, difference, NOTHING_COUNTED } from './status.ts';

// What a postback does to a click's conversions, decided from their current state alone (no I/O), so
// every rule below is tested directly. Matching:
// - with a txid, the conversion with that txid is the same transaction: a changed status or payout
//   updates it, an unchanged one is a repeat (ignored), under every policy;
// - a new txid, or no txid, for a click that already converted is a duplicate postback, and the
//   policy decides: `ignore` keeps the conversion as it is, except that a different status is still
//   applied to the latest conversion (pending -> approved is not a duplicate); `update` applies status
//   and payout to the latest conversion; `add` records a further conversion (upsells, rebills).

export type DuplicatePolicy = 'ignore' | 'update' | 'add';

export interface Money {
  micros: number;
  currency: string;
}

export interface ConversionState {
  clickId: string;
  seq: number;
  txid: string | null;
  status: ConversionStatus;
  networkStatus: string;
  payout: Money;
  /** The payout in base-currency micros, counted while the status earns. */
  revenueMicros: number;
  /** CPA or RevShare cost in base-currency micros, counted like revenue. */
  costMicros: number;
  lastEventMs: number;
  /** The UTC day (days since 1970) of the last change, and how many changes were made on it. */
  changesDay: number;
  changesThatDay: number;
  /**
   * Statuses the traffic source was sent an S2S postback for: each is reported once. Ad platforms'
   * sends are marked here too, under marks of their own (integrations/conversionsOut.ts).
   */
  reportedStatuses: string[];
}

export interface Proposal {
  txid: string | null;
  status: ConversionStatus;
  networkStatus: string;
  /** The payout this postback sets (the network's with automatic payout); null: keep what is there. */
  payout: Money | null;
  /** What a new conversion is worth when the postback sets no payout (the offer's). */
  defaultPayout: Money;
  policy: DuplicatePolicy;
}

export type Decision =
  | { kind: 'new'; seq: number; status: ConversionStatus; networkStatus: string; payout: Money }
  | {
      kind: 'change';
      target: ConversionState;
      status: ConversionStatus;
      networkStatus: string;
      payout: Money;
    }
  | { kind: 'ignored'; reason: string };

/**
 * Conversions one click may have: upsells and rebills stay far below, while a network (or someone with a
 * click id) repeating postbacks under the add policy cannot grow a click without end.
 */
export const MAX_CONVERSIONS_PER_CLICK = 100;

/**
 * Changes one conversion takes in a UTC day: a network corrects a status a few times at most, while
 * someone with a click id flipping approved and declined would otherwise move the figures without end.
 */
export const MAX_CHANGES_PER_DAY = 10;

const DAY_MS = 24 * 3600 * 1000;
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

const changesOn = (state: ConversionState, day: number): number =>
  state.changesDay === day ? state.changesThatDay : 0;

const samePayout = (a: Money, b: Money): boolean => a.micros === b.micros && a.currency === b.currency;

function changeOf(
  target: ConversionState,
  proposal: Proposal,
  payoutMayChange: boolean,
  day: number,
): Decision {
  const statusChanged = proposal.status !== target.status;
  const payout = proposal.payout ?? target.payout;
  const payoutChanged = !samePayout(payout, target.payout);
  if (statusChanged || (payoutMayChange && payoutChanged)) {
    if (changesOn(target, day) >= MAX_CHANGES_PER_DAY) {
      return {
        kind: 'ignored',
        reason: `the conversion changed ${MAX_CHANGES_PER_DAY} times today; further changes are ignored until tomorrow (UTC)`,
      };
    }
    return { kind: 'change', target, status: proposal.status, networkStatus: proposal.networkStatus, payout };
  }
  return {
    kind: 'ignored',
    reason: payoutChanged ? 'duplicate postback (payout changes are ignored)' : 'duplicate postback',
  };
}

/** `day`: the UTC day of the postback (dayOf), for the daily cap on changes. */
export function decide(existing: readonly ConversionState[], proposal: Proposal, day: number): Decision {
  const latest = existing.at(-1);
  const fresh = (): Decision =>
    existing.length >= MAX_CONVERSIONS_PER_CLICK
      ? { kind: 'ignored', reason: `the click has ${MAX_CONVERSIONS_PER_CLICK} conversions already` }
      : {
          kind: 'new',
          seq: (latest?.seq ?? 0) + 1,
          status: proposal.status,
          networkStatus: proposal.networkStatus,
          payout: proposal.payout ?? proposal.defaultPayout,
        };
  if (!latest) return fresh();
  if (proposal.txid !== null) {
    const same = existing.find((conversion) => conversion.txid === proposal.txid);
    if (same) return changeOf(same, proposal, true, day);
  }
  if (proposal.policy === 'add') return fresh();
  if (proposal.policy === 'update') return changeOf(latest, proposal, true, day);
  if (proposal.txid !== null && proposal.status === latest.status) {
    return { kind: 'ignored', reason: 'the click already converted (duplicate postbacks are ignored)' };
  }
  return changeOf(latest, proposal, false, day);
}

export interface Applied {
  state: ConversionState;
  /** The conversion event carrying the differences this change makes to the sums. */
  event: TrackingEvent;
  before: ConversionState | null;
}

export interface Valuation {
  /** The payout in base-currency micros. */
  revenueMicros: number;
  costMicros: number;
}

/**
 * The new state and the event of a decision. `value` turns a payout into base revenue and campaign
 * cost; `now` is the time of the postback (an event of the same conversion always lands after the
 * previous one, so every event of a conversion has its own time).
 */
export function apply(
  decision: Exclude<Decision, { kind: 'ignored' }>,
  click: TrackingEvent,
  txid: string | null,
  now: number,
  value: (payout: Money) => Valuation,
): Applied {
  const before = decision.kind === 'change' ? decision.target : null;
  const time = before ? Math.max(now, before.lastEventMs + 1) : now;
  const { revenueMicros, costMicros } = value(decision.payout);
  const state: ConversionState = {
    clickId: click.clickId,
    seq: before ? before.seq : (decision as { seq: number }).seq,
    txid: before ? before.txid : txid,
    status: decision.status,
    networkStatus: decision.networkStatus,
    payout: decision.payout,
    revenueMicros,
    costMicros,
    lastEventMs: time,
    changesDay: dayOf(now),
    changesThatDay: before ? changesOn(before, dayOf(now)) + 1 : 0,
    reportedStatuses: before ? [...before.reportedStatuses] : [],
  };
  const was: Counted = before
    ? counted(before.status, before.revenueMicros, before.costMicros)
    : NOTHING_COUNTED;
  const delta = difference(counted(state.status, revenueMicros, costMicros), was);
  const event = conversionEvent(click, {
    seq: state.seq,
    time,
    status: state.status,
    txid: state.txid ?? '',
    ...delta,
  });
  return { state, event, before };
}

export type ConversionFields = Pick<
  TrackingEvent,
  'seq' | 'time' | 'status' | 'txid' | 'approved' | 'pending' | 'declined' | 'revenueMicros' | 'costMicros'
>;

/** A conversion event: the click's dimensions with what the conversion changes. */
export function conversionEvent(click: TrackingEvent, fields: ConversionFields): TrackingEvent {
  return {
    ...click,
    tokens: [...click.tokens],
    kind: EVENT_KIND.conversion,
    clickTime: click.clickTime,
    isUnique: false,
    ...fields,
  };
}
