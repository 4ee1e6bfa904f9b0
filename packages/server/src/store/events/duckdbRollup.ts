import { type EventColumn, eventColumn } from '../../events/columns.ts';
import { EVENT_KIND } from '../../events/event.ts';
import type { ClearScope } from './port.ts';
import {
  CLEARED,
  CLEARED_CLICK_COLUMNS,
  campaignCondition,
  ROLLUP_DIMENSIONS,
  ROLLUP_SLOT_SECONDS,
  ROLLUP_SUMS,
  rollupAsEventsColumns,
} from './rollup.ts';

// The embedded store's clearing (see rollup.ts): one transaction sums the events into event_rollup,
// copies their clicks into cleared_clicks and deletes them, so no report ever sees an event twice or
// not at all, and a crash leaves the store as it was before the clear.

/** The tables, as the events file's second migration creates them (`typeOf`: a column's DuckDB type). */
export function rollupMigration(typeOf: (column: EventColumn) => string): string[] {
  const typed = (name: string) => `${name} ${typeOf(eventColumn(name))} NOT NULL`;
  return [
    `CREATE TABLE event_rollup (ts TIMESTAMP NOT NULL, ${[
      ...ROLLUP_DIMENSIONS.map(typed),
      ...ROLLUP_SUMS.map((sum) => `${sum.name} BIGINT NOT NULL`),
    ].join(', ')})`,
    `CREATE TABLE cleared_clicks (${['click_id', 'ts', ...CLEARED_CLICK_COLUMNS].map(typed).join(', ')})`,
  ];
}

/** Events a clear takes: `before` as a bound TIMESTAMP text ($1). */
export function clearCondition(scope: ClearScope): string {
  return `ts < CAST($1 AS TIMESTAMP)${campaignCondition(scope)}`;
}

export function clearStatements(scope: ClearScope): { rollup: string; clicks: string; remove: string } {
  const where = clearCondition(scope);
  const dimensions = ROLLUP_DIMENSIONS.join(', ');
  const slot = `time_bucket(INTERVAL ${ROLLUP_SLOT_SECONDS} SECOND, ts)`;
  const kept = ['click_id', 'ts', ...CLEARED_CLICK_COLUMNS].join(', ');
  return {
    rollup: `INSERT INTO event_rollup (ts, ${dimensions}, ${ROLLUP_SUMS.map((sum) => sum.name).join(', ')}) SELECT ${slot} AS slot, ${dimensions}, ${ROLLUP_SUMS.map((sum) => sum.raw).join(', ')} FROM events WHERE ${where} GROUP BY slot, ${dimensions}`,
    clicks: `INSERT INTO cleared_clicks (${kept}) SELECT ${kept} FROM events WHERE ${where} AND kind = ${EVENT_KIND.click}`,
    remove: `DELETE FROM events WHERE ${where}`,
  };
}

export function countSql(scope: ClearScope): string {
  return `SELECT count(*) AS events, count_if(kind = ${EVENT_KIND.click}) AS clicks FROM events WHERE ${clearCondition(scope)}`;
}

/** The rollup as report SQL reads it. */
export const DUCKDB_ROLLUP_RELATION = `(SELECT ${rollupAsEventsColumns((column) =>
  column.type === 'text' ? `'${CLEARED}'` : column.type === 'flag' ? 'FALSE' : '0',
).join(', ')} FROM event_rollup)`;

export const findClearedClickSql = `SELECT * FROM cleared_clicks WHERE ts BETWEEN $1 AND $2 AND click_id = $3 LIMIT 1`;
