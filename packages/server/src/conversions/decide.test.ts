import { describe, expect, it } from 'vitest';
import { blankEvent, EVENT_KIND } from '../events/event.ts';
import {
  apply,
  type ConversionState,
  type Decision,
  decide,
  MAX_CHANGES_PER_DAY,
  MAX_CONVERSIONS_PER_CLICK,
  type Proposal,
} from './decide.ts';

const USD = (units: number) => ({ micros: units * 1_000_000, currency: 'USD' });

const DAY = 20_000;

function state(
  seq: number,
  txid: string | null,
  status: ConversionState['status'],
  payout = 5,
): ConversionState {
  return {
    clickId: 'c',
    seq,
    txid,
    status,
    networkStatus: status,
    payout: USD(payout),
    revenueMicros: payout * 1_000_000,
    costMicros: 0,
    lastEventMs: 1000,
    changesDay: DAY,
    changesThatDay: 0,
    reportedStatuses: [],
  };
}

const decideToday = (existing: readonly ConversionState[], made: Proposal) => decide(existing, made, DAY);

function proposal(changes: Partial<Proposal> = {}): Proposal {
  return {
    txid: null,
    status: 'approved',
    networkStatus: 'approved',
    payout: null,
    defaultPayout: USD(5),
    policy: 'ignore',
    ...changes,
  };
}

const kindOf = (decision: Decision) =>
  decision.kind === 'new'
    ? `new ${decision.seq}`
    : decision.kind === 'change'
      ? `change ${decision.target.seq}`
      : 'ignored';

describe('decide', () => {
  it('makes the first postback of a click its first conversion, at the offer payout unless one is set', () => {
    expect(decideToday([], proposal())).toMatchObject({ kind: 'new', seq: 1, payout: USD(5) });
    expect(decideToday([], proposal({ payout: USD(7) }))).toMatchObject({ kind: 'new', payout: USD(7) });
  });

  it('treats a known txid as the same transaction under every policy', () => {
    const existing = [state(1, 'A', 'pending')];
    for (const policy of ['ignore', 'update', 'add'] as const) {
      expect(kindOf(decideToday(existing, proposal({ txid: 'A', status: 'pending', policy }))), policy).toBe(
        'ignored',
      );
      expect(kindOf(decideToday(existing, proposal({ txid: 'A', policy }))), policy).toBe('change 1');
      expect(
        kindOf(decideToday(existing, proposal({ txid: 'A', status: 'pending', payout: USD(9), policy }))),
      ).toBe('change 1');
    }
  });

  it('applies the duplicate policy to a further postback', () => {
    const existing = [state(1, 'A', 'approved'), state(2, 'B', 'pending')];
    const table: [Proposal['policy'], Partial<Proposal>, string][] = [
      ['ignore', { txid: 'C', status: 'pending' }, 'ignored'],
      ['ignore', { txid: 'C', status: 'approved' }, 'change 2'],
      ['ignore', { status: 'pending', payout: USD(9) }, 'ignored'],
      ['ignore', { status: 'declined' }, 'change 2'],
      ['update', { txid: 'C', status: 'pending', payout: USD(9) }, 'change 2'],
      ['update', { status: 'pending' }, 'ignored'],
      ['add', { txid: 'C' }, 'new 3'],
      ['add', { status: 'pending' }, 'new 3'],
    ];
    for (const [policy, changes, expected] of table) {
      expect(
        kindOf(decideToday(existing, proposal({ policy, ...changes }))),
        `${policy} ${JSON.stringify(changes)}`,
      ).toBe(expected);
    }
  });

  it('stops adding conversions to one click at the cap', () => {
    const full = Array.from({ length: MAX_CONVERSIONS_PER_CLICK }, (_, index) =>
      state(index + 1, null, 'approved'),
    );
    expect(kindOf(decideToday(full.slice(1), proposal({ policy: 'add' })))).toBe(
      `new ${MAX_CONVERSIONS_PER_CLICK + 1}`,
    );
    expect(decideToday(full, proposal({ policy: 'add' }))).toMatchObject({ kind: 'ignored' });
    expect(kindOf(decideToday(full, proposal({ policy: 'add', status: 'declined' })))).toBe('ignored');
  });

  it("ignores a conversion's changes past the daily cap, and takes them again the next day", () => {
    const capped = { ...state(1, null, 'approved'), changesThatDay: MAX_CHANGES_PER_DAY };
    const reverse = proposal({ status: 'declined' });
    expect(decideToday([capped], reverse)).toMatchObject({ kind: 'ignored' });
    expect(kindOf(decide([capped], reverse, DAY + 1))).toBe('change 1');
    const below = { ...capped, changesThatDay: MAX_CHANGES_PER_DAY - 1 };
    expect(kindOf(decideToday([below], reverse))).toBe('change 1');
  });
});

describe('apply', () => {
  const click = { ...blankEvent(EVENT_KIND.click, 'c', 500), campaignId: 4, country: 'FR' };
  const value = (payout: { micros: number }) => ({ revenueMicros: payout.micros, costMicros: 1_000_000 });

  it('carries the whole conversion on a new one and only the differences on a change', () => {
    const created = apply(
      { kind: 'new', seq: 1, status: 'pending', networkStatus: 'lead', payout: USD(5) },
      click,
      'T',
      2000,
      value,
    );
    expect(created.event).toMatchObject({
      kind: EVENT_KIND.conversion,
      seq: 1,
      time: 2000,
      clickTime: 500,
      campaignId: 4,
      country: 'FR',
      txid: 'T',
      status: 'pending',
      pending: 1,
      approved: 0,
      revenueMicros: 5_000_000,
      costMicros: 1_000_000,
    });
    const charged = apply(
      {
        kind: 'change',
        target: created.state,
        status: 'chargeback',
        networkStatus: 'refund',
        payout: USD(5),
      },
      click,
      null,
      // The clock says earlier: the change still lands after the conversion's last event.
      1500,
      value,
    );
    expect(charged.event).toMatchObject({
      seq: 1,
      time: 2001,
      txid: 'T',
      status: 'chargeback',
      pending: -1,
      approved: 0,
      declined: 1,
      revenueMicros: -5_000_000,
      costMicros: -1_000_000,
    });
    expect(charged.state).toMatchObject({
      status: 'chargeback',
      lastEventMs: 2001,
      revenueMicros: 5_000_000,
    });
  });
});
