import { type DuckDBAppender, timestampValue } from '@duckdb/node-api';
import { EVENT_COLUMNS, type EventColumn } from '../../events/columns.ts';
import type { TrackingEvent } from '../../events/event.ts';

// Values into and out of the embedded event store's SQL: journal lines as rows, events through the
// appender, and the literals that statements inline (DuckDB prunes row groups only on constants).

// Each journal line is a JSON array of EVENT_COLUMNS values in order (flags 0/1, times in ms).
// Each line is read once as a list of texts (the header and any torn line are not lists, so
// ignore_errors drops them) and its values taken by position: extracting every column with `json->>i`
// parsed the whole line again per column, five times the CPU per event.
export const JOURNAL_SELECT = EVENT_COLUMNS.map(
  (column, index) => `${journalValue(column.type, `line[${index + 1}]`)} AS ${column.name}`,
).join(', ');

function journalValue(type: EventColumn['type'], value: string): string {
  switch (type) {
    case 'text':
      return value;
    case 'flag':
      return `${value} = '1'`;
    case 'time':
      return `epoch_ms(${value}::BIGINT)`;
    case 'money':
      return `${value}::BIGINT`;
    case 'small':
      return `${value}::SMALLINT`;
    case 'uint':
      return `${value}::UINTEGER`;
    default:
      return `${value}::INTEGER`;
  }
}

/** One event as its journal line (journalCodec.ts), built by DuckDB on its own threads. */
export const JOURNAL_LINE = `CAST(json_array(${EVENT_COLUMNS.map((column) =>
  column.type === 'time'
    ? `epoch_ms(${column.name})`
    : column.type === 'flag'
      ? `CAST(${column.name} AS INTEGER)`
      : column.name,
).join(', ')}) AS VARCHAR)`;
/** A TIMESTAMP constant (ms precision, UTC wall time as stored). */
export function timestampLiteral(ms: number): string {
  return `TIMESTAMP '${isoOf(ms)}'`;
}

/** A VARCHAR constant: standard SQL strings, where only the quote itself is escaped (doubled). */
export function stringLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** Timestamps are stored as UTC wall time (TIMESTAMP without zone); ISO text casts to it in SQL. */
export function isoOf(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

export function appendEvent(appender: DuckDBAppender, event: TrackingEvent): void {
  for (const column of EVENT_COLUMNS) {
    const value = column.get(event);
    switch (column.type) {
      case 'text':
        appender.appendVarchar(value as string);
        break;
      case 'flag':
        appender.appendBoolean(value as boolean);
        break;
      case 'time':
        appender.appendTimestamp(timestampValue(BigInt(Math.trunc(value as number)) * 1000n));
        break;
      case 'money':
        appender.appendBigInt(BigInt(Math.trunc(value as number)));
        break;
      case 'small':
        appender.appendSmallInt(value as number);
        break;
      case 'uint':
        appender.appendUInteger(value as number);
        break;
      default:
        appender.appendInteger(value as number);
    }
  }
  appender.endRow();
}
