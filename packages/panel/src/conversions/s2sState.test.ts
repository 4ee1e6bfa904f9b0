import type { S2sDelivery } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { s2sStateText } from './s2sState.ts';

const delivery = (fields: Partial<S2sDelivery>): S2sDelivery => ({
  state: 'pending',
  attempts: 0,
  lastStatus: null,
  lastError: null,
  nextAttemptAt: null,
  deliveredAt: null,
  ...fields,
});

describe('S2S delivery in words', () => {
  it('says Delivered, Pending before a first try, and Failing with the tries and reason after one', () => {
    expect(s2sStateText(delivery({ state: 'delivered', attempts: 1, lastStatus: 200 }))).toBe('Delivered');
    expect(s2sStateText(delivery({}))).toBe('Pending');
    expect(
      s2sStateText(delivery({ attempts: 5, lastError: 'Error: connect ECONNREFUSED 203.0.113.9:443' })),
    ).toBe('Failing (5 tries): connection refused');
    expect(s2sStateText(delivery({ state: 'failed', attempts: 9, lastStatus: 503 }))).toBe(
      'Failed (9 tries): HTTP 503',
    );
    expect(
      s2sStateText(delivery({ attempts: 1, lastError: 'TimeoutError: The operation was aborted' })),
    ).toBe('Failing (1 try): timed out');
  });

  it('gives a plain user, whose answers carry no reason, the state and the tries alone', () => {
    expect(s2sStateText(delivery({ attempts: 5 }))).toBe('Failing (5 tries)');
    expect(s2sStateText(delivery({ state: 'skipped' }))).toBe('Not sent (held back)');
    expect(s2sStateText(delivery({ state: 'none' }))).toBe('No postback');
  });
});
