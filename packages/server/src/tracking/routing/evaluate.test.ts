import { type FlowInput, flowSchema } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { clickFactsOf as click } from '../../../test-support/clicks.ts';
import { seededRandom as seeded } from '../../seeding/random.ts';
import {
  type ClickFacts,
  compileFlow,
  evaluateFlow,
  type OfferCaps,
  pickWeighted,
  type RandomSource,
} from './evaluate.ts';

/** Always answers the same point of the range: picks the item covering it. */
const fixed =
  (point: number): RandomSource =>
  () =>
    point;

const compile = (flow: FlowInput) => compileFlow(flowSchema.parse(flow));
type Criterion = NonNullable<FlowInput['rules']>[number]['criteria'][number];
const path = (offerId: number, extra: Record<string, unknown> = {}) => ({ offers: [{ offerId }], ...extra });

describe('flow evaluator', () => {
  it('takes the first matching rule top to bottom, and the default paths when none matches', () => {
    const flow = compile({
      defaultPaths: [path(1)],
      rules: [
        { criteria: [{ type: 'country', values: ['de', 'AT'] }], paths: [path(2)] },
        { criteria: [{ type: 'device_type', values: ['mobile'] }], paths: [path(3)] },
        { criteria: [{ type: 'country', values: ['US'] }], paths: [path(4)] },
      ],
    });
    expect(evaluateFlow(flow, click({ country: 'AT' }), fixed(0))).toMatchObject({
      ruleIndex: 0,
      offerId: 2,
    });
    // Both rule 1 and rule 2 match a mobile US click: the upper one wins.
    expect(evaluateFlow(flow, click(), fixed(0))).toMatchObject({ ruleIndex: 1, offerId: 3 });
    expect(evaluateFlow(flow, click({ deviceType: 'desktop' }), fixed(0))).toMatchObject({
      ruleIndex: 2,
      offerId: 4,
    });
    expect(evaluateFlow(flow, click({ deviceType: 'desktop', country: 'FR' }), fixed(0))).toEqual({
      ruleIndex: null,
      pathIndex: 0,
      landingId: null,
      offerId: 1,
    });
  });

  it('ANDs the criteria of a rule and ORs the values of one criterion', () => {
    const flow = compile({
      defaultPaths: [path(1)],
      rules: [
        {
          criteria: [
            { type: 'country', values: ['US', 'CA'] },
            { type: 'os', values: ['ios', 'android'] },
            { type: 'hour', values: ['9', '10', '14'] },
          ],
          paths: [path(2)],
        },
      ],
    });
    expect(evaluateFlow(flow, click({ country: 'CA' }), fixed(0))?.offerId).toBe(2);
    expect(evaluateFlow(flow, click({ os: 'iOS', hour: 9 }), fixed(0))?.offerId).toBe(2);
    expect(evaluateFlow(flow, click({ os: 'Windows' }), fixed(0))?.offerId).toBe(1);
    expect(evaluateFlow(flow, click({ hour: 15 }), fixed(0))?.offerId).toBe(1);
  });

  it('turns a criterion around with exclude, and treats unknown facts as matching no value', () => {
    const flow = compile({
      defaultPaths: [path(1)],
      rules: [{ criteria: [{ type: 'country', mode: 'exclude', values: ['US', 'GB'] }], paths: [path(2)] }],
    });
    expect(evaluateFlow(flow, click({ country: 'US' }), fixed(0))?.offerId).toBe(1);
    expect(evaluateFlow(flow, click({ country: 'FR' }), fixed(0))?.offerId).toBe(2);
    expect(evaluateFlow(flow, click({ country: null }), fixed(0))?.offerId).toBe(2);
    const include = compile({
      defaultPaths: [path(1)],
      rules: [{ criteria: [{ type: 'city', values: ['San Jose'] }], paths: [path(2)] }],
    });
    expect(evaluateFlow(include, click({ city: null }), fixed(0))?.offerId).toBe(1);
  });

  it('matches IPs and CIDR ranges of both families, substrings, language prefixes, tokens and flags', () => {
    const ruleFor = (criterion: Criterion) =>
      compile({ defaultPaths: [path(1)], rules: [{ criteria: [criterion], paths: [path(2)] }] });
    const routed = (flow: ReturnType<typeof compile>, facts: Partial<ClickFacts>) =>
      evaluateFlow(flow, click(facts), fixed(0))?.offerId;

    const ips = ruleFor({ type: 'ip', values: ['198.51.100.7', '203.0.113.0/24', '2001:db8::/32'] });
    expect(routed(ips, { ip: '203.0.113.200' })).toBe(2);
    expect(routed(ips, { ip: '198.51.100.7' })).toBe(2);
    expect(routed(ips, { ip: '2001:db8:1::5' })).toBe(2);
    expect(routed(ips, { ip: '203.0.114.1' })).toBe(1);
    expect(routed(ips, { ip: 'not an ip' })).toBe(1);

    const referrer = ruleFor({ type: 'referrer', values: ['NEWS.example'] });
    expect(routed(referrer, {})).toBe(2);
    expect(routed(referrer, { referrer: 'https://other.example/' })).toBe(1);
    expect(routed(referrer, { referrer: null })).toBe(1);

    const language = ruleFor({ type: 'language', values: ['en'] });
    expect(routed(language, { language: 'en-GB' })).toBe(2);
    expect(routed(language, { language: 'eng' })).toBe(1);

    const token = ruleFor({ type: 'token', tokenIndex: 3, values: ['banner', 'native'] });
    expect(routed(token, {})).toBe(2);
    expect(routed(token, { tokens: ['banner'] })).toBe(1);

    const days = ruleFor({ type: 'day_of_week', values: ['sat', 'sun'] });
    expect(routed(days, { dayOfWeek: 'sun' })).toBe(2);
    expect(routed(days, { dayOfWeek: 'fri' })).toBe(1);

    const nonUnique = ruleFor({ type: 'unique', values: ['non_unique'] });
    expect(routed(nonUnique, { unique: false })).toBe(2);
    expect(routed(nonUnique, { unique: true })).toBe(1);

    const humans = ruleFor({ type: 'bot', mode: 'exclude', values: ['bot'] });
    expect(routed(humans, { bot: false })).toBe(2);
    expect(routed(humans, { bot: true })).toBe(1);

    const isp = ruleFor({ type: 'isp', values: ['comcast'] });
    expect(routed(isp, {})).toBe(2);
    const agent = ruleFor({ type: 'user_agent', values: ['iPhone'] });
    expect(routed(agent, {})).toBe(1);
  });

  it('matches values written in any case against facts as the enrichment gives them', () => {
    const matches = (criterion: Criterion, facts: Partial<ClickFacts> = {}) =>
      evaluateFlow(
        compile({ defaultPaths: [path(1)], rules: [{ criteria: [criterion], paths: [path(2)] }] }),
        click(facts),
        fixed(0),
      )?.offerId === 2;
    expect(matches({ type: 'country', values: ['us'] })).toBe(true);
    expect(matches({ type: 'city', values: ['SAN JOSE'] })).toBe(true);
    expect(matches({ type: 'os', values: ['android'] })).toBe(true);
    expect(matches({ type: 'browser', values: ['CHROME'] })).toBe(true);
    expect(matches({ type: 'isp', values: ['COMCAST'] })).toBe(true);
    expect(matches({ type: 'language', values: ['EN-US'] })).toBe(true);
    expect(matches({ type: 'language', values: ['En'] })).toBe(true);
    expect(matches({ type: 'ip', values: ['2001:DB8::/32'] }, { ip: '2001:db8::1' })).toBe(true);
    expect(matches({ type: 'token', tokenIndex: 3, values: ['banner'] })).toBe(true);
    expect(matches({ type: 'referrer', values: ['NEWS.EXAMPLE'] })).toBe(true);
    expect(matches({ type: 'user_agent', values: ['android 14'] })).toBe(true);
    // The same city again, now from the remembered lower-case form.
    expect(matches({ type: 'city', values: ['san jose'] })).toBe(true);
    expect(matches({ type: 'city', values: ['san jose'] }, { city: 'San José' })).toBe(false);
  });

  it('skips paused rules, paths, landers and offers, and rules left without an active path', () => {
    const flow = compile({
      defaultPaths: [
        path(10, { paused: true }),
        {
          offers: [
            { offerId: 11, paused: true },
            { offerId: 12, weight: 1 },
          ],
          landers: [
            { landingId: 5, paused: true },
            { landingId: 6, weight: 1 },
          ],
        },
      ],
      rules: [
        { paused: true, criteria: [{ type: 'country', values: ['US'] }], paths: [path(20)] },
        { criteria: [{ type: 'country', values: ['US'] }], paths: [path(21, { paused: true })] },
      ],
    });
    for (const point of [0, 0.5, 0.999]) {
      expect(evaluateFlow(flow, click(), fixed(point))).toEqual({
        ruleIndex: null,
        pathIndex: 1,
        landingId: 6,
        offerId: 12,
      });
    }
  });

  it('splits clicks by weight over paths, landers (direct shares included) and offers', () => {
    const flow = compile({
      defaultPaths: [
        {
          weight: 3,
          landers: [
            { landingId: 7, weight: 1 },
            { landingId: null, weight: 1 },
          ],
          offers: [{ offerId: 1 }],
        },
        {
          weight: 1,
          offers: [
            { offerId: 2, weight: 9 },
            { offerId: 3, weight: 1 },
          ],
        },
      ],
    });
    const random = seeded(42);
    const counts = new Map<string, number>();
    const clicks = 20_000;
    for (let i = 0; i < clicks; i += 1) {
      const decision = evaluateFlow(flow, click(), random);
      const key = `${decision?.pathIndex}:${decision?.landingId}:${decision?.offerId}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const share = (key: string) => (counts.get(key) ?? 0) / clicks;
    // Path 0 takes 3/4, split evenly between the lander and direct; path 1 splits its 1/4 as 9:1.
    expect(share('0:7:1')).toBeCloseTo(0.375, 1);
    expect(share('0:null:1')).toBeCloseTo(0.375, 1);
    expect(share('1:null:2')).toBeCloseTo(0.225, 1);
    expect(share('1:null:3')).toBeCloseTo(0.025, 1);
    expect([...counts.keys()].sort()).toEqual(['0:7:1', '0:null:1', '1:null:2', '1:null:3']);
  });

  it('picks by weight at the exact boundaries', () => {
    const items = [
      { value: 'a', weight: 1 },
      { value: 'b', weight: 3 },
    ];
    expect(pickWeighted(items, fixed(0))).toBe('a');
    expect(pickWeighted(items, fixed(0.2499))).toBe('a');
    expect(pickWeighted(items, fixed(0.25))).toBe('b');
    expect(pickWeighted(items, fixed(0.9999))).toBe('b');
    expect(pickWeighted([], fixed(0.5))).toBeUndefined();
  });
});

describe('offer caps', () => {
  const caps = (capped: number[], fallbacks: Record<number, number> = {}): OfferCaps => ({
    isCapped: (offerId) => capped.includes(offerId),
    fallbackOf: (offerId) => fallbacks[offerId] ?? null,
  });
  // Offer 1 takes the first half of the range, offers 2 and 3 a quarter each.
  const flow = compile({
    defaultPaths: [
      {
        offers: [
          { offerId: 1, weight: 50 },
          { offerId: 2, weight: 25 },
          { offerId: 3, weight: 25 },
        ],
      },
    ],
  });
  const offerOf = (offerCaps: OfferCaps, point = 0) =>
    evaluateFlow(flow, click(), fixed(point), offerCaps)?.offerId;

  it("sends a capped offer's clicks to its fallback offer, even one outside the path", () => {
    expect(offerOf(caps([]))).toBe(1);
    expect(offerOf(caps([1], { 1: 9 }))).toBe(9);
    // The fallback is capped too: its own fallback takes the click.
    expect(offerOf(caps([1, 9], { 1: 9, 9: 3 }))).toBe(3);
  });

  it("takes the path's next choice among its offers not capped when the offer has no fallback", () => {
    // Same point of the range: 2 and 3 share it now, and the first of them covers it.
    expect(offerOf(caps([1]))).toBe(2);
    expect(offerOf(caps([1, 2]))).toBe(3);
    // The fallback chain ends capped: the path's other offers take over.
    expect(offerOf(caps([1, 9], { 1: 9 }))).toBe(2);
    // An offer not capped is never moved.
    expect(offerOf(caps([3], { 3: 9 }), 0.6)).toBe(2);
  });

  it('still sends to the capped offer when every choice is capped, and stops at a loop of fallbacks', () => {
    expect(offerOf(caps([1, 2, 3]))).toBe(1);
    expect(offerOf(caps([1, 2, 3, 9], { 1: 9, 9: 1 }))).toBe(1);
    expect(offerOf(caps([1, 2, 9], { 1: 9, 9: 2, 2: 1 }))).toBe(3);
  });
});

describe('flow evaluator targets', () => {
  const flow = compile({
    defaultPaths: [
      { target: 'campaign', campaignId: 7, weight: 1 },
      { target: 'url', url: 'https://safe.example/?c={clickid}', weight: 1 },
      { target: 'campaign', campaignId: 8, paused: true },
    ],
    rules: [{ criteria: [{ type: 'country', values: ['FR'] }], paths: [path(3)] }],
  });

  it('hands a campaign path its campaign and a URL path its URL, with no offer or lander', () => {
    expect(evaluateFlow(flow, click(), fixed(0))).toEqual({
      ruleIndex: null,
      pathIndex: 0,
      landingId: null,
      offerId: 0,
      campaignId: 7,
    });
    expect(evaluateFlow(flow, click(), fixed(0.9))).toEqual({
      ruleIndex: null,
      pathIndex: 1,
      landingId: null,
      offerId: 0,
      url: 'https://safe.example/?c={clickid}',
    });
    // Rules still come first, and offer paths keep their plain decision.
    expect(evaluateFlow(flow, click({ country: 'FR' }), fixed(0))).toEqual({
      ruleIndex: 0,
      pathIndex: 0,
      landingId: null,
      offerId: 3,
    });
  });

  it('never takes a paused campaign path, and reads paths stored before targets as offer paths', () => {
    const seen = new Set<number | undefined>();
    const random = seeded(5);
    for (let n = 0; n < 200; n += 1) seen.add(evaluateFlow(flow, click(), random)?.campaignId);
    expect(seen).toEqual(new Set([7, undefined]));
    // A path as stored before targets existed has no target field at all.
    const old = compileFlow({
      defaultPaths: [
        {
          name: '',
          weight: 100,
          paused: false,
          landers: [],
          offers: [{ offerId: 4, weight: 1, paused: false }],
        },
      ],
      rules: [],
    } as never);
    expect(evaluateFlow(old, click(), fixed(0))).toEqual({
      ruleIndex: null,
      pathIndex: 0,
      landingId: null,
      offerId: 4,
    });
  });
});
