import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_POSTBACK_PROCESSING,
  EVENT_EXPORT_PATHS,
  REPORT_PATHS,
  type ReportResponse,
} from '@cairn/contract';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, describeWithClickHouse, freshDatabaseName } from '../../test-support/clickhouse.ts';
import { errorFields, signedInAdmin } from '../../test-support/entities.ts';
import { seededEvents } from '../../test-support/reports.ts';
import { type TestBrowser, tempDir } from '../../test-support/server.ts';
import { customEvent } from '../conversions/customEvents.ts';
import { EVENT_KIND } from '../events/event.ts';
import type { RunningCairn } from '../index.ts';

// Raw events out through the real API, on each event store: the downloaded file, read back by DuckDB,
// holds the counts and sums the report API gives for the same range.

const FROM = Date.parse('2026-03-01T00:00:00Z');
const range = 'from=2026-03-01&to=2026-03-04';

async function download(
  admin: TestBrowser,
  url: string,
  query: string,
): Promise<{ file: string; response: Response }> {
  const response = await fetch(`${url}${EVENT_EXPORT_PATHS.events}?${query}`, {
    headers: { cookie: admin.cookieHeader() },
  });
  const ext = query.includes('format=csv') ? 'csv' : 'parquet';
  const file = path.join(tempDir('cairn-export-api-'), `events.${ext}`);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return { file, response };
}

interface Sums {
  clicks: number;
  cost: number;
  revenue: number;
  approved: number;
  pending: number;
  declined: number;
}

async function sumsOf(file: string): Promise<Sums> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const read = file.endsWith('.csv') ? `read_csv('${file}', header = true)` : `read_parquet('${file}')`;
    const [row] = (
      await connection.runAndReadAll(
        `SELECT count_if(kind = 'click') AS clicks,
           sum(CASE WHEN kind IN ('click', 'cost_change') THEN cost_micros ELSE 0 END) AS cost,
           sum(CASE WHEN kind = 'conversion' THEN revenue_micros ELSE 0 END) AS revenue,
           sum(CASE WHEN kind = 'conversion' THEN approved ELSE 0 END) AS approved,
           sum(CASE WHEN kind = 'conversion' THEN pending ELSE 0 END) AS pending,
           sum(CASE WHEN kind = 'conversion' THEN declined ELSE 0 END) AS declined
         FROM ${read}`,
      )
    ).getRowObjectsJson();
    return {
      clicks: Number(row?.clicks),
      cost: Number(row?.cost),
      revenue: Number(row?.revenue),
      approved: Number(row?.approved),
      pending: Number(row?.pending),
      declined: Number(row?.declined),
    };
  } finally {
    connection.closeSync();
  }
}

function describeExport(title: string, start: () => Promise<{ cairn: RunningCairn; browser: TestBrowser }>) {
  describe(title, () => {
    let cairn: RunningCairn;
    let admin: TestBrowser;
    beforeAll(async () => {
      ({ cairn, browser: admin } = await start());
      await cairn.events.append(seededEvents(FROM, 3, 3000));
    });
    afterAll(async () => {
      await cairn.close();
    });

    it('downloads Parquet and CSV whose counts and sums are the report totals of the range', async () => {
      const report = await admin.get(`${REPORT_PATHS.report}?groupBy=campaign&${range}&timezone=UTC`);
      const totals = report.json<ReportResponse>().totals;
      for (const format of ['parquet', 'csv']) {
        const { file, response } = await download(admin, cairn.url, `${range}&format=${format}&zone=UTC`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-disposition')).toContain(
          `cairn-events-2026-03-01-2026-03-04.${format}`,
        );
        expect(Number(response.headers.get('content-length'))).toBe(fs.statSync(file).size);
        const sums = await sumsOf(file);
        expect(sums, format).toEqual({
          clicks: totals.clicks,
          cost: totals.cost,
          revenue: totals.revenue,
          approved: totals.leadsApproved,
          pending: totals.leadsPending,
          declined: totals.leadsDeclined,
        });
        expect(Math.min(sums.clicks, sums.approved, sums.revenue)).toBeGreaterThan(0);
      }
      const { file } = await download(admin, cairn.url, `${range}&format=csv&zone=UTC&kind=conversions`);
      const conversionsOnly = await sumsOf(file);
      expect(conversionsOnly.clicks).toBe(0);
      expect(conversionsOnly.revenue).toBe(totals.revenue);
    });

    it("writes custom events with their slot and the slot's name, as many as the report counts", async () => {
      await cairn.tracking.conversions.saveSettings({
        ...DEFAULT_POSTBACK_PROCESSING,
        eventNames: ['Registration', 'Deposit'],
      });
      const clicks = seededEvents(FROM, 3, 30).filter((event) => event.kind === EVENT_KIND.click);
      const events = clicks
        .slice(0, 3)
        .map((click, index) => customEvent(click, index === 0 ? 1 : 2, click.time + 1000));
      await cairn.events.append(events);
      const report = await admin.get(`${REPORT_PATHS.report}?groupBy=campaign&${range}&timezone=UTC`);
      const totals = report.json<ReportResponse>().totals;
      expect([totals.event1, totals.event2]).toEqual([1, 2]);
      for (const format of ['parquet', 'csv']) {
        const { file } = await download(admin, cairn.url, `${range}&format=${format}&zone=UTC`);
        const connection = await (await DuckDBInstance.create(':memory:')).connect();
        try {
          const read = format === 'csv' ? `read_csv('${file}', header = true)` : `read_parquet('${file}')`;
          const rows = (
            await connection.runAndReadAll(
              `SELECT CAST(event_slot AS INTEGER) AS slot, CAST(event_name AS VARCHAR) AS name, CAST(count(*) AS INTEGER) AS events
               FROM ${read} WHERE kind = 'custom_event' GROUP BY ALL ORDER BY slot`,
            )
          ).getRowObjectsJson();
          expect(rows, format).toEqual([
            { slot: 1, name: 'Registration', events: totals.event1 },
            { slot: 2, name: 'Deposit', events: totals.event2 },
          ]);
        } finally {
          connection.closeSync();
        }
      }
      await cairn.tracking.conversions.saveSettings(DEFAULT_POSTBACK_PROCESSING);
    });

    it('refuses bad input with field messages, and anyone but an admin', async () => {
      const bad = await admin.get(`${EVENT_EXPORT_PATHS.events}?from=2026-03-05&to=2026-03-01&format=xml`);
      expect(bad.status).toBe(400);
      expect(errorFields(bad)).toEqual(['format']);
      const backwards = await admin.get(`${EVENT_EXPORT_PATHS.events}?from=2026-03-05&to=2026-03-01`);
      expect(errorFields(backwards)).toEqual(['to']);
      const tooLong = await admin.get(`${EVENT_EXPORT_PATHS.events}?from=2020-01-01&to=2026-03-01`);
      expect(tooLong.status).toBe(400);
      expect(errorFields(tooLong)).toEqual(['to']);
      const anonymous = await fetch(`${cairn.url}${EVENT_EXPORT_PATHS.events}?${range}`);
      expect(anonymous.status).toBe(401);
      const local = await fetch(`${cairn.url}${EVENT_EXPORT_PATHS.eventsLocal}?${range}`, {
        headers: { authorization: 'Bearer wrong' },
      });
      expect(local.status).toBe(404);
    });
  });
}

describeExport('raw events out on DuckDB', () => signedInAdmin());

describeWithClickHouse('raw events out on ClickHouse', (serverUrl) => {
  describeExport('raw events out on ClickHouse', async () => {
    const before = process.env.CAIRN_EVENTS_DB;
    process.env.CAIRN_EVENTS_DB = databaseUrl(serverUrl, freshDatabaseName());
    try {
      const started = await signedInAdmin();
      expect(started.cairn.events.dialect).toBe('clickhouse');
      return started;
    } finally {
      if (before === undefined) delete process.env.CAIRN_EVENTS_DB;
      else process.env.CAIRN_EVENTS_DB = before;
    }
  });
});
