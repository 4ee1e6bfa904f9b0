// The report dialect of the ClickHouse event store (ReportDialect of dialect.ts, which picks it for a
// store whose dialect is 'clickhouse'). It imports nothing, so dialect.ts can import it without a
// cycle. Every function here exists in ClickHouse 18.16 and in current releases:
// - `ts` is DateTime('UTC') in whole seconds, so instants are toDateTime(seconds, 'UTC');
// - toMonday and toStartOfMonth return a Date: they are turned back into a DateTime at UTC midnight,
//   so every bucket reads back as the same "YYYY-MM-DD hh:mm:ss" text;
// - concat takes only strings on 18.16, so every part goes through toString;
// - `$n` placeholders are bound by the adapter (18.16 has no server-side query parameters);
// - there is no TRUE or FALSE: flags are UInt8, compared with 1 and 0;
// - the milliseconds of ts and click_ts are in ts_ms and click_ts_ms (DateTime64 is 20.x).
// 18.16 has no WITH name AS (subquery) and no window functions (row_number), which came in 20.x and
// 21.x, so nested reports run one query per level (levelQueries.ts) on every ClickHouse; `cte` writes
// the form current releases read.

type TimeUnit = 'hour' | 'day' | 'week' | 'month';

const seconds = (ms: number) => Math.floor(ms / 1000);

export const clickhouseDialect = {
  name: 'clickhouse' as const,
  param: (n: number): string => `$${n}`,
  timestamp: (ms: number): string => `toDateTime(${seconds(ms)}, 'UTC')`,
  addMinutes: (expr: string, minutes: number): string =>
    minutes === 0 ? expr : `addMinutes(${expr}, ${Math.trunc(minutes)})`,
  truncate: (unit: TimeUnit, expr: string): string => {
    switch (unit) {
      case 'hour':
        return `toStartOfHour(${expr})`;
      case 'day':
        return `toStartOfDay(${expr})`;
      case 'week':
        return `toDateTime(toMonday(${expr}), 'UTC')`;
      default:
        return `toDateTime(toStartOfMonth(${expr}), 'UTC')`;
    }
  },
  hourOfDay: (expr: string): string => `toHour(${expr})`,
  isoDayOfWeek: (expr: string): string => `toDayOfWeek(${expr})`,
  countIf: (condition: string): string => `countIf(${condition})`,
  sumIf: (expr: string, condition: string): string => `sumIf(${expr}, ${condition})`,
  concat: (parts: readonly string[]): string =>
    `concat(${parts.map((part) => (/^'.*'$/s.test(part) ? part : `toString(${part})`)).join(', ')})`,
  cte: (name: string, body: string): string => `${name} AS (${body})`,
  windowFunctions: false,
  boolean: (value: boolean): string => (value ? '1' : '0'),
  epochMs: (column: 'ts' | 'click_ts'): string => `(toInt64(${column}) * 1000 + ${column}_ms)`,
  timeOrder: 'time_ms' as const,
};
