import { mintClickId } from '../src/events/clickId.ts';
import { blankEvent, EVENT_KIND, type TrackingEvent } from '../src/events/event.ts';
import type { ReportViewer } from '../src/reports/scope.ts';

// Hand-made events for the report tests, shaped the way the click engine records them: lander clicks
// and conversions copy every field of their click (its cost too: reports must count cost on clicks
// only), and a conversion's later status change is a correcting event with -1/+1 and the revenue change.

export function click(clickId: string, iso: string, fields: Partial<TrackingEvent> = {}): TrackingEvent {
  const time = Date.parse(iso);
  return { ...blankEvent(EVENT_KIND.click, clickId, time), ...fields, time, clickTime: time };
}

export function lpClick(of: TrackingEvent, iso: string, seq = 1): TrackingEvent {
  return { ...of, kind: EVENT_KIND.lpClick, seq, time: Date.parse(iso) };
}

export interface ConversionChange {
  status: 'approved' | 'pending' | 'declined';
  approved?: number;
  pending?: number;
  declined?: number;
  revenueMicros?: number;
  seq?: number;
}

export function conversion(of: TrackingEvent, iso: string, change: ConversionChange): TrackingEvent {
  return {
    ...of,
    kind: EVENT_KIND.conversion,
    seq: change.seq ?? 1,
    time: Date.parse(iso),
    status: change.status,
    txid: `${of.clickId}-tx`,
    approved: change.approved ?? 0,
    pending: change.pending ?? 0,
    declined: change.declined ?? 0,
    revenueMicros: change.revenueMicros ?? 0,
  };
}

/** A cost set after the fact: the click's copy carrying the difference (see costs/costChanges.ts). */
export function costChange(of: TrackingEvent, difference: number, seq = 1): TrackingEvent {
  return { ...of, kind: EVENT_KIND.costChange, seq, costMicros: difference };
}

/**
 * A repeatable mix of clicks, lander clicks, cost changes and conversions with millisecond times, over `days` days
 * from `from`, for comparing event stores: campaigns 1-6 (6 routed by rotation 2), rules, paths,
 * landers, offers, countries, OSes, flags, costs, a token (one value with a quote) and conversions whose
 * status changes later.
 */
const ZONE_NAMES = ['zone0', 'zone1', 'zone2', 'zone3', "zone'4"];

export function seededEvents(from: number, days: number, count = 3000): TrackingEvent[] {
  // mulberry32: small, seeded, and uniform enough for any n used here.
  let state = 42;
  const next = (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
  const events: TrackingEvent[] = [];
  for (let index = 0; index < count; index += 1) {
    const time = from + next(days * 86_400) * 1000 + next(1000);
    const iso = new Date(time).toISOString();
    const campaignId = 1 + next(6);
    const base = click(mintClickId(time), iso, {
      campaignId,
      rotationId: campaignId === 6 ? 2 : 0,
      rule: next(3),
      path: 1 + next(2),
      landingId: next(3),
      offerId: 1 + next(4),
      country: ['DE', 'US', 'FR', 'CI'][next(4)] as string,
      os: ['Android', 'iOS', ''][next(3)] as string,
      isUnique: next(3) === 0,
      isBot: next(20) === 0,
      costMicros: 1000 + next(9000),
      // One zone's name carries a quote: every store must escape what it filters and groups on.
      tokens: Array.from({ length: 30 }, (_, slot) => (slot === 0 ? (ZONE_NAMES[next(5)] as string) : '')),
    });
    events.push(base);
    // Every 13th click's cost set again later (by its index: the random sequence stays as it was).
    if (index % 13 === 0) events.push(costChange(base, 777 - base.costMicros));
    if (next(4) === 0) events.push(lpClick(base, new Date(time + 5000 + next(1000)).toISOString()));
    if (next(8) === 0) {
      const at = new Date(time + 3_600_000).toISOString();
      events.push(conversion(base, at, { status: 'pending', pending: 1, revenueMicros: 2_000_000 }));
      if (next(2) === 0) {
        events.push(conversion(base, at, { status: 'approved', approved: 1, pending: -1, seq: 2 }));
      }
    }
  }
  return events;
}

// Report questions two ways of answering must agree on (DuckDB and ClickHouse; the raw events and the
// report summary): one, two and three levels, top N and others, sorts both ways, filters, permissions,
// time buckets in a zone across a DST change, open and empty ranges.
// 20 days around the spring DST change (2026-03-29 in Berlin), events from a day before to a day after.
export const FROM = '2026-03-20';
export const TO = '2026-04-08';
export const NOW = Date.parse('2026-04-20T12:00:00Z');
export const ZONE = 'Europe/Berlin';
export const scope = { from: FROM, to: TO, timezone: ZONE };
export const everyone: ReportViewer = { campaignIds: null };

export const PARITY_REPORTS: [string, Record<string, string>, ReportViewer?][] = [
  ['one level by campaign', { groupBy: 'campaign', ...scope }],
  ['top 2 of countries and others, by clicks', { groupBy: 'country', limit: '2', ...scope }],
  ['two levels, top N and others at each', { groupBy: 'campaign,os', limit: '3,2', ...scope }],
  [
    'three levels, others at every level',
    { groupBy: 'campaign,token_1,path', sort: 'clicks,value,revenue', limit: '3,2,1', ...scope },
  ],
  [
    'three levels sorted by ratios both ways',
    { groupBy: 'offer,country,rule', sort: 'roi,epc,lpCtr', order: 'asc,desc,asc', limit: '3,2,2', ...scope },
  ],
  [
    'value order descending over flags and flow keys',
    { groupBy: 'unique,bot,path', sort: 'value', order: 'desc', limit: '2,1,3', ...scope },
  ],
  ['hour buckets across the DST change (trends)', { groupBy: 'hour', ...scope }],
  [
    'day, then campaign',
    { groupBy: 'day,campaign', sort: 'value,cr', order: 'asc,desc', limit: '30,2', ...scope },
  ],
  ['week, month, day of week', { groupBy: 'week,month,day_of_week', ...scope }],
  // West of UTC the offsets are negative, and St. John's and Kathmandu are off the whole hour; Santiago
  // goes from -03:00 to -04:00 on 2026-04-05.
  [
    'days and hours west of UTC across a DST change',
    { groupBy: 'day,hour', ...scope, timezone: 'America/Santiago' },
  ],
  [
    'a half-hour zone west of UTC by week and hour of day',
    { groupBy: 'week,hour_of_day', ...scope, timezone: 'America/St_Johns' },
  ],
  ['hour buckets on a quarter-hour offset', { groupBy: 'hour', ...scope, timezone: 'Asia/Kathmandu' }],
  ['hour of day, sorted by profit', { groupBy: 'hour_of_day', sort: 'profit', limit: '5', ...scope }],
  ['conversion statuses', { groupBy: 'conversion_status,campaign', ...scope }],
  // Counting by click time (cohorts): conversions an hour after their click, cost changes, lander clicks.
  ['hour buckets by click time', { groupBy: 'hour', conversionTime: 'click', ...scope }],
  [
    'day, then campaign, by click time with a day filter',
    {
      groupBy: 'day,campaign',
      sort: 'value,revenue',
      limit: '30,2',
      conversionTime: 'click',
      'filter[day]': '2026-03-29,2026-03-30',
      ...scope,
    },
  ],
  [
    'all time by day, by click time',
    { groupBy: 'day', preset: 'all_time', timezone: ZONE, conversionTime: 'click' },
  ],
  [
    'filters on country, bot, unique and a day',
    {
      groupBy: 'campaign,country',
      'filter[country]': 'DE,CI',
      'filter[bot]': 'human',
      'filter[unique]': 'unique,non_unique',
      'filter[day]': '2026-03-29,2026-03-30',
      ...scope,
    },
  ],
  ['filters on rule and token', { groupBy: 'rule,offer', 'filter[token_1]': "zone1,zone3,zone'4", ...scope }],
  ['all time, by day (an open range)', { groupBy: 'day', preset: 'all_time', timezone: ZONE }],
  [
    'the campaigns a user may read',
    { groupBy: 'campaign,landing', limit: '2,2', ...scope },
    { campaignIds: [2, 6] },
  ],
  // Pages (issue 53): each level sorted over all its rows, a page of it answered with the level's count.
  [
    'a page of tokens sorted by profit ascending',
    { groupBy: 'token_1', sort: 'profit', order: 'asc', pageSize: '2', offset: '1', ...scope },
  ],
  ['a page of countries by ROI, descending', { groupBy: 'country', sort: 'roi', pageSize: '3', ...scope }],
  [
    'nested pages sorted by profit and ROI both ways',
    {
      groupBy: 'campaign,os,token_1',
      sort: 'profit,roi,value',
      order: 'asc,desc,desc',
      pageSize: '3,2,1',
      offset: '2',
      ...scope,
    },
  ],
  ['past the last page', { groupBy: 'campaign,country', pageSize: '5', offset: '50', ...scope }],
  [
    'nothing in the range',
    { groupBy: 'campaign,country', from: '2025-01-01', to: '2025-01-02', timezone: ZONE },
  ],
];
