import type { DimensionValue, ReportDimension } from '@cairn/contract';
import type { ReportDialect, TimeUnit } from './dialect.ts';

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

const ENTITY_COLUMNS = {
  campaign: 'campaign_id',
  offer: 'offer_id',
  landing: 'landing_id',
  rotation: 'rotation_id',
  traffic_source: 'traffic_source_id',
  affiliate_network: 'affiliate_network_id',
  group: 'campaign_group_id',
} as const;
export type EntityDimension = keyof typeof ENTITY_COLUMNS;

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

const tokens = Object.fromEntries(
  Array.from({ length: 30 }, (_, index) => [`token_${index + 1}`, text(`t${index + 1}`)]),
);

export const DIMENSION_SPECS: Record<ReportDimension, DimensionSpec> = {
  campaign: entity(ENTITY_COLUMNS.campaign),
  offer: entity(ENTITY_COLUMNS.offer),
  landing: entity(ENTITY_COLUMNS.landing),
  rotation: entity(ENTITY_COLUMNS.rotation),
  traffic_source: entity(ENTITY_COLUMNS.traffic_source),
  affiliate_network: entity(ENTITY_COLUMNS.affiliate_network),
  group: entity(ENTITY_COLUMNS.group),
  rule: flowKey(['rule'], (env) => [flowOwner(env), "':'", 'rule']),
  path: flowKey(['rule', 'path'], (env) => [flowOwner(env), "':'", 'rule', "':'", 'path']),
  country: text('country'),
  region: text('region'),
  city: text('city'),
  isp: text('isp'),
  connection_type: text('connection_type'),
  device_type: text('device_type'),
  brand: text('brand'),
  model: text('model'),
  os: text('os'),
  os_version: text('os_version'),
  browser: text('browser'),
  browser_version: text('browser_version'),
  language: text('language'),
  ip: text('ip'),
  referrer_domain: text('referrer_domain'),
  ...(tokens as Record<`token_${number}`, DimensionSpec>),
  unique: flag('is_unique', 'unique', 'non_unique'),
  bot: flag('is_bot', 'bot', 'human'),
  conversion_status: text('status'),
  hour: bucket('hour'),
  day: bucket('day'),
  week: bucket('week'),
  month: bucket('month'),
  day_of_week: localNumber((env) => env.dialect.isoDayOfWeek(env.local)),
  hour_of_day: localNumber((env) => env.dialect.hourOfDay(env.local)),
} as Record<ReportDimension, DimensionSpec>;
