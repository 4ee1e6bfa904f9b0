import path from 'node:path';
import type { ReportDimension } from '@cairn/contract';
import { createClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, describeWithClickHouse, freshDatabaseName } from '../../../test-support/clickhouse.ts';
import { seededEvents as parityEvents } from '../../../test-support/reports.ts';
import { tempDir } from '../../../test-support/server.ts';
import { ClickHouseEventStore } from '../../store/events/clickhouse.ts';
import { DuckDbEventStore } from '../../store/events/duckdb.ts';
import type { EventStore } from '../../store/events/port.ts';
import { DIMENSION_SPECS } from '../dimensions.ts';
import { timeOf } from '../logs/clickLog.ts';
import { eventAggregates, SUM_COLUMNS } from '../metrics.ts';
import { offsetSegments } from '../timeRange.ts';
import { clickhouseDialect } from './clickhouseDialect.ts';
import { duckdbDialect, type ReportDialect } from './dialect.ts';
import { clickLogSql, entityStatsSql, SqlBuilder, whereSql } from './sql.ts';

// The same events in DuckDB and in a real ClickHouse must give the same rows, row for row, for every
// piece of SQL the dialects write: time buckets in a zone across a DST change, flow keys (concat),
// flags, tokens, entity stats and the click log's keyset paging. Whole reports (nested, top N and
// others, totals) through the report service are compared in service.clickhouse.test.ts.

const ZONE = 'Europe/Berlin';
// 20 days around the spring DST change (2026-03-29 in Berlin).
const FROM = Date.parse('2026-03-20T00:00:00Z');
const TO = Date.parse('2026-04-09T00:00:00Z');

const seededEvents = () => parityEvents(FROM - 86_400_000, 22);

const DIMENSIONS: ReportDimension[] = [
  'campaign',
  'country',
  'os',
  'rule',
  'path',
  'unique',
  'bot',
  'token_1',
  'conversion_status',
  'hour',
  'day',
  'week',
  'month',
  'day_of_week',
  'hour_of_day',
];

function builderFor(dialect: ReportDialect): SqlBuilder {
  return new SqlBuilder(dialect, offsetSegments(ZONE, FROM, TO));
}

function whereOf(builder: SqlBuilder): string {
  return whereSql(builder, {
    range: { from: FROM, to: TO },
    filters: { country: ['DE', 'US', "C'I"] },
    campaignIds: [1, 2, 3, 4, 6],
  });
}

async function groupedBy(store: EventStore, dialect: ReportDialect, dimension: ReportDimension) {
  const builder = builderFor(dialect);
  const spec = DIMENSION_SPECS[dimension];
  const where = whereOf(builder);
  const sql = builder.done(
    `SELECT ${spec.key(builder.env)} AS k, ${eventAggregates(dialect).join(', ')} FROM events WHERE ${where} GROUP BY k`,
  );
  const rows = await store.query(sql.text, sql.params);
  return rows
    .map((row) => [spec.value(row.k), ...SUM_COLUMNS.map((column) => Number(row[column]))])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

describeWithClickHouse('report SQL: DuckDB and ClickHouse agree', (serverUrl) => {
  const database = freshDatabaseName();
  describe('report SQL: DuckDB and ClickHouse agree row for row', () => {
    let duck: EventStore;
    let house: EventStore;
    beforeAll(async () => {
      const events = seededEvents();
      duck = await DuckDbEventStore.open(path.join(tempDir(), 'events.duckdb'));
      house = await ClickHouseEventStore.open({ url: databaseUrl(serverUrl, database) });
      await duck.append(events);
      await house.append(events, { source: 'parity', position: 1 });
    });
    afterAll(async () => {
      await duck?.close();
      await house?.close();
      const admin = createClient({ url: serverUrl });
      await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
      await admin.close();
    });

    it.each(DIMENSIONS)('grouped by %s', async (dimension) => {
      const expected = await groupedBy(duck, duckdbDialect, dimension);
      expect(expected.length).toBeGreaterThan(1);
      expect(await groupedBy(house, clickhouseDialect, dimension)).toEqual(expected);
    });

    it('entity stats', async () => {
      const stats = async (store: EventStore, dialect: ReportDialect) => {
        const builder = builderFor(dialect);
        const sql = entityStatsSql(builder, 'offer_id', [1, 2, 4], whereOf(builder));
        const rows = await store.query(sql.text, sql.params);
        return rows
          .map((row) => [Number(row.id), ...SUM_COLUMNS.map((c) => Number(row[c]))])
          .sort((a, b) => Number(a[0]) - Number(b[0]));
      };
      const expected = await stats(duck, duckdbDialect);
      expect(expected).toHaveLength(3);
      expect(await stats(house, clickhouseDialect)).toEqual(expected);
    });

    it('click log pages, newest first, through the cursor', async () => {
      const pages = async (store: EventStore, dialect: ReportDialect) => {
        const seen: string[] = [];
        let after: { time: number; clickId: string } | null = null;
        for (let page = 0; page < 4; page += 1) {
          const builder = builderFor(dialect);
          const sql = clickLogSql(builder, ['ts', 'click_id', 'country'], whereOf(builder), after, 50);
          const rows = (await store.query(sql.text, sql.params)).slice(0, 50);
          // To the millisecond in both stores (ClickHouse's ts alone is whole seconds).
          for (const row of rows) seen.push(`${row.click_id}/${row.country}/${timeOf(row)}`);
          const last = rows.at(-1);
          if (!last) break;
          after = { time: timeOf(last), clickId: String(last.click_id) };
        }
        return seen;
      };
      const expected = await pages(duck, duckdbDialect);
      expect(expected).toHaveLength(200);
      expect(await pages(house, clickhouseDialect)).toEqual(expected);
    });
  });
});
