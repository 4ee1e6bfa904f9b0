import { flowReferences, flowSchema, weightShares } from '@cairn/contract';
import { describe, expect, it } from 'vitest';

// The contract's flow schema is what both campaign and rotation bodies are checked with; the panel shows
// each message at the field path given here.
function issuesOf(flow: unknown): string[] {
  const result = flowSchema.safeParse(flow);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** The fields a criterion that names nothing, compares plainly and keeps the tracker's zone has. */
const PLAIN = { tokenIndex: null, name: null, operator: 'equals', timezone: null } as const;

const ruleWith = (criterion: Record<string, unknown>) => ({
  defaultPaths: [{ offers: [{ offerId: 1 }] }],
  rules: [{ criteria: [criterion], paths: [{ offers: [{ offerId: 1 }] }] }],
});
const criterionOf = (criterion: Record<string, unknown>) =>
  flowSchema.parse(ruleWith(criterion)).rules[0]?.criteria[0];

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
      target: 'offers',
      campaignId: null,
      url: null,
      landers: [
        { landingId: 3, weight: 100, paused: false },
        { landingId: null, weight: 50, paused: false },
      ],
      offers: [{ offerId: 1, weight: 100, paused: false }],
    });
    // Values are normalised (and duplicates dropped) so the evaluator compares like with like.
    expect(flow.rules[0]?.criteria).toEqual([
      { ...PLAIN, type: 'country', mode: 'include', values: ['US', 'GB'] },
      { ...PLAIN, type: 'hour', mode: 'exclude', values: ['3', '4'] },
    ]);
    expect(flowReferences(flow)).toEqual({
      landingIds: new Set([3]),
      offerIds: new Set([1, 2]),
      campaignIds: new Set(),
    });
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

  it('normalises the newer criteria and keeps fields that do not apply empty', () => {
    expect(criterionOf({ type: 'continent', values: ['eu', 'NA'] })).toEqual({
      ...PLAIN,
      type: 'continent',
      mode: 'include',
      values: ['EU', 'NA'],
    });
    expect(
      criterionOf({
        type: 'os_version',
        values: ['Android>=10', ' iOS  < 17.2', 'Chrome 120 - 126', 'Linux'],
      })?.values,
    ).toEqual(['Android >= 10', 'iOS < 17.2', 'Chrome 120-126', 'Linux']);
    expect(criterionOf({ type: 'time_of_day', values: ['9:00-17:30', '22:00 - 06:00'] })?.values).toEqual([
      '09:00-17:30',
      '22:00-06:00',
    ]);
    expect(
      criterionOf({ type: 'referrer_domain', values: ['WWW.Example.com', '*.news.org'] })?.values,
    ).toEqual(['example.com', 'news.org']);
    expect(
      criterionOf({
        type: 'header',
        name: 'X-Requested-With',
        operator: 'exists',
        values: [],
        timezone: 'UTC',
      }),
    ).toMatchObject({ name: 'x-requested-with', operator: 'exists', timezone: null, values: [] });
    expect(criterionOf({ type: 'param', name: 'zone', operator: 'contains', values: ['abc'] })).toMatchObject(
      {
        name: 'zone',
        operator: 'contains',
      },
    );
    // A name or operator on a criterion that takes none is dropped rather than stored to confuse later.
    expect(criterionOf({ type: 'country', name: 'x', operator: 'exists', values: ['DE'] })).toMatchObject(
      PLAIN,
    );
    expect(criterionOf({ type: 'hour', timezone: 'Europe/Berlin', values: ['9'] })?.timezone).toBe(
      'Europe/Berlin',
    );
  });

  it('explains what is wrong with the newer criteria', () => {
    expect(issuesOf(ruleWith({ type: 'continent', values: ['EA'] }))).toEqual([
      'rules.0.criteria.0.values.0: One of AF, AN, AS, EU, NA, OC, SA',
    ]);
    expect(issuesOf(ruleWith({ type: 'browser_version', values: ['>= 10', 'Chrome >= 1-2'] }))).toEqual([
      'rules.0.criteria.0.values.0: A name and a version condition, such as Android >= 10, Chrome 120-126 or iOS < 17',
      'rules.0.criteria.0.values.1: A name and a version condition, such as Android >= 10, Chrome 120-126 or iOS < 17',
    ]);
    expect(issuesOf(ruleWith({ type: 'time_of_day', values: ['25:00-26:00', '10:00-10:00'] }))).toEqual([
      'rules.0.criteria.0.values.0: A time range such as 09:00-17:30 (24-hour clock, start and end differ)',
      'rules.0.criteria.0.values.1: A time range such as 09:00-17:30 (24-hour clock, start and end differ)',
    ]);
    expect(issuesOf(ruleWith({ type: 'referrer_domain', values: ['https://example.com/x'] }))).toEqual([
      'rules.0.criteria.0.values.0: A domain such as example.com (its subdomains match too), without http:// or a path',
    ]);
    expect(issuesOf(ruleWith({ type: 'param', operator: 'equals', values: ['x'] }))).toEqual([
      'rules.0.criteria.0.name: A parameter name such as zone or sub_id (letters, digits, _ . - [ ])',
    ]);
    expect(
      issuesOf(ruleWith({ type: 'header', name: 'Accept', operator: 'not_exists', values: ['x'] })),
    ).toEqual(['rules.0.criteria.0.values: "exists" and "does not exist" take no values']);
    expect(issuesOf(ruleWith({ type: 'param', name: 'zone', operator: 'equals', values: [] }))).toEqual([
      'rules.0.criteria.0.values: Enter at least one value',
    ]);
    expect(issuesOf(ruleWith({ type: 'day_of_week', timezone: 'Mars/Olympus', values: ['mon'] }))).toEqual([
      'rules.0.criteria.0.timezone: Not an IANA time zone such as Europe/Berlin',
    ]);
    expect(issuesOf(ruleWith({ type: 'network_kind', values: ['vpn'] }))).toEqual([
      'rules.0.criteria.0.values.0: One of hosting, other',
    ]);
  });

  it('still reads criteria stored before the newer fields existed', () => {
    const stored = { type: 'token', mode: 'exclude', tokenIndex: 2, values: ['a'] };
    expect(criterionOf(stored)).toEqual({ ...PLAIN, ...stored });
  });

  it("sends a path to another campaign or to a URL, keeping only the target's own field", () => {
    const flow = flowSchema.parse({
      defaultPaths: [
        { target: 'campaign', campaignId: 7, url: 'https://ignored.example/' },
        { target: 'url', url: ' https://safe.example/p?c={clickid}&geo={country_code} ', campaignId: 7 },
      ],
      rules: [
        { criteria: [{ type: 'bot', values: ['bot'] }], paths: [{ target: 'campaign', campaignId: 9 }] },
      ],
    });
    expect(flow.defaultPaths.map(({ target, campaignId, url }) => ({ target, campaignId, url }))).toEqual([
      { target: 'campaign', campaignId: 7, url: null },
      { target: 'url', campaignId: null, url: 'https://safe.example/p?c={clickid}&geo={country_code}' },
    ]);
    expect(flowReferences(flow)).toEqual({
      landingIds: new Set(),
      offerIds: new Set(),
      campaignIds: new Set([7, 9]),
    });
  });

  it('explains what a campaign or URL target is missing, and checks the URL as an offer URL', () => {
    expect(
      issuesOf({
        defaultPaths: [
          { target: 'campaign' },
          { target: 'url' },
          { target: 'campaign', campaignId: 0 },
          { target: 'url', url: 'https://x.example/?s={clikid}' },
          { target: 'url', url: 'ftp://x.example/' },
          { target: 'url', url: 'https://{country_code}.example/' },
          { target: 'campaign', campaignId: 3, offers: [{ offerId: 1 }], landers: [{ landingId: 2 }] },
          { target: 'elsewhere', offers: [{ offerId: 1 }] },
        ],
      }),
    ).toEqual([
      'defaultPaths.0.campaignId: Choose the campaign to send clicks to',
      'defaultPaths.1.url: Enter the URL to send clicks to',
      expect.stringMatching(/^defaultPaths\.2\.campaignId: /),
      expect.stringMatching(/^defaultPaths\.3\.url: Unknown macro \{clikid\}\. Known macros: /),
      'defaultPaths.4.url: Only http:// and https:// URLs are allowed',
      'defaultPaths.5.url: Macros can only be in the path, query or fragment of a URL, not in its scheme or host',
      'defaultPaths.6.landers: A path sent to a campaign has no landers: remove them',
      'defaultPaths.6.offers: A path sent to a campaign has no offers: remove them',
      'defaultPaths.7.target: The target is one of offers, campaign, url',
    ]);
  });

  it('shows weights as shares of the active total', () => {
    expect(weightShares([{ weight: 70 }, { weight: 30 }])).toEqual([70, 30]);
    expect(weightShares([{ weight: 1 }, { weight: 2 }, { weight: 5, paused: true }])).toEqual([
      33.3, 66.7, 0,
    ]);
    expect(weightShares([{ weight: 3, paused: true }])).toEqual([0]);
  });
});
