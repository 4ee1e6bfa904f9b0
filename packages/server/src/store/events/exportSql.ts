import { EVENT_COLUMNS, type EventColumn } from '../../events/columns.ts';
import { EVENT_KIND } from '../../events/event.ts';
import { literal as clickhouseLiteral, dateTime } from './clickhouseSql.ts';
import { stringLiteral as duckdbLiteral, timestampLiteral } from './duckdbValues.ts';
import type { EventExportSpec } from './port.ts';

// The select list of a raw-event export, written once over the two stores. The columns are the event
// table's (events/columns.ts) in its order, so a column added there is exported with no change here;
// only their rendering differs: kind as its name, times as wall time in the chosen zone to the
// millisecond, flags as true/false (ClickHouse stores them as 0/1), money as integer micro-units as stored.
// After them comes event_name: a custom event's slot (event_slot) by the name it has in the settings when
// the file is written, so a reader need not look the slots up; '' for other rows and unnamed slots.

const KIND_NAMES: Record<number, string> = {
  [EVENT_KIND.click]: 'click',
  [EVENT_KIND.lpClick]: 'lp_click',
  [EVENT_KIND.conversion]: 'conversion',
  [EVENT_KIND.costChange]: 'cost_change',
  [EVENT_KIND.customEvent]: 'custom_event',
};

/** The column the export adds after the event table's. */
export const EXPORT_EVENT_NAME_COLUMN = 'event_name';

/** event_slot's name as a CASE over the named slots; each store writes its own string literals. */
function eventNameSql(spec: EventExportSpec, quote: (text: string) => string): string {
  const branches = (spec.eventNames ?? []).flatMap((name, index) =>
    name === '' ? [] : [`WHEN ${index + 1} THEN ${quote(name)}`],
  );
  const value = branches.length === 0 ? `''` : `CASE event_slot ${branches.join(' ')} ELSE '' END`;
  return `${value} AS ${EXPORT_EVENT_NAME_COLUMN}`;
}

function kindNameSql(): string {
  const branches = Object.entries(KIND_NAMES).map(([kind, name]) => `WHEN ${kind} THEN '${name}'`);
  return `CASE kind ${branches.join(' ')} ELSE '' END`;
}

/** `expr` moved by the offset in force at `column`, as a CASE over the segments' starts. */
function localSql(
  column: string,
  offsets: EventExportSpec['offsets'],
  at: (ms: number) => string,
  add: (expr: string, minutes: number) => string,
  expr: string,
): string {
  const [first, ...rest] = offsets;
  if (!first) return expr;
  if (rest.length === 0) return add(expr, first.offset);
  const branches: string[] = [];
  let current = first;
  for (const next of rest) {
    branches.push(`WHEN ${column} < ${at(next.from)} THEN ${add(expr, current.offset)}`);
    current = next;
  }
  return `CASE ${branches.join(' ')} ELSE ${add(expr, current.offset)} END`;
}

function kindsSql(kinds: readonly number[]): string {
  return kinds.map((kind) => Math.trunc(kind)).join(', ');
}

function isTime(column: EventColumn): column is EventColumn & { name: 'ts' | 'click_ts' } {
  return column.type === 'time';
}

/** The export's SELECT on DuckDB, where ts and click_ts hold milliseconds themselves. */
export function duckdbExportSelect(spec: EventExportSpec): string {
  const addMinutes = (expr: string, minutes: number) =>
    minutes === 0 ? expr : `(${expr} + INTERVAL (${Math.trunc(minutes)}) MINUTE)`;
  const columns = EVENT_COLUMNS.map((column) => {
    if (column.name === 'kind') return `${kindNameSql()} AS kind`;
    if (isTime(column)) {
      const local = localSql(column.name, spec.offsets, timestampLiteral, addMinutes, column.name);
      // Parquet keeps the TIMESTAMP type; CSV gets the same text ClickHouse's export writes.
      const value =
        spec.format === 'csv'
          ? `strftime(${local}, '%Y-%m-%d %H:%M:%S.%g')`
          : `CAST(${local} AS TIMESTAMP_MS)`;
      return `${value} AS ${column.name}`;
    }
    return column.name;
  });
  columns.push(eventNameSql(spec, duckdbLiteral));
  return (
    `SELECT ${columns.join(', ')} FROM events WHERE kind IN (${kindsSql(spec.kinds)}) ` +
    `AND ts >= ${timestampLiteral(spec.from)} AND ts < ${timestampLiteral(spec.to)}`
  );
}

/** Whether ClickHouse's export writes the column other than as stored. */
function clickhouseRenders(column: EventColumn): boolean {
  return column.name === 'kind' || column.type === 'time' || column.type === 'flag';
}

/** Text of a stored column for ClickHouse's CSV, matching DuckDB's export; `raw_` names the stored value. */
function clickhouseValue(column: EventColumn, spec: EventExportSpec): string {
  if (!clickhouseRenders(column)) return column.name;
  const raw = `raw_${column.name}`;
  if (column.name === 'kind') return `${kindNameSql().replace('CASE kind', `CASE ${raw}`)} AS kind`;
  if (isTime(column)) {
    const local = localSql(
      raw,
      spec.offsets,
      dateTime,
      (expr, minutes) => (minutes === 0 ? expr : `(${expr} + ${Math.trunc(minutes) * 60})`),
      raw,
    );
    // ts holds whole seconds; the milliseconds are kept apart (clickhouse.ts).
    return `concat(toString(${local}, 'UTC'), '.', substring(toString(1000 + ${column.name}_ms), 2, 3)) AS ${column.name}`;
  }
  return `if(${raw} != 0, 'true', 'false') AS ${column.name}`;
}

/**
 * The export's SELECT on ClickHouse (ts in whole seconds, its milliseconds in ts_ms). ClickHouse lets an
 * alias shadow a column in WHERE and refuses one named as the column it is made from, so the range is
 * taken in a subquery that hands the rendered columns on under other names.
 */
export function clickhouseExportSelect(spec: EventExportSpec): string {
  const inner = [
    ...EVENT_COLUMNS.map((column) =>
      clickhouseRenders(column) ? `${column.name} AS raw_${column.name}` : column.name,
    ),
    'ts_ms',
    'click_ts_ms',
  ];
  const ms = 'toUInt64(ts) * 1000 + ts_ms';
  const where =
    `kind IN (${kindsSql(spec.kinds)}) AND ts >= ${dateTime(spec.from)} AND ts <= ${dateTime(spec.to)} ` +
    `AND ${ms} >= ${Math.trunc(spec.from)} AND ${ms} < ${Math.trunc(spec.to)}`;
  const columns = EVENT_COLUMNS.map((column) => clickhouseValue(column, spec));
  columns.push(eventNameSql(spec, (text) => clickhouseLiteral(text)));
  return `SELECT ${columns.join(', ')} FROM (SELECT ${inner.join(', ')} FROM events WHERE ${where})`;
}

const DUCKDB_CSV_TYPES: Record<EventColumn['type'], string> = {
  id: 'INTEGER',
  small: 'SMALLINT',
  uint: 'UINTEGER',
  money: 'BIGINT',
  text: 'VARCHAR',
  flag: 'BOOLEAN',
  time: 'TIMESTAMP_MS',
};

/**
 * The columns of the export's CSV as DuckDB's read_csv `columns` struct, so a CSV written by ClickHouse
 * turns into the same Parquet as DuckDB's own export (a ClickHouse without the Parquet format).
 */
export function exportCsvColumns(): string {
  const entries = EVENT_COLUMNS.map(
    (column) => `'${column.name}': '${column.name === 'kind' ? 'VARCHAR' : DUCKDB_CSV_TYPES[column.type]}'`,
  );
  entries.push(`'${EXPORT_EVENT_NAME_COLUMN}': 'VARCHAR'`);
  return `{${entries.join(', ')}}`;
}
