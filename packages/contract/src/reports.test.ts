import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isProfitField } from './entities/permissions.ts';
import {
  CLICK_LOG_DEFAULT_COLUMNS,
  clickLogQuerySchema,
  countryCodeOf,
  entityStatsQuerySchema,
  isTimeZone,
  PROFIT_METRICS,
  REPORT_DIMENSIONS,
  REPORT_METRICS,
  REPORT_PAGE_SIZE_MAX,
  reportExportQuerySchema,
  reportQuerySchema,
  reportResponseSchema,
} from './reports.ts';

/** The field paths a query is refused on. */
function refusedFields(schema: z.ZodType, query: Record<string, unknown>): string[] {
  const result = schema.safeParse(query);
  if (result.success) return [];
  return result.error.issues.map((issue) => issue.path.map(String).join('.'));
}

describe('report query', () => {
  it('reads nested groupings with per-level defaults', () => {
    const query = reportQuerySchema.parse({ groupBy: 'campaign,country,day' });
    expect(query.levels).toEqual([
      { dimension: 'campaign', sort: 'clicks', order: 'desc', limit: 100, offset: 0, others: false },
      { dimension: 'country', sort: 'clicks', order: 'desc', limit: 20, offset: 0, others: false },
      { dimension: 'day', sort: 'value', order: 'asc', limit: 10, offset: 0, others: false },
    ]);
    expect(query.range).toEqual({ preset: 'today', from: null, to: null });
    // No zone given: the server counts in the tracker's zone (its stats settings).
    expect(query.timezone).toBeNull();
    expect(query.filters).toEqual({});
  });

  it('shows every bucket of a time grouping at the first level', () => {
    const [level] = reportQuerySchema.parse({ groupBy: 'hour' }).levels;
    expect(level).toEqual({
      dimension: 'hour',
      sort: 'value',
      order: 'asc',
      limit: 1000,
      offset: 0,
      others: false,
    });
  });

  it('pages every level by default, and folds into "others" only where a limit is chosen', () => {
    const paged = reportQuerySchema.parse({
      groupBy: 'token_1,os',
      sort: 'profit',
      order: 'asc',
      pageSize: '500,5',
      offset: '1000',
    });
    expect(paged.levels.map((level) => [level.limit, level.offset, level.others])).toEqual([
      [500, 1000, false],
      [5, 0, false],
    ]);
    const limited = reportQuerySchema.parse({ groupBy: 'token_1,os', limit: '10' });
    expect(limited.levels.map((level) => [level.limit, level.offset, level.others])).toEqual([
      [10, 0, true],
      [10, 0, true],
    ]);
    expect(
      reportQuerySchema.parse({ groupBy: 'token_1', pageSize: String(REPORT_PAGE_SIZE_MAX) }).levels[0]
        ?.limit,
    ).toBe(REPORT_PAGE_SIZE_MAX);
  });

  it('refuses a page beyond the maximum, a bad offset, and a page together with a limit', () => {
    expect(
      refusedFields(reportQuerySchema, { groupBy: 'token_1', pageSize: String(REPORT_PAGE_SIZE_MAX + 1) }),
    ).toEqual(['pageSize']);
    expect(refusedFields(reportQuerySchema, { groupBy: 'token_1', pageSize: '0' })).toEqual(['pageSize']);
    expect(refusedFields(reportQuerySchema, { groupBy: 'token_1', offset: '-5' })).toEqual(['offset']);
    expect(refusedFields(reportQuerySchema, { groupBy: 'token_1', offset: 'x' })).toEqual(['offset']);
    expect(refusedFields(reportQuerySchema, { groupBy: 'token_1', limit: '5', offset: '10' })).toEqual([
      'offset',
    ]);
    expect(refusedFields(reportQuerySchema, { groupBy: 'token_1', limit: '5', pageSize: '10' })).toEqual([
      'pageSize',
    ]);
  });

  it('takes one sort, order and limit for every level, or one per level', () => {
    const one = reportQuerySchema.parse({ groupBy: 'offer,os', sort: 'roi', order: 'asc', limit: '5' });
    expect(one.levels.map((level) => [level.sort, level.order, level.limit])).toEqual([
      ['roi', 'asc', 5],
      ['roi', 'asc', 5],
    ]);
    const each = reportQuerySchema.parse({ groupBy: 'offer,os', sort: 'value,cost', limit: '3,7' });
    expect(each.levels.map((level) => [level.sort, level.order, level.limit])).toEqual([
      ['value', 'asc', 3],
      ['cost', 'desc', 7],
    ]);
  });

  it('reads filters on any dimension, typed like the values the report returns', () => {
    const query = reportQuerySchema.parse({
      groupBy: 'campaign',
      'filter[country]': 'DE,FR',
      'filter[campaign]': ['1,2', '2'],
      'filter[token_3]': '',
      'filter[day_of_week]': '6,7',
    });
    expect(query.filters).toEqual({
      country: ['DE', 'FR'],
      campaign: [1, 2],
      token_3: [''],
      day_of_week: [6, 7],
    });
  });

  it('reads the range in the time zone: a preset, or custom from/to', () => {
    const custom = reportQuerySchema.parse({
      groupBy: 'day',
      from: '2026-03-28',
      to: '2026-03-29T12:30:00+02:00',
      timezone: 'Europe/Berlin',
    });
    expect(custom.range.preset).toBe('custom');
    expect(custom.range.from).toMatchObject({
      year: 2026,
      month: 3,
      day: 28,
      dateOnly: true,
      offsetMinutes: null,
    });
    expect(custom.range.to).toMatchObject({
      day: 29,
      hour: 12,
      minute: 30,
      dateOnly: false,
      offsetMinutes: 120,
    });
    expect(reportQuerySchema.parse({ groupBy: 'day', preset: 'last_month' }).range.preset).toBe('last_month');
  });

  it('refuses bad values naming the parameter', () => {
    const refused = (query: Record<string, unknown>) =>
      refusedFields(reportQuerySchema, { groupBy: 'campaign', ...query });
    expect(refused({ groupBy: 'campaign,nope' })).toEqual(['groupBy']);
    expect(refused({ groupBy: 'campaign,offer,country,os' })).toEqual(['groupBy']);
    expect(refused({ groupBy: 'offer,offer' })).toEqual(['groupBy']);
    expect(refusedFields(reportQuerySchema, {})).toEqual(['groupBy']);
    expect(refused({ preset: 'last_year' })).toEqual(['preset']);
    expect(refused({ timezone: 'Mars/Olympus' })).toEqual(['timezone']);
    expect(refused({ limit: '0' })).toEqual(['limit']);
    expect(refused({ limit: '1001' })).toEqual(['limit']);
    expect(refused({ limit: 'ten' })).toEqual(['limit']);
    expect(refused({ sort: 'fame' })).toEqual(['sort']);
    expect(refused({ groupBy: 'offer,os', order: 'asc,desc,asc' })).toEqual(['order']);
    expect(refused({ 'filter[planet]': 'Mars' })).toEqual(['filter[planet]']);
    expect(refused({ 'filter[campaign]': '1,x' })).toEqual(['filter[campaign]']);
    expect(refused({ 'filter[hour]': '2026-03-29' })).toEqual(['filter[hour]']);
    expect(refused({ preset: 'custom' })).toEqual(['from']);
    expect(refused({ preset: 'today', from: '2026-03-01' })).toEqual(['from']);
    expect(refused({ from: '2026-02-30' })).toEqual(['from']);
    expect(refused({ from: '2026-03-01T25:00' })).toEqual(['from']);
  });

  it('counts conversions at their own time unless click time is asked for', () => {
    expect(reportQuerySchema.parse({ groupBy: 'day' }).conversionTime).toBe('conversion');
    expect(reportQuerySchema.parse({ groupBy: 'day', conversionTime: 'click' }).conversionTime).toBe('click');
    expect(refusedFields(reportQuerySchema, { groupBy: 'day', conversionTime: 'postback' })).toEqual([
      'conversionTime',
    ]);
    expect(reportExportQuerySchema.parse({ groupBy: 'day', conversionTime: 'click' }).conversionTime).toBe(
      'click',
    );
  });

  it('compares with the previous period, or with a chosen one given both its ends', () => {
    const previous = reportQuerySchema.parse({ groupBy: 'offer', compare: 'previous' });
    expect([previous.compare, previous.compareRange]).toEqual(['previous', undefined]);
    const custom = reportQuerySchema.parse({
      groupBy: 'offer',
      compare: 'custom',
      compareFrom: '2026-02-01',
      compareTo: '2026-02-07T12:00',
    });
    expect(custom.compare).toBe('custom');
    expect(custom.compareRange?.preset).toBe('custom');
    expect([custom.compareRange?.from?.day, custom.compareRange?.from?.dateOnly]).toEqual([1, true]);
    expect([custom.compareRange?.to?.day, custom.compareRange?.to?.hour]).toEqual([7, 12]);
    const without = { groupBy: 'offer', compare: 'custom' };
    expect(refusedFields(reportQuerySchema, without)).toEqual(['compareFrom']);
    expect(refusedFields(reportQuerySchema, { ...without, compareFrom: '2026-02-01' })).toEqual([
      'compareTo',
    ]);
    expect(
      refusedFields(reportQuerySchema, { ...without, compareFrom: '2026-02-31', compareTo: '2026-03-01' }),
    ).toEqual(['compareFrom']);
    expect(
      refusedFields(reportQuerySchema, { groupBy: 'offer', compare: 'previous', compareTo: '2026-02-01' }),
    ).toEqual(['compareTo']);
    expect(refusedFields(reportQuerySchema, { groupBy: 'offer', compare: 'next' })).toEqual(['compare']);
  });

  it('refuses a country by its name, naming the code it stands for, rather than answer zeros', () => {
    const result = reportQuerySchema.safeParse({ groupBy: 'offer', 'filter[country]': 'United States' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      '"United States" is not valid here: expected two-letter country codes such as US; try "US"',
    );
    const unknown = reportQuerySchema.safeParse({ groupBy: 'offer', 'filter[country]': 'Atlantis' });
    expect(unknown.error?.issues[0]?.message).toBe(
      '"Atlantis" is not valid here: expected two-letter country codes such as US',
    );
    // Codes, and the empty value of clicks without a country, still filter.
    const codes = reportQuerySchema.parse({ groupBy: 'offer', 'filter[country]': 'US,DE,' });
    expect(codes.filters.country).toEqual(['US', 'DE', '']);
    expect(countryCodeOf('germany')).toBe('DE');
    expect(countryCodeOf('France')).toBe('FR');
    expect(countryCodeOf('United Kingdom')).toBe('GB');
    expect(countryCodeOf('us')).toBe('US');
  });
});

describe('metrics', () => {
  it('names every conversion and money-made metric so the hide-profit filter drops it', () => {
    expect([...PROFIT_METRICS].sort()).toEqual(
      ['epc', 'leads', 'leadsApproved', 'leadsDeclined', 'leadsPending', 'profit', 'revenue', 'roi'].sort(),
    );
    for (const metric of ['clicks', 'uniqueClicks', 'lpViews', 'lpClicks', 'lpCtr', 'cr', 'cost', 'cpc']) {
      expect(REPORT_METRICS).toContain(metric);
      expect(isProfitField(metric), metric).toBe(false);
    }
  });

  it('offers the tracker groupings, tokens 1 to 30 included', () => {
    expect(REPORT_DIMENSIONS).toContain('token_30');
    expect(REPORT_DIMENSIONS).not.toContain('token_31');
    expect(new Set(REPORT_DIMENSIONS).size).toBe(REPORT_DIMENSIONS.length);
  });

  it('knows IANA zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Asia/Kathmandu')).toBe(true);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('click log query', () => {
  it('always carries time and click id, then the columns asked for', () => {
    expect(clickLogQuerySchema.parse({}).columns).toEqual([...CLICK_LOG_DEFAULT_COLUMNS]);
    const query = clickLogQuerySchema.parse({ columns: 'os,token_2', limit: '20', 'filter[bot]': 'human' });
    expect(query.columns).toEqual(['time', 'click_id', 'os', 'token_2']);
    expect(query.limit).toBe(20);
    expect(query.filters).toEqual({ bot: ['human'] });
  });

  it('refuses unknown columns, limits out of range and foreign cursors', () => {
    expect(refusedFields(clickLogQuerySchema, { columns: 'os,revenue' })).toEqual(['columns']);
    expect(refusedFields(clickLogQuerySchema, { limit: '501' })).toEqual(['limit']);
    expect(refusedFields(clickLogQuerySchema, { cursor: 'not a cursor!' })).toEqual(['cursor']);
  });

  it('reads a pasted click id (spaces and capitals forgiven) and a token value to find', () => {
    const id = '01jx9z8w7v6t5s4r3q2p1n0m9';
    const pasted = clickLogQuerySchema.parse({ clickId: `  ${id.slice(0, 23).toUpperCase()} ` });
    expect(pasted.clickId).toBe(id.slice(0, 23));
    expect(clickLogQuerySchema.parse({ token: 'zone 42' })).toMatchObject({
      token: 'zone 42',
      clickId: null,
    });
    expect(refusedFields(clickLogQuerySchema, { clickId: 'abc' })).toEqual(['clickId']);
    expect(refusedFields(clickLogQuerySchema, { clickId: `${id.slice(0, 22)}u` })).toEqual(['clickId']);
    expect(refusedFields(clickLogQuerySchema, { token: '' })).toEqual(['token']);
    expect(refusedFields(clickLogQuerySchema, { token: 'x'.repeat(501) })).toEqual(['token']);
  });
});

describe('entity stats query', () => {
  it('reads the kind, the ids and the metric to order by', () => {
    const query = entityStatsQuerySchema.parse({ kind: 'offer', ids: '3,1,3', sortBy: 'cr' });
    expect(query).toMatchObject({ kind: 'offer', ids: [3, 1], sortBy: 'cr', order: 'desc' });
    expect(refusedFields(entityStatsQuerySchema, { kind: 'domain' })).toEqual(['kind']);
    expect(refusedFields(entityStatsQuerySchema, { kind: 'offer', sortBy: 'name' })).toEqual(['sortBy']);
    expect(refusedFields(entityStatsQuerySchema, { kind: 'offer', ids: '1,a' })).toEqual(['ids']);
  });
});

describe('report export query', () => {
  it('reads the report query and the chosen metrics, and every level uncut', () => {
    const query = reportExportQuerySchema.parse({
      groupBy: 'campaign,token_1',
      sort: 'profit',
      order: 'asc',
      metrics: 'clicks,profit',
      'filter[country]': 'DE',
    });
    expect(query.metrics).toEqual(['clicks', 'profit']);
    expect(query.levels.map((level) => [level.dimension, level.sort, level.order, level.others])).toEqual([
      ['campaign', 'profit', 'asc', false],
      ['token_1', 'profit', 'asc', false],
    ]);
    expect(query.filters).toEqual({ country: ['DE'] });
    expect(reportExportQuerySchema.parse({ groupBy: 'offer' }).metrics).toBeNull();
  });

  it('writes CSV unless XLSX is asked for, and refuses other formats', () => {
    expect(reportExportQuerySchema.parse({ groupBy: 'offer' }).format).toBe('csv');
    expect(reportExportQuerySchema.parse({ groupBy: 'offer', format: 'xlsx' }).format).toBe('xlsx');
    expect(refusedFields(reportExportQuerySchema, { groupBy: 'offer', format: 'ods' })).toEqual(['format']);
  });

  it('refuses pages, limits, comparisons and unknown metrics', () => {
    for (const field of ['limit', 'pageSize', 'offset']) {
      expect(refusedFields(reportExportQuerySchema, { groupBy: 'offer', [field]: '5' })).toEqual([field]);
    }
    expect(refusedFields(reportExportQuerySchema, { groupBy: 'offer', compare: 'previous' })).toEqual([
      'compare',
    ]);
    expect(refusedFields(reportExportQuerySchema, { groupBy: 'offer', compareFrom: '2026-02-01' })).toEqual([
      'compareFrom',
    ]);
    expect(refusedFields(reportExportQuerySchema, { groupBy: 'offer', metrics: 'clicks,margin' })).toEqual([
      'metrics',
    ]);
    expect(refusedFields(reportExportQuerySchema, { groupBy: 'nope' })).toEqual(['groupBy']);
  });
});

describe('report answer', () => {
  it("carries the first level's row count, the next page and each parent's child count", () => {
    const metrics = Object.fromEntries(REPORT_METRICS.map((metric) => [metric, 0]));
    const row = { dimension: 'campaign', value: 1, name: 'A', metrics, childTotal: 40, children: [] };
    const answer = {
      rows: [row],
      total: 2314,
      nextOffset: 100,
      totals: metrics,
      range: { from: null, to: null },
    };
    expect(reportResponseSchema.parse(answer)).toEqual(answer);
    const { total: _, ...withoutTotal } = answer;
    expect(reportResponseSchema.safeParse(withoutTotal).success).toBe(false);
    expect(reportResponseSchema.safeParse({ ...answer, nextOffset: null }).success).toBe(true);
  });
});
