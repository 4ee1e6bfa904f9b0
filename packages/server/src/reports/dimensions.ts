import type { DimensionValue, ReportDimension } from '@cairn/contract';
import { EVENT_COLUMNS, type EventColumn } from '../events/columns.ts';
import type { ReportDialect, TimeUnit } from './plan/dialect.ts';

// How each report dimension reads from the events table: the SQL of its group key, the wire value of a
// key the store returns, and the SQL of a filter value. Every key is one column or one expression over
// the row, so a report is a GROUP BY over the one table.

export interface SqlEnv {
  dialect: ReportDialect;
  /** The event's local time in the report's zone (see timeRange.ts). */
  local: string;
  /** Binds a text value and returns its placeholder. */
  bind(value: string): string;
}

export interface DimensionSpec {
  key(env: SqlEnv): string;
  value(raw: unknown): DimensionValue;
  literal(value: DimensionValue, env: SqlEnv): string;
  /** Needs the local time (a time bucket). */
  time?: boolean;
  /** The event columns the key reads besides `ts` (a report summary can serve it if it keeps them). */
  columns: readonly string[];
}

/** The stored column a dimension groups by as it is, from the event's column table. */
function columnOf(dimension: ReportDimension): string {
  const column = EVENT_COLUMNS.find((candidate) => candidate.dimension === dimension);
  if (!column) throw new Error(`no event column answers the ${dimension} dimension`);
  return column.name;
}

const ENTITY_DIMENSIONS = [
  'campaign',
  'offer',
  'landing',
  'rotation',
  'traffic_source',
  'affiliate_network',
  'group',
] as const;
export type EntityDimension = (typeof ENTITY_DIMENSIONS)[number];
const ENTITY_COLUMNS = Object.fromEntries(
  ENTITY_DIMENSIONS.map((dimension) => [dimension, columnOf(dimension)]),
) as Record<EntityDimension, string>;

export function entityColumn(dimension: EntityDimension): string {
  return ENTITY_COLUMNS[dimension];
}

const entity = (column: string): DimensionSpec => ({
  columns: [column],
  key: () => column,
  value: (raw) => Number(raw),
  literal: (value) => String(Math.trunc(Number(value))),
});

const text = (column: string): DimensionSpec => ({
  columns: [column],
  key: () => column,
  value: (raw) => (raw == null ? '' : String(raw)),
  literal: (value, env) => env.bind(String(value)),
});

const flag = (column: string, yes: string, no: string): DimensionSpec => ({
  columns: [column],
  key: () => column,
  value: (raw) => (raw === true || raw === 1 ? yes : no),
  literal: (value, env) => env.dialect.boolean(value === yes),
});

// A rule or path is only meaningful within its flow: a campaign's own (`c12`) or a rotation's (`r3`).
const flowOwner = (env: SqlEnv) =>
  `CASE WHEN rotation_id <> 0 THEN ${env.dialect.concat(["'r'", 'rotation_id'])} ELSE ${env.dialect.concat(["'c'", 'campaign_id'])} END`;

const flowKey = (columns: readonly string[], parts: (env: SqlEnv) => string[]): DimensionSpec => ({
  columns: ['rotation_id', 'campaign_id', ...columns],
  key: (env) => env.dialect.concat(parts(env)),
  value: (raw) => String(raw),
  literal: (value, env) => env.bind(String(value)),
});

const pad = (n: number) => String(n).padStart(2, '0');

/** A store timestamp holding local wall time, as the UTC-based ms of that wall time. */
function wallMs(raw: unknown): number {
  if (raw instanceof Date) return raw.getTime();
  if (typeof raw === 'number') return raw;
  const textValue = String(raw);
  return Date.parse(textValue.includes('T') ? textValue : `${textValue.replace(' ', 'T')}Z`);
}

function bucketText(unit: TimeUnit, ms: number): string {
  const date = new Date(ms);
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  if (unit === 'hour') return `${day} ${pad(date.getUTCHours())}:00`;
  if (unit === 'month') return day.slice(0, 7);
  return day;
}

function bucketStart(unit: TimeUnit, value: string): number {
  if (unit === 'hour') return Date.parse(`${value.replace(' ', 'T')}:00Z`);
  if (unit === 'month') return Date.parse(`${value}-01T00:00:00Z`);
  return Date.parse(`${value}T00:00:00Z`);
}

const bucket = (unit: TimeUnit): DimensionSpec => ({
  columns: [],
  key: (env) => env.dialect.truncate(unit, env.local),
  value: (raw) => bucketText(unit, wallMs(raw)),
  literal: (value, env) => env.dialect.timestamp(bucketStart(unit, String(value))),
  time: true,
});

const localNumber = (expr: (env: SqlEnv) => string): DimensionSpec => ({
  columns: [],
  key: expr,
  value: (raw) => Number(raw),
  literal: (value) => String(Math.trunc(Number(value))),
  time: true,
});

/** What a yes/no column's values read as in a report. */
const FLAG_LABELS: Partial<Record<ReportDimension, readonly [yes: string, no: string]>> = {
  unique: ['unique', 'non_unique'],
  bot: ['bot', 'human'],
};

function columnSpec(column: EventColumn, dimension: ReportDimension): DimensionSpec {
  if (column.type === 'id') return entity(column.name);
  if (column.type === 'flag') {
    const labels = FLAG_LABELS[dimension];
    if (!labels) throw new Error(`the ${dimension} dimension has no labels for its values`);
    return flag(column.name, ...labels);
  }
  return text(column.name);
}

/** Dimensions that group by one stored column as it is: made from the column table. */
const COLUMN_DIMENSIONS = Object.fromEntries(
  EVENT_COLUMNS.flatMap((column) =>
    column.dimension ? [[column.dimension, columnSpec(column, column.dimension)]] : [],
  ),
);

export const DIMENSION_SPECS: Record<ReportDimension, DimensionSpec> = {
  ...COLUMN_DIMENSIONS,
  rule: flowKey(['rule'], (env) => [flowOwner(env), "':'", 'rule']),
  path: flowKey(['rule', 'path'], (env) => [flowOwner(env), "':'", 'rule', "':'", 'path']),
  hour: bucket('hour'),
  day: bucket('day'),
  week: bucket('week'),
  month: bucket('month'),
  day_of_week: localNumber((env) => env.dialect.isoDayOfWeek(env.local)),
  hour_of_day: localNumber((env) => env.dialect.hourOfDay(env.local)),
} as Record<ReportDimension, DimensionSpec>;
