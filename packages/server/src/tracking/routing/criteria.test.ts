import { type Flow, type FlowInput, flowSchema } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { clickFactsOf as click } from '../../../test-support/clicks.ts';
import { type ClickFacts, compileFlow, evaluateFlow } from './evaluate.ts';

// The criteria compiled by criteria.ts and the newer ones read through evaluate.ts, each through a whole
// flow as a click meets it.

type Criterion = NonNullable<FlowInput['rules']>[number]['criteria'][number];
const path = (offerId: number) => ({ offers: [{ offerId }] });

/** Which rule's offer one click reaches: offer N + 1 for rule N, offer 99 for the default path. */
function routeOf(criteria: Criterion[], facts: Partial<ClickFacts> = {}): number {
  const flow = compileFlow(
    flowSchema.parse({
      defaultPaths: [path(99)],
      rules: criteria.map((criterion, index) => ({ criteria: [criterion], paths: [path(index + 1)] })),
    }),
  );
  return evaluateFlow(flow, click(facts), () => 0)?.offerId ?? -1;
}
const matches = (criterion: Criterion, facts: Partial<ClickFacts> = {}): boolean =>
  routeOf([criterion], facts) === 1;

describe('newer criteria', () => {
  it('reads the continent from the country', () => {
    expect(matches({ type: 'continent', values: ['NA'] })).toBe(true);
    expect(matches({ type: 'continent', values: ['eu'] }, { country: 'DE' })).toBe(true);
    expect(matches({ type: 'continent', values: ['EU'] }, { country: 'BR' })).toBe(false);
    expect(matches({ type: 'continent', values: ['SA'] }, { country: 'BR' })).toBe(true);
    // No country, no continent: include fails, exclude holds.
    expect(matches({ type: 'continent', values: ['NA'] }, { country: null })).toBe(false);
    expect(matches({ type: 'continent', mode: 'exclude', values: ['NA'] }, { country: null })).toBe(true);
  });

  it('matches brand and model in any case', () => {
    expect(matches({ type: 'brand', values: ['samsung', 'Xiaomi'] })).toBe(true);
    expect(matches({ type: 'brand', values: ['Apple'] })).toBe(false);
    expect(matches({ type: 'model', values: ['sm-s918b'] })).toBe(true);
    expect(matches({ type: 'model', values: ['SM-S918B'] }, { model: null })).toBe(false);
  });

  it('compares OS and browser versions numerically by major, or by major.minor when the value has one', () => {
    const os = (values: string[], osName: string, osVersion: string | null) =>
      matches({ type: 'os_version', values }, { os: osName, osVersion });
    expect(os(['Android >= 10'], 'Android', '14')).toBe(true);
    expect(os(['Android >= 10'], 'Android', '9')).toBe(false);
    // Numeric, not textual: 9 < 10 although "9" > "10".
    expect(os(['Android < 10'], 'Android', '9.0')).toBe(true);
    expect(os(['Android >= 10'], 'Android', '10.1')).toBe(true);
    expect(os(['iOS < 17'], 'iOS', '16.7.2')).toBe(true);
    expect(os(['iOS < 17'], 'iOS', '17.0')).toBe(false);
    expect(os(['iOS < 17.2'], 'iOS', '17.1.1')).toBe(true);
    expect(os(['iOS < 17.2'], 'iOS', '17.2')).toBe(false);
    expect(os(['iOS > 17'], 'iOS', '17.5')).toBe(false);
    expect(os(['iOS > 17'], 'iOS', '18.0')).toBe(true);
    expect(os(['iOS 17'], 'iOS', '17.4')).toBe(true);
    expect(os(['iOS <= 17.1'], 'iOS', '17.1.9')).toBe(true);
    // The name must match too (in any case), and a bare name takes every version, even an unknown one.
    expect(os(['Android >= 10'], 'iOS', '17')).toBe(false);
    expect(os(['android'], 'Android', null)).toBe(true);
    expect(os(['Android >= 10'], 'Android', null)).toBe(false);
    const browser = (values: string[], browserVersion: string) =>
      matches({ type: 'browser_version', values }, { browser: 'Chrome', browserVersion });
    expect(browser(['Chrome 120-126'], '120.0.1')).toBe(true);
    expect(browser(['Chrome 120-126'], '126.9')).toBe(true);
    expect(browser(['Chrome 120-126'], '127.0')).toBe(false);
    expect(browser(['Chrome 120-126'], '119.9')).toBe(false);
    expect(browser(['Chrome 120.5-126'], '120.4')).toBe(false);
    expect(browser(['Chrome 120.5-126'], '126.3')).toBe(true);
    expect(browser(['Firefox >= 100', 'Chrome >= 130'], '130.0.6723.58')).toBe(true);
    expect(matches({ type: 'browser_version', mode: 'exclude', values: ['Chrome < 100'] })).toBe(true);
  });

  it('tells hosting networks from others only when the network is known', () => {
    expect(matches({ type: 'network_kind', values: ['hosting'] }, { hosting: true })).toBe(true);
    expect(matches({ type: 'network_kind', values: ['hosting'] }, { hosting: false })).toBe(false);
    expect(matches({ type: 'network_kind', values: ['other'] }, { hosting: false })).toBe(true);
    expect(matches({ type: 'network_kind', values: ['other'] }, { hosting: null })).toBe(false);
    expect(matches({ type: 'network_kind', mode: 'exclude', values: ['hosting'] }, { hosting: null })).toBe(
      true,
    );
  });

  it('matches a referrer domain and its subdomains, not lookalikes', () => {
    const domain = (values: string[], referrerDomain: string | null) =>
      matches({ type: 'referrer_domain', values }, { referrerDomain });
    expect(domain(['example.com'], 'news.example.com')).toBe(true);
    expect(domain(['example.com'], 'example.com')).toBe(true);
    expect(domain(['www.example.com'], 'example.com')).toBe(true);
    expect(domain(['example.com'], 'badexample.com')).toBe(false);
    expect(domain(['example.com'], 'example.com.evil.net')).toBe(false);
    expect(domain(['example.com'], null)).toBe(false);
  });

  it('reads any query parameter or header by name with equals, contains, exists and not exists', () => {
    const param = (operator: string, name: string, values: string[] = []) =>
      matches({ type: 'param', name, operator: operator as 'equals', values });
    expect(param('equals', 'zone', ['z-12'])).toBe(true);
    expect(param('equals', 'zone', ['Z-1'])).toBe(false);
    expect(param('contains', 'utm_source', ['push', 'pop'])).toBe(true);
    expect(param('exists', 'sub_id')).toBe(true);
    expect(param('exists', 'missing')).toBe(false);
    expect(param('not_exists', 'missing')).toBe(true);
    expect(param('not_exists', 'zone')).toBe(false);
    // A parameter's name is compared as sent.
    expect(param('exists', 'Zone')).toBe(false);
    const header = (operator: string, name: string, values: string[] = []) =>
      matches({ type: 'header', name, operator: operator as 'equals', values });
    expect(header('equals', 'x-requested-with', ['COM.EXAMPLE.APP'])).toBe(true);
    expect(header('contains', 'Accept', ['html'])).toBe(true);
    expect(header('exists', 'X-Requested-With')).toBe(true);
    expect(header('not_exists', 'X-Requested-With')).toBe(false);
    expect(header('not_exists', 'Sec-CH-UA')).toBe(true);
    expect(
      matches({ type: 'header', name: 'Accept', operator: 'exists', values: [] }, { rawHeaders: [] }),
    ).toBe(false);
  });

  it('takes time-of-day ranges, past midnight too, in the tracker zone or the criterion zone', () => {
    const at = (hour: number, minute: number) => ({ minuteOfDay: hour * 60 + minute });
    const time = (values: string[], facts: Partial<ClickFacts>) =>
      matches({ type: 'time_of_day', values }, facts);
    expect(time(['09:00-17:30'], at(9, 0))).toBe(true);
    expect(time(['09:00-17:30'], at(17, 29))).toBe(true);
    expect(time(['09:00-17:30'], at(17, 30))).toBe(false);
    expect(time(['09:00-17:30'], at(8, 59))).toBe(false);
    expect(time(['22:00-06:00'], at(23, 10))).toBe(true);
    expect(time(['22:00-06:00'], at(5, 59))).toBe(true);
    expect(time(['22:00-06:00'], at(12, 0))).toBe(false);
    expect(time(['01:00-02:00', '12:00-24:00'], at(23, 59))).toBe(true);
    // A criterion with its own zone reads that zone's clock, not the tracker's.
    const zones: string[] = [];
    const localTime = (zone: string) => {
      zones.push(zone);
      return zone === 'Asia/Tokyo'
        ? { dayOfWeek: 'tue' as const, hour: 3, minuteOfDay: 3 * 60 }
        : { dayOfWeek: 'mon' as const, hour: 14, minuteOfDay: 14 * 60 };
    };
    const zoned = (criterion: Criterion) => matches(criterion, { ...at(14, 0), localTime });
    expect(zoned({ type: 'time_of_day', timezone: 'Asia/Tokyo', values: ['02:00-04:00'] })).toBe(true);
    expect(zoned({ type: 'time_of_day', values: ['02:00-04:00'] })).toBe(false);
    expect(zoned({ type: 'day_of_week', timezone: 'Asia/Tokyo', values: ['tue'] })).toBe(true);
    expect(zoned({ type: 'day_of_week', values: ['tue'] })).toBe(false);
    expect(zoned({ type: 'hour', timezone: 'Asia/Tokyo', values: ['3'] })).toBe(true);
    expect(zones).toEqual(['Asia/Tokyo', 'Asia/Tokyo', 'Asia/Tokyo']);
  });

  it('routes by the first of several new criteria that holds', () => {
    expect(
      routeOf(
        [
          { type: 'continent', values: ['EU'] },
          { type: 'os_version', values: ['Android >= 14'] },
          { type: 'referrer_domain', values: ['example.com'] },
        ],
        {},
      ),
    ).toBe(2);
  });

  it("asks whether the visitor is unique for the rule's paths, by the rule's own index", () => {
    const asked: number[] = [];
    const uniqueForRule = (ruleIndex: number) => {
      asked.push(ruleIndex);
      return ruleIndex === 1;
    };
    const criteria: Criterion[] = [
      { type: 'unique_path', values: ['unique'] },
      { type: 'unique_path', values: ['unique'] },
    ];
    expect(routeOf(criteria, { uniqueForRule })).toBe(2);
    expect(asked).toEqual([0, 1]);
    expect(routeOf([{ type: 'unique_path', values: ['non_unique'] }], { uniqueForRule })).toBe(1);
    const flow = compileFlow(
      flowSchema.parse({
        defaultPaths: [path(99)],
        rules: [
          { criteria: [{ type: 'country', values: ['US'] }], paths: [path(1)] },
          { criteria: [{ type: 'unique_path', values: ['unique'] }], paths: [path(2)] },
        ],
      }),
    );
    // Only the rules that ask have whom they take remembered.
    expect([...flow.rulesMarkingVisitors]).toEqual([1]);
  });

  it('compiles criteria stored before the name, operator and zone fields existed', () => {
    // Stored flows are presented as saved, not parsed again, so an older criterion arrives without them.
    const stored = {
      defaultPaths: [
        {
          name: '',
          weight: 1,
          paused: false,
          landers: [],
          offers: [{ offerId: 99, weight: 1, paused: false }],
        },
      ],
      rules: [
        {
          name: '',
          paused: false,
          criteria: [{ type: 'hour', mode: 'include', tokenIndex: null, values: ['14'] }],
          paths: [
            {
              name: '',
              weight: 1,
              paused: false,
              landers: [],
              offers: [{ offerId: 1, weight: 1, paused: false }],
            },
          ],
        },
      ],
    } as unknown as Flow;
    const flow = compileFlow(stored);
    expect(evaluateFlow(flow, click(), () => 0)?.offerId).toBe(1);
    expect(evaluateFlow(flow, click({ hour: 3 }), () => 0)?.offerId).toBe(99);
  });
});
