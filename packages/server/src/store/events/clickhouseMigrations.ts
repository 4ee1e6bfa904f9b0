import { clickhouseType, EVENT_COLUMNS } from '../../events/columns.ts';
import { clickhouseRollupMigration } from './clickhouseRollup.ts';
import { CUSTOM_EVENT_SUMS } from './rollup.ts';

// The ClickHouse events schema and its steps (clickhouse.ts runs them): times are DateTime (seconds),
// and the millisecond part of ts and click_ts is kept in these columns beside them.

export const MS_COLUMNS = [
  { name: 'ts_ms', of: 'ts' },
  { name: 'click_ts_ms', of: 'click_ts' },
] as const;

const columnDefinitions = [
  ...EVENT_COLUMNS.map((c) => `${c.name} ${clickhouseType(c)}`),
  ...MS_COLUMNS.map((c) => `${c.name} UInt16`),
].join(', ');

// Idempotent statements per schema version (ClickHouse DDL is not transactional, and several nodes may
// start at once). Months are partitions, so retention drops whole months; the sort key serves reports
// (campaign, then time) and ends with the event id, which is what ReplacingMergeTree collapses on.
export const EVENT_MIGRATIONS: readonly string[][] = [
  [
    `CREATE TABLE IF NOT EXISTS events (${columnDefinitions}) ENGINE = ReplacingMergeTree PARTITION BY toYYYYMM(ts) ORDER BY (campaign_id, ts, click_id, kind, seq)`,
    // One row per write; the latest (by `written`) is the source's position, as an upsert would leave it.
    'CREATE TABLE IF NOT EXISTS journal_marks (source String, position Int64, written UInt64) ENGINE = ReplacingMergeTree(written) ORDER BY source',
    // Where each click sits in the events' sort key, found by its id in one small granule: a postback
    // scanning events by time alone reads every campaign's rows of that hour (measured 23x the rows).
    // Written by the adapter itself, not by a materialized view: a view's rows are not replayed when
    // the events they came from are already stored, so a crash between the two would lose them.
    "CREATE TABLE IF NOT EXISTS click_ids (click_id String, campaign_id Int32, ts DateTime('UTC')) ENGINE = ReplacingMergeTree PARTITION BY toYYYYMM(ts) ORDER BY click_id SETTINGS index_granularity = 1024",
  ],
  clickhouseRollupMigration(clickhouseType),
  // Int32 held no ASN from 2^31 up; a repeat by another node modifies to the type it has: a no-op.
  ['ALTER TABLE events MODIFY COLUMN asn UInt32'],
  // Custom events' slot: 0 for every event stored before. Reads and inserts name their columns.
  // No IF NOT EXISTS on every supported version: migrate() skips a column already there (a table the
  // first steps made with today's columns, or another node's run).
  [
    'ALTER TABLE events ADD COLUMN event_slot Int16',
    ...CUSTOM_EVENT_SUMS.map((sum) => `ALTER TABLE event_rollup ADD COLUMN ${sum.name} UInt64`),
  ],
];

const ADD_COLUMN = /^ALTER TABLE (\w+) ADD COLUMN (\w+) /;

/** Whether `statement` adds a column `present` (`table.column` names) already holds. */
export function addsPresentColumn(statement: string, present: ReadonlySet<string>): boolean {
  const added = ADD_COLUMN.exec(statement);
  return added !== null && present.has(`${added[1]}.${added[2]}`);
}

/**
 * Whether `error` says the column `statement` adds is there already (ClickHouse's DUPLICATE_COLUMN):
 * another node starting at once added it between the look and the statement.
 */
export function columnAlreadyAdded(statement: string, error: unknown): boolean {
  if (!ADD_COLUMN.test(statement)) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '44' || (typeof message === 'string' && message.includes('already exists'));
}
