import { describe, expect, it } from 'vitest';
import {
  errorsUnder,
  type FlowDraft,
  flowDraftOf,
  formatShare,
  moveItem,
  newCriterion,
  newFlow,
  newPath,
  newRule,
  shares,
  validateFlow,
} from './flowModel.ts';

describe('shares', () => {
  it('divides the clicks by weight', () => {
    const result = shares([
      { weight: 100, paused: false },
      { weight: 50, paused: false },
    ]);
    expect(result.map(formatShare)).toEqual(['66.7%', '33.3%']);
    expect(result.reduce((sum, share) => sum + share, 0)).toBeCloseTo(100);
  });

  it('gives paused items and empty weights nothing', () => {
    expect(
      shares([
        { weight: 30, paused: false },
        { weight: 70, paused: true },
        { weight: null, paused: false },
        { weight: 10, paused: false },
      ]),
    ).toEqual([75, 0, 0, 25]);
  });

  it('is 0 for everything when nothing is active', () => {
    expect(
      shares([
        { weight: 5, paused: true },
        { weight: 0, paused: false },
      ]),
    ).toEqual([0, 0]);
  });

  it('formats whole shares without decimals', () => {
    expect(formatShare(50)).toBe('50%');
    expect(formatShare(100 / 3)).toBe('33.3%');
  });
});

describe('moveItem', () => {
  it('moves up and down without touching the input', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('clamps a move past either end', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });
});

describe('validateFlow', () => {
  it('accepts a complete flow', () => {
    const flow: FlowDraft = {
      defaultPaths: [{ ...newPath(), offers: [{ offerId: 1, weight: 100, paused: false }] }],
      rules: [],
    };
    expect(validateFlow(flow)).toEqual({});
  });

  it('keys the contract messages by the item they belong to', () => {
    const rule = newRule();
    const flow: FlowDraft = {
      defaultPaths: [{ ...newPath(), weight: null, offers: [{ offerId: 1, weight: 100, paused: false }] }],
      rules: [{ ...rule, criteria: [{ ...newCriterion('country'), values: ['DE', 'Germany'] }] }],
    };
    const errors = validateFlow(flow);
    expect(errors['defaultPaths.0.weight']).toBe('The weight is a number');
    expect(errors['rules.0.criteria.0.values.1']).toMatch(/2-letter/);
    expect(errors['rules.0.paths.0.offers']).toBe('An active path needs at least one active offer');
    expect(errorsUnder(errors, 'rules.0.criteria.0')).toEqual({
      'values.1': errors['rules.0.criteria.0.values.1'],
    });
  });

  it('asks for an active default path', () => {
    const flow: FlowDraft = { defaultPaths: [{ ...newPath(), paused: true }], rules: [] };
    expect(validateFlow(flow).defaultPaths).toBe('At least one default path must be active');
  });
});

describe('flowDraftOf', () => {
  it('starts a missing flow with one default path', () => {
    expect(flowDraftOf(null)).toEqual(newFlow());
  });

  it('gives criteria saved before the parameter, operator and zone fields their defaults', () => {
    const saved = {
      defaultPaths: [],
      rules: [
        {
          name: '',
          paused: false,
          paths: [],
          criteria: [{ type: 'hour', mode: 'exclude', tokenIndex: null, values: ['3'] }],
        },
      ],
    };
    expect(flowDraftOf(saved).rules[0]?.criteria).toEqual([
      {
        type: 'hour',
        mode: 'exclude',
        tokenIndex: null,
        name: null,
        operator: 'equals',
        timezone: null,
        values: ['3'],
      },
    ]);
  });
});
