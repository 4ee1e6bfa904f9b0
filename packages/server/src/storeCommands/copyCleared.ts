import { Readable } from 'node:stream';
import { type ClickHouseClient, createClient } from '@clickhouse/client';
import { eventColumn } from '../events/columns.ts';
import type { DuckDbEventStore } from '../store/events/duckdb.ts';
import { CLEARED_CLICK_COLUMNS, ROLLUP_DIMENSIONS, ROLLUP_SUMS } from '../store/events/rollup.ts';
import { CopyMismatchError } from './copyConfig.ts';

// What auto-clearing kept of the embedded store's cleared events (see events/rollup.ts): the rollup, which
// reports add to the raw events, and the cleared clicks, which late conversions find. The event-store
// port only appends raw events, so these go into ClickHouse's own tables, in the shape its clearing
// writes them: the rollup rows as one clearing operation of their own, marked started while they are
// written (reports leave them out) and done once they are all there (reports count them), as an
// interrupted clear would be. DuckDB writes each row as a TabSeparated line, so no value passes
// through JavaScript one by one.

/** The clearing operation the copied rollup rows belong to; a re-run replaces its rows. */
export const COPIED_ROLLUP_OP = 'cairn-migrate-store';
// ClickHouse clearing states (events/clickhouseRollup.ts): what reports make of an operation's rows.
const STARTED = 1;
const DONE = 3;
const PAGE_ROWS = 100_000;
const POLL_MS = 200;

export interface ClearedCount {
  what: string;
  source: number;
  target: number;
}

function tsvText(column: string): string {
  return `replace(replace(replace(${column}, '\\', '\\\\'), chr(9), '\\t'), chr(10), '\\n')`;
}

/** One column of a stored row as TSV text, by its event column type. */
function tsvValue(name: string): string {
  const type = eventColumn(name).type;
  if (type === 'text') return tsvText(name);
  if (type === 'flag') return `CAST(CAST(${name} AS INTEGER) AS VARCHAR)`;
  return `CAST(${name} AS VARCHAR)`;
}

const ROLLUP_LINE = `concat_ws(chr(9), '${COPIED_ROLLUP_OP}', CAST(epoch_ms(ts) // 1000 AS VARCHAR), ${[
  ...ROLLUP_DIMENSIONS.map(tsvValue),
  ...ROLLUP_SUMS.map((sum) => `CAST(${sum.name} AS VARCHAR)`),
].join(', ')})`;
const ROLLUP_COLUMNS = ['op', 'ts', ...ROLLUP_DIMENSIONS, ...ROLLUP_SUMS.map((sum) => sum.name)];

const CLEARED_LINE = `concat_ws(chr(9), ${tsvText('click_id')}, CAST(epoch_ms(ts) // 1000 AS VARCHAR), CAST(epoch_ms(ts) % 1000 AS VARCHAR), ${CLEARED_CLICK_COLUMNS.map(tsvValue).join(', ')})`;
const CLEARED_COLUMNS = ['click_id', 'ts', 'ts_ms', ...CLEARED_CLICK_COLUMNS];

/** A client on the database named by a CAIRN_EVENTS_DB URL, as the ClickHouse event store reads it. */
export function clickHouseClient(url: string): ClickHouseClient {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\/+|\/+$/g, '')) || 'default';
  parsed.pathname = '/';
  return createClient({
    url: parsed,
    database,
    clickhouse_settings: { output_format_json_quote_64bit_integers: 0 },
  });
}

async function rows<T>(client: ClickHouseClient, query: string): Promise<T[]> {
  return (await client.query({ query, format: 'JSONEachRow' })).json<T>();
}

async function copyLines(
  source: DuckDbEventStore,
  client: ClickHouseClient,
  from: { table: string; line: string },
  to: { table: string; columns: string[] },
): Promise<number> {
  const bounds = await source.query<{ last: number | null }>(`SELECT max(rowid) AS last FROM ${from.table}`);
  const last = bounds[0]?.last ?? -1;
  let copied = 0;
  for (let first = 0; first <= Number(last); first += PAGE_ROWS) {
    const lines = await source.query<{ line: string }>(
      `SELECT ${from.line} AS line FROM ${from.table} WHERE rowid BETWEEN ${first} AND ${first + PAGE_ROWS - 1}`,
    );
    if (lines.length === 0) continue;
    await client.insert({
      table: to.table,
      values: Readable.from([`${lines.map((row) => row.line).join('\n')}\n`], { objectMode: false }),
      format: 'TabSeparated',
      columns: to.columns as [string, ...string[]],
    });
    copied += lines.length;
  }
  return copied;
}

async function mark(client: ClickHouseClient, state: number, beforeMs: number): Promise<void> {
  await client.command({
    query: `INSERT INTO clearings VALUES ('${COPIED_ROLLUP_OP}', ${Math.trunc(beforeMs)}, 0, [], ${state}, ${Date.now()})`,
  });
}

async function waitForMutations(client: ClickHouseClient): Promise<void> {
  for (;;) {
    const pending = await rows<{ n: number }>(
      client,
      "SELECT count() AS n FROM system.mutations WHERE database = currentDatabase() AND table = 'event_rollup' AND is_done = 0",
    );
    if (Number(pending[0]?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Copies the rollup and the cleared clicks into the ClickHouse database of `url` (the event store made
 * its tables when it opened). Resolves to the checked figures; nothing to copy: an empty list.
 */
export async function copyCleared(
  source: DuckDbEventStore,
  url: string,
  targetHeldEvents: boolean,
): Promise<ClearedCount[]> {
  const sums = ROLLUP_SUMS.map((sum) => `sum(${sum.name}) AS ${sum.name}`).join(', ');
  const [inSource] = await source.query<Record<string, number | null>>(
    `SELECT count(*) AS n, max(epoch_ms(ts)) AS last, ${sums} FROM event_rollup`,
  );
  const [clearedInSource] = await source.query<{ n: number }>('SELECT count(*) AS n FROM cleared_clicks');
  const rollupRows = Number(inSource?.n ?? 0);
  const clearedClicks = Number(clearedInSource?.n ?? 0);
  if (rollupRows === 0 && clearedClicks === 0) return [];
  const client = clickHouseClient(url);
  try {
    const [before] = await rows<{ n: number }>(client, 'SELECT count() AS n FROM cleared_clicks');
    if (rollupRows > 0) {
      // Reports leave a started operation's rows out, and a clear that finds it unfinished removes them.
      const beforeMs = Number(inSource?.last ?? 0) + 1;
      await mark(client, STARTED, beforeMs);
      await client.command({ query: `ALTER TABLE event_rollup DELETE WHERE op = '${COPIED_ROLLUP_OP}'` });
      await waitForMutations(client);
      await copyLines(
        source,
        client,
        { table: 'event_rollup', line: ROLLUP_LINE },
        { table: 'event_rollup', columns: ROLLUP_COLUMNS },
      );
      await mark(client, DONE, beforeMs);
    }
    await copyLines(
      source,
      client,
      { table: 'cleared_clicks', line: CLEARED_LINE },
      { table: 'cleared_clicks', columns: CLEARED_COLUMNS },
    );
    const [inTarget] = await rows<Record<string, number | string>>(
      client,
      `SELECT ${sums} FROM event_rollup WHERE op = '${COPIED_ROLLUP_OP}'`,
    );
    // FINAL: each cleared click once, however many copies ReplacingMergeTree has not folded yet.
    const [clearedInTarget] = await rows<{ n: number }>(
      client,
      'SELECT count() AS n FROM cleared_clicks FINAL',
    );
    const counts: ClearedCount[] = [
      ...['clicks', 'revenue'].map((name) => ({
        what: `rolled-up ${name}`,
        source: Number(inSource?.[name] ?? 0),
        target: Number(inTarget?.[name] ?? 0),
      })),
      { what: 'cleared clicks kept', source: clearedClicks, target: Number(clearedInTarget?.n ?? 0) },
    ];
    const held = targetHeldEvents || Number(before?.n ?? 0) > 0;
    const wrong = ROLLUP_SUMS.filter(
      (sum) => Number(inSource?.[sum.name] ?? 0) !== Number(inTarget?.[sum.name] ?? 0),
    ).map((sum) => `rolled-up ${sum.name}`);
    const cleared = counts.at(-1) as ClearedCount;
    if (held ? cleared.target < cleared.source : cleared.target !== cleared.source) wrong.push(cleared.what);
    if (wrong.length > 0) {
      throw new CopyMismatchError(
        `What auto-clearing kept differs after the copy (${wrong.join(', ')}). Run again with --allow-non-empty.`,
      );
    }
    return counts;
  } finally {
    await client.close();
  }
}
