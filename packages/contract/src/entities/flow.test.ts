import { flowReferences, flowSchema, weightShares } from '@cairn/contract';
import { describe, expect, it } from 'vitest';

// The contract's flow schema is what both campaign and rotation bodies are checked with; the panel shows
// each message at the field path given here.
function issuesOf(flow: unknown): string[] {
  const result = flowSchema.safeParse(flow);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('flow validation', () => {
  it('accepts a full flow and fills the defaults', () => {
    const flow = flowSchema.parse({
      defaultPaths: [
        { landers: [{ landingId: 3 }, { landingId: null, weight: 50 }], offers: [{ offerId: 1 }] },
      ],
      rules: [
        {
          name: 'Tier 1',
          criteria: [
            { type: 'country', values: ['us', 'GB', 'us'] },
            { type: 'hour', mode: 'exclude', values: ['03', '4'] },
          ],
          paths: [{ offers: [{ offerId: 2, weight: 3 }] }],
        },
      ],
    });
    expect(flow.defaultPaths[0]).toEqual({
      name: '',
      weight: 100,
      paused: false,
      landers: [
        { landingId: 3, weight: 100, paused: false },
        { landingId: null, weight: 50, paused: false },
      ],
      offers: [{ offerId: 1, weight: 100, paused: false }],
    });
    // Values are normalised (and duplicates dropped) so the evaluator compares like with like.
    expect(flow.rules[0]?.criteria).toEqual([
      { type: 'country', mode: 'include', tokenIndex: null, values: ['US', 'GB'] },
      { type: 'hour', mode: 'exclude', tokenIndex: null, values: ['3', '4'] },
    ]);
    expect(flowReferences(flow)).toEqual({ landingIds: new Set([3]), offerIds: new Set([1, 2]) });
  });

  it('needs an offer on every active path and an active default path', () => {
    expect(issuesOf({ defaultPaths: [] })).toEqual(['defaultPaths: Add at least one default path']);
    expect(
      issuesOf({
        defaultPaths: [
          { offers: [] },
          { paused: true, offers: [] },
          { offers: [{ offerId: 1, paused: true }] },
        ],
        rules: [{ criteria: [{ type: 'bot', values: ['bot'] }], paths: [{ offers: [] }] }],
      }),
    ).toEqual([
      'defaultPaths.0.offers: An active path needs at least one active offer',
      'defaultPaths.2.offers: An active path needs at least one active offer',
      'rules.0.paths.0.offers: An active path needs at least one active offer',
    ]);
    expect(issuesOf({ defaultPaths: [{ paused: true, offers: [{ offerId: 1 }] }] })).toEqual([
      'defaultPaths: At least one default path must be active',
    ]);
    expect(
      issuesOf({ defaultPaths: [{ landers: [{ landingId: 4, paused: true }], offers: [{ offerId: 1 }] }] }),
    ).toEqual([
      'defaultPaths.0.landers: All landers are paused: unpause one, or remove them all to send the path direct',
    ]);
  });

  it('takes only positive whole weights', () => {
    expect(
      issuesOf({
        defaultPaths: [
          {
            weight: 0,
            landers: [{ landingId: 1, weight: 1.5 }],
            offers: [{ offerId: 1, weight: -2 }],
          },
        ],
      }),
    ).toEqual([
      'defaultPaths.0.weight: Weights are positive',
      'defaultPaths.0.landers.0.weight: Weights are whole numbers',
      'defaultPaths.0.offers.0.weight: Weights are positive',
    ]);
  });

  it('checks each criterion value against its type and names the value', () => {
    const rule = (criterion: Record<string, unknown>) => ({
      defaultPaths: [{ offers: [{ offerId: 1 }] }],
      rules: [{ criteria: [criterion], paths: [{ offers: [{ offerId: 1 }] }] }],
    });
    expect(issuesOf(rule({ type: 'country', values: ['US', 'USA'] }))).toEqual([
      'rules.0.criteria.0.values.1: Country is a 2-letter ISO 3166 code such as US',
    ]);
    expect(issuesOf(rule({ type: 'ip', values: ['10.0.0.0/8', '10.0.0.300'] }))).toEqual([
      'rules.0.criteria.0.values.1: An IPv4/IPv6 address or a CIDR range such as 203.0.113.0/24',
    ]);
    expect(issuesOf(rule({ type: 'hour', values: ['24'] }))).toEqual([
      'rules.0.criteria.0.values.0: An hour from 0 to 23',
    ]);
    expect(issuesOf(rule({ type: 'device_type', values: ['phone'] }))[0]).toMatch(
      /^rules\.0\.criteria\.0\.values\.0: One of desktop, mobile/,
    );
    expect(issuesOf(rule({ type: 'token', values: ['x'] }))).toEqual([
      'rules.0.criteria.0.tokenIndex: Choose which token to compare',
    ]);
    expect(issuesOf(rule({ type: 'weather', values: ['rain'] }))[0]).toMatch(
      /^rules\.0\.criteria\.0\.type: One of/,
    );
    expect(issuesOf(rule({ type: 'city', values: [] }))).toEqual([
      'rules.0.criteria.0.values: Enter at least one value',
    ]);
    expect(
      issuesOf({
        defaultPaths: [{ offers: [{ offerId: 1 }] }],
        rules: [{ criteria: [], paths: [{ offers: [{ offerId: 1 }] }] }],
      }),
    ).toEqual(['rules.0.criteria: A rule needs at least one criterion']);
  });

  it('shows weights as shares of the active total', () => {
    expect(weightShares([{ weight: 70 }, { weight: 30 }])).toEqual([70, 30]);
    expect(weightShares([{ weight: 1 }, { weight: 2 }, { weight: 5, paused: true }])).toEqual([
      33.3, 66.7, 0,
    ]);
    expect(weightShares([{ weight: 3, paused: true }])).toEqual([0]);
  });
});
