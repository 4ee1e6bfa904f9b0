import { describe, expect, it } from 'vitest';
import { type RoutedSource, tokenSlotsOf } from '../tracking/routing/table.ts';
import type { ConversionState } from './decide.ts';
import { ipAllowed } from './ipAllow.ts';
import { planS2s, postbackShare } from './s2s.ts';

const source = (changes: Partial<RoutedSource> = {}): RoutedSource => ({
  id: 1,
  name: 's',
  tokenSlots: tokenSlotsOf([]),
  externalIdParam: '',
  costParam: '',
  trafficLossPercent: 0,
  postbackUrl: 'https://source.example/pb?c={externalid}',
  postbackPercent: 100,
  payoutPercent: 100,
  postbackMode: 'all',
  ...changes,
});

const conversion = (status: ConversionState['status'], seq = 1, clickId = 'click'): ConversionState => ({
  clickId,
  seq,
  txid: null,
  status,
  networkStatus: '',
  payout: { micros: 1, currency: 'USD' },
  revenueMicros: 1,
  costMicros: 0,
  lastEventMs: 0,
  changesDay: 0,
  changesThatDay: 0,
  reportedStatuses: [],
});

describe('planS2s', () => {
  it('follows the source mode', () => {
    const all = source();
    expect(planS2s(all, conversion('pending'), null, false).kind).toBe('send');
    expect(planS2s(all, conversion('approved'), conversion('pending'), false).kind).toBe('send');
    const first = source({ postbackMode: 'first' });
    expect(planS2s(first, conversion('pending'), null, false).kind).toBe('send');
    expect(planS2s(first, conversion('approved'), conversion('pending'), false).kind).toBe('none');
    expect(planS2s(first, conversion('approved', 2), null, false).kind).toBe('none');
    const approved = source({ postbackMode: 'approved' });
    expect(planS2s(approved, conversion('pending'), null, false).kind).toBe('none');
    expect(planS2s(approved, conversion('approved'), conversion('pending'), false).kind).toBe('send');
    expect(planS2s(approved, conversion('approved'), conversion('approved'), false).kind).toBe('none');
    expect(planS2s(source({ postbackUrl: null }), conversion('approved'), null, false).kind).toBe('none');
    expect(planS2s(all, conversion('approved'), null, true).kind).toBe('skipped');
  });

  it('sends a stable share of clicks, close to the postback %', () => {
    const ids = Array.from(
      { length: 4000 },
      (_, index) => `01kjw6d8n0${index.toString(36).padStart(13, '0')}`,
    );
    const thirty = source({ postbackPercent: 30 });
    const sent = ids.filter(
      (id) => planS2s(thirty, conversion('approved', 1, id), null, false).kind === 'send',
    );
    expect(sent.length / ids.length).toBeGreaterThan(0.27);
    expect(sent.length / ids.length).toBeLessThan(0.33);
    expect(ids.map(postbackShare)).toEqual(ids.map(postbackShare));
    expect(planS2s(source({ postbackPercent: 0 }), conversion('approved'), null, false).kind).toBe('skipped');
  });
});

describe('ipAllowed', () => {
  it('matches addresses and ranges of both families, IPv4-mapped peers included', () => {
    const list = ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'];
    expect(ipAllowed([], '192.0.2.1')).toBe(true);
    expect(ipAllowed(list, '203.0.113.200')).toBe(true);
    expect(ipAllowed(list, '::ffff:198.51.100.7')).toBe(true);
    expect(ipAllowed(list, '198.51.100.8')).toBe(false);
    expect(ipAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(list, '2001:db9::1')).toBe(false);
    expect(ipAllowed(list, 'not an address')).toBe(false);
  });
});
