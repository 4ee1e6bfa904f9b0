import path from 'node:path';
import { REPORT_DIMENSIONS } from '@cairn/contract';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleClick } from '../../test-support/sampleEvents.ts';
import { tempDir } from '../../test-support/server.ts';
import { DIMENSION_SPECS } from '../reports/dimensions.ts';
import { DuckDbEventStore } from '../store/events/duckdb.ts';
import { clickFacts } from '../tracking/click/engine.ts';
import { compileEnrichmentCopy, enrichedFields } from '../tracking/enrich/eventFacts.ts';
import { createEnricher, type Enricher } from '../tracking/enrich/index.ts';
import { duckdbType, EVENT_COLUMNS, type EventColumn, eventFromRow } from './columns.ts';
import { blankEvent, EVENT_KIND } from './event.ts';

// The column table is the one place a column is declared: each consumer is compared with it here, so a
// consumer written by hand beside it (or a contract dimension with no column) fails instead of drifting.

/** Report dimensions that are computed (flow position, time buckets), not one stored column as it is. */
const COMPUTED_DIMENSIONS = ['rule', 'path', 'hour', 'day', 'week', 'month', 'day_of_week', 'hour_of_day'];

let enricher: Enricher;
beforeAll(async () => {
  enricher = await createEnricher({});
});
afterAll(() => {
  enricher.close();
});

describe('the event column table', () => {
  it('names each column and each event field once', () => {
    const names = EVENT_COLUMNS.map((column) => column.name);
    expect(new Set(names).size).toBe(names.length);
    const fields = EVENT_COLUMNS.map((column) =>
      typeof column.field === 'string' ? column.field : `tokens[${column.field.token}]`,
    );
    expect(new Set(fields).size).toBe(fields.length);
    // Every field of an event is stored: a field the table forgot would vanish at the first flush.
    const event = blankEvent(EVENT_KIND.click, '', 0);
    const scalarFields = Object.keys(event).filter((field) => field !== 'tokens');
    expect(fields.filter((field) => !field.startsWith('tokens[')).sort()).toEqual(scalarFields.sort());
    expect(fields.filter((field) => field.startsWith('tokens['))).toHaveLength(event.tokens.length);
  });

  it('gives the contract’s report dimensions their columns: every one a column or a computed one', () => {
    const fromColumns = EVENT_COLUMNS.flatMap((column) => (column.dimension ? [column.dimension] : []));
    expect(new Set(fromColumns).size).toBe(fromColumns.length);
    expect([...fromColumns, ...COMPUTED_DIMENSIONS].sort()).toEqual([...REPORT_DIMENSIONS].sort());
  });

  it('is what the reports group by: each column dimension reads its column', () => {
    for (const column of EVENT_COLUMNS) {
      if (column.dimension) expect(DIMENSION_SPECS[column.dimension].columns).toEqual([column.name]);
    }
  });

  it('is the DuckDB events table: every column, in order, with its type', async () => {
    const file = path.join(tempDir(), 'events.duckdb');
    const store = await DuckDbEventStore.open(file);
    await store.close();
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    try {
      const described = (await connection.runAndReadAll('DESCRIBE events')).getRowObjectsJS() as {
        column_name: string;
        column_type: string;
      }[];
      expect(described.map((row) => `${row.column_name} ${row.column_type}`)).toEqual(
        EVENT_COLUMNS.map((column) => `${column.name} ${duckdbType(column)}`),
      );
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it('reads a stored row back into the event it was written from', () => {
    const event = { ...sampleClick(Date.parse('2026-03-01T12:00:00.000Z')), asn: 4_200_000_000 };
    event.tokens[29] = 'last slot';
    const row = Object.fromEntries(EVENT_COLUMNS.map((column) => [column.name, column.get(event)]));
    expect(eventFromRow(row)).toEqual(event);
    // As the stores answer: times as dates or text, flags as 0/1, 64-bit sums as bigints.
    const stored = {
      ...row,
      ts: new Date(event.time),
      click_ts: new Date(event.clickTime).toISOString().replace('T', ' ').replace('Z', ''),
      is_unique: event.isUnique ? 1 : 0,
      is_bot: 0,
      cost_micros: BigInt(event.costMicros),
    };
    expect(eventFromRow(stored)).toEqual({ ...event, isBot: false });
  });
});

describe('the click engine’s enrichment copy', () => {
  it('takes every enriched column from a fact the enricher answers', () => {
    const enrichment = enricher.enrich({
      ip: '8.8.8.8',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      acceptLanguage: 'de-DE,de;q=0.9',
      referrer: 'https://www.news.example/story',
    });
    for (const { fact } of enrichedFields()) expect(Object.keys(enrichment)).toContain(fact);
  });

  it('fills each enriched column of a click from its fact, as the table maps them', () => {
    const userAgent =
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 Chrome/124.0.0.0 Mobile Safari/537.36';
    const event = clickFacts(enricher, '8.8.8.8', userAgent);
    const enrichment = enricher.enrich({ ip: '8.8.8.8', userAgent, acceptLanguage: '', referrer: '' });
    const enriched = EVENT_COLUMNS.filter((column): column is EventColumn & { field: string } =>
      Boolean(column.enrichment),
    );
    expect(enriched.length).toBeGreaterThan(10);
    for (const column of enriched) {
      expect(column.get(event)).toBe(enrichment[column.enrichment as keyof typeof enrichment]);
    }
    expect(event.country).toBe('US');
    expect(event.deviceType).toBe('mobile');
  });

  it('follows the table it is given, and refuses a name that is not a plain identifier', () => {
    const copy = compileEnrichmentCopy([{ field: 'city', fact: 'countryName' }]);
    const event = blankEvent(EVENT_KIND.click, '', 0);
    copy(event, { ...enricher.enrich({ ip: '8.8.8.8', userAgent: '', acceptLanguage: '', referrer: '' }) });
    expect(event.city).toBe('United States');
    expect(event.country).toBe('');
    expect(() =>
      compileEnrichmentCopy([{ field: 'city', fact: 'countryName; process.exit()' as 'countryName' }]),
    ).toThrow(/not a plain name/);
  });
});
