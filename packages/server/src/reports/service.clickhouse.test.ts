import {
  clickLogQuerySchema,
  conversionListQuerySchema,
  entityStatsQuerySchema,
  reportExportQuerySchema,
  reportQuerySchema,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BothStores, describeWithClickHouse, openBothStores } from '../../test-support/clickhouse.ts';
import {
  everyone,
  FROM,
  NOW,
  PARITY_REPORTS as REPORTS,
  scope,
  seededEvents,
  ZONE,
} from '../../test-support/reports.ts';
import type { DuckDbConfigStore } from '../store/config/duckdb.ts';
import type { EventStore } from '../store/events/port.ts';
import { comparisonQuery, withComparison } from './compare.ts';
import { listConversions } from './logs/conversionLog.ts';
import { ReportService } from './service.ts';

// Reports agree row for row between DuckDB and ClickHouse on the same seeded events: the whole answer of
// the report service (rows, nesting, names, pages and counts, top N and the others rows, totals, the
// range, the export's rows) for one, two
// and three levels, sorted by value and by metrics both ways, with filters, permissions and time buckets
// in a zone across a DST change; and the entity stats, the click log and the conversion log page by page.
// ClickHouse runs nested reports one query per level (levelQueries.ts), DuckDB in one query with
// windows, so this is what holds the two together.

describeWithClickHouse('reports agree between DuckDB and ClickHouse', (serverUrl) => {
  describe('reports agree row for row between DuckDB and ClickHouse on the same seeded events', () => {
    let stores: BothStores;
    let config: DuckDbConfigStore;
    let duck: EventStore;
    let house: EventStore;
    let onDuck: ReportService;
    let onHouse: ReportService;
    // Deriving every level's parents in SQL instead of listing them, as very wide reports do.
    let onHouseDerived: ReportService;
    beforeAll(async () => {
      const events = seededEvents(Date.parse(`${FROM}T00:00:00Z`) - 86_400_000, 21);
      stores = await openBothStores(serverUrl, events, 'parity');
      ({ config, duck, house } = stores);
      onDuck = new ReportService(duck, config, () => NOW);
      onHouse = new ReportService(house, config, () => NOW);
      onHouseDerived = new ReportService(house, config, () => NOW, { maxInlineParents: 0 });
    });
    afterAll(async () => {
      await stores?.close();
    });

    it.each(REPORTS)('%s', async (_, query, viewer = everyone) => {
      const parsed = reportQuerySchema.parse(query);
      const expected = await onDuck.report(parsed, viewer);
      expect(await onHouse.report(parsed, viewer)).toEqual(expected);
      if (parsed.levels.length > 1) expect(await onHouseDerived.report(parsed, viewer)).toEqual(expected);
    });

    it('compares with a chosen period and with the previous one alike, by either event time', async () => {
      for (const extra of [
        { compare: 'custom', compareFrom: '2026-03-21', compareTo: '2026-03-24' },
        { compare: 'previous', conversionTime: 'click' },
        { compare: 'custom', compareFrom: '2026-03-24', compareTo: '2026-03-27', conversionTime: 'click' },
      ]) {
        const range = { from: '2026-03-28', to: '2026-04-02', timezone: ZONE };
        const parsed = reportQuerySchema.parse({
          groupBy: 'campaign,country',
          limit: '3,2',
          ...range,
          ...extra,
        });
        const compared = async (service: ReportService) => {
          const current = await service.report(parsed, everyone);
          const other = comparisonQuery(parsed, current);
          if (!other) throw new Error('no period to compare with');
          return withComparison(current, await service.report(other, everyone));
        };
        const expected = await compared(onDuck);
        expect(expected.comparison?.totals.previous.clicks).toBeGreaterThan(100);
        expect(expected.rows[0]?.comparison?.previous.leads).toBeGreaterThan(0);
        expect(await compared(onHouse)).toEqual(expected);
      }
    });

    it('holds top N and others rows on every level of the three-level report', async () => {
      // What the comparisons above rest on: the shapes they compare are really there.
      const parsed = reportQuerySchema.parse(REPORTS[3]?.[1]);
      const report = await onHouse.report(parsed, everyone);
      const others = (rows: typeof report.rows) => rows.filter((row) => row.value === null);
      expect(report.rows).toHaveLength(4);
      expect(others(report.rows)[0]?.others).toBe(3);
      const second = report.rows[0]?.children ?? [];
      expect(second).toHaveLength(3);
      expect(others(second)[0]?.others).toBe(3);
      expect(others(second[0]?.children ?? [])).toHaveLength(1);
      const clicks = report.rows.reduce((sum, row) => sum + row.metrics.clicks, 0);
      expect(clicks).toBe(report.totals.clicks);
      expect(report.totals.clicks).toBeGreaterThan(2500);
    });

    it('pages cover every row once, and the exports agree row for row', async () => {
      const all = reportQuerySchema.parse({
        groupBy: 'country',
        sort: 'profit',
        order: 'asc',
        pageSize: '100',
        ...scope,
      });
      const whole = await onDuck.report(all, everyone);
      expect(whole.total).toBeGreaterThan(3);
      const paged: unknown[] = [];
      for (let offset = 0; offset < whole.total; offset += 2) {
        const page = reportQuerySchema.parse({
          groupBy: 'country',
          sort: 'profit',
          order: 'asc',
          pageSize: '2',
          offset: String(offset),
          ...scope,
        });
        const answer = await onHouse.report(page, everyone);
        expect([answer.total, answer.totals]).toEqual([whole.total, whole.totals]);
        paged.push(...answer.rows.map((row) => row.value));
      }
      expect(paged).toEqual(whole.rows.map((row) => row.value));
      for (const query of [
        { groupBy: 'token_1', sort: 'profit', order: 'asc', ...scope },
        { groupBy: 'campaign,country,os', sort: 'roi,value,clicks', order: 'desc,asc,desc', ...scope },
      ]) {
        const parsed = reportExportQuerySchema.parse(query);
        const read = async (service: ReportService) => {
          const rows: unknown[] = [];
          for await (const part of service.exportRows(parsed, everyone)) {
            rows.push(...('rows' in part ? part.rows : [part.totals]));
          }
          return rows;
        };
        const expected = await read(onDuck);
        expect(expected.length).toBeGreaterThan(5);
        expect(await read(onHouse)).toEqual(expected);
      }
    });

    it('entity stats, with an order', async () => {
      for (const query of [
        { kind: 'offer', ...scope },
        { kind: 'campaign', ids: '1,2,3,9', sortBy: 'roi', order: 'asc', ...scope },
        { kind: 'landing', sortBy: 'clicks', preset: 'all_time', timezone: ZONE },
      ]) {
        const parsed = entityStatsQuerySchema.parse(query);
        const expected = await onDuck.entityStats(parsed, everyone, null);
        expect(Object.keys(expected.stats).length).toBeGreaterThan(1);
        expect(await onHouse.entityStats(parsed, everyone, null)).toEqual(expected);
      }
    });

    it('the click log, page by page through its cursor', async () => {
      const pages = async (service: ReportService) => {
        const rows: unknown[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 5; page += 1) {
          const query = { columns: 'time,click_id,campaign,path,country,unique,cost', limit: '40', ...scope };
          const parsed = clickLogQuerySchema.parse(cursor ? { ...query, cursor } : query);
          const answer = await service.clicks(parsed, { campaignIds: [1, 2, 3, 6] });
          rows.push(...answer.rows);
          if (!answer.nextCursor) break;
          cursor = answer.nextCursor;
        }
        return rows;
      };
      const expected = await pages(onDuck);
      expect(expected).toHaveLength(200);
      expect(await pages(onHouse)).toEqual(expected);
    });

    it("the click log's search by a token value and by a pasted click id, and a click's conversions", async () => {
      const search = async (
        service: ReportService,
        query: Record<string, string>,
        range: Record<string, string> = scope,
      ) => {
        const parsed = clickLogQuerySchema.parse({ columns: 'campaign,token_1', ...range, ...query });
        return (await service.clicks(parsed, everyone)).rows;
      };
      const byToken = await search(onDuck, { token: 'zone3', limit: '50' });
      expect(byToken.length).toBeGreaterThan(5);
      expect(byToken.every((row) => row.token_1 === 'zone3')).toBe(true);
      expect(await search(onHouse, { token: 'zone3', limit: '50' })).toEqual(byToken);
      // A converted click, found by its id whatever the period, and its conversions alike on both.
      const [converted] = await listConversions(duck, config, {
        query: conversionListQuerySchema.parse({ limit: '1', ...scope }),
        campaignIds: null,
        now: () => NOW,
        showDeliveryDetail: true,
        hideProfit: false,
      }).then((answer) => answer.rows);
      const id = converted?.clickId ?? '';
      const today = { preset: 'today', timezone: ZONE };
      const byId = await search(onDuck, { clickId: id.toUpperCase() }, today);
      expect(byId.map((row) => row.click_id)).toEqual([id]);
      expect(await search(onHouse, { clickId: id }, today)).toEqual(byId);
      const ofClick = (events: EventStore) =>
        listConversions(events, config, {
          query: conversionListQuerySchema.parse({ preset: 'all_time', limit: '500' }),
          campaignIds: null,
          now: () => NOW,
          showDeliveryDetail: true,
          hideProfit: false,
          click: { id, time: Date.parse(converted?.clickTime ?? '') },
        });
      const conversions = await ofClick(duck);
      expect(conversions.rows.length).toBeGreaterThan(0);
      expect(conversions.rows.every((row) => row.clickId === id)).toBe(true);
      expect(await ofClick(house)).toEqual(conversions);
    });

    it('the conversion log, page by page, with a status filter', async () => {
      const pages = async (events: EventStore, filters: Record<string, string>) => {
        const rows: unknown[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 4; page += 1) {
          const query = { limit: '25', ...scope, ...filters, ...(cursor ? { cursor } : {}) };
          const answer = await listConversions(events, config, {
            query: conversionListQuerySchema.parse(query),
            campaignIds: null,
            now: () => NOW,
            showDeliveryDetail: true,
            hideProfit: false,
          });
          rows.push(...answer.rows);
          if (!answer.nextCursor) break;
          cursor = answer.nextCursor;
        }
        return rows;
      };
      const filtered: Record<string, string>[] = [
        {},
        { 'filter[conversion_status]': 'approved', 'filter[country]': 'US,FR' },
      ];
      for (const filters of filtered) {
        const expected = await pages(duck, filters);
        expect(expected.length).toBeGreaterThan(20);
        expect(await pages(house, filters)).toEqual(expected);
      }
    });

    // Last: it changes the stores. Reports then read the raw events and the rollup of the cleared ones.
    it('agrees again once the first week is cleared into the rollup', { timeout: 120_000 }, async () => {
      const clear = { before: Date.parse('2026-03-27T00:00:00Z'), only: null, keep: [3] };
      const cleared = await duck.clearBefore(clear);
      expect(cleared.clicks).toBeGreaterThan(500);
      expect(await house.clearBefore(clear)).toEqual(cleared);
      for (const [, query, viewer = everyone] of REPORTS) {
        const parsed = reportQuerySchema.parse(query);
        const expected = await onDuck.report(parsed, viewer);
        expect(await onHouse.report(parsed, viewer)).toEqual(expected);
        if (parsed.levels.length > 1) {
          expect(await onHouseDerived.report(parsed, viewer)).toEqual(expected);
        }
      }
      const stats = entityStatsQuerySchema.parse({ kind: 'campaign', sortBy: 'profit', ...scope });
      expect(await onHouse.entityStats(stats, everyone, null)).toEqual(
        await onDuck.entityStats(stats, everyone, null),
      );
    });
  });
});
