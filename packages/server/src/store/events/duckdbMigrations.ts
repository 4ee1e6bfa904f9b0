import { duckdbType, EVENT_COLUMNS } from '../../events/columns.ts';
import { rollupMigration } from './duckdbRollup.ts';
import { summaryMigration } from './duckdbSummary.ts';
import { CUSTOM_EVENT_SUMS } from './rollup.ts';

// Statements that bring an events file up to date, in order; the version of the last one applied is
// kept in the file, and every step is checkpointed so a crash never leaves DDL in the write-ahead log.
export const EVENT_MIGRATIONS: readonly string[][] = [
  [
    `CREATE TABLE events (${EVENT_COLUMNS.map((c) => `${c.name} ${duckdbType(c)} NOT NULL`).join(', ')})`,
    'CREATE TABLE journal_marks (source VARCHAR PRIMARY KEY, position BIGINT NOT NULL)',
  ],
  rollupMigration(duckdbType),
  summaryMigration(duckdbType),
  // The ASN was a signed INTEGER, which refused 4-byte ASNs from 2^31 up (the shipped ASN data has one:
  // AS4294967294), so such a visitor's click could not be journaled. Every stored value fits the new type.
  ['ALTER TABLE events ALTER COLUMN asn SET DATA TYPE UINTEGER'],
  // Custom events (conversions/customEvents.ts): the slot an event counts in, and the rollup's and the
  // summary's counts per slot. Nothing stored before was a custom event, so 0 is what each holds.
  // IF NOT EXISTS: a file the steps above made with today's columns has them already.
  [
    'ALTER TABLE events ADD COLUMN IF NOT EXISTS event_slot SMALLINT DEFAULT 0',
    ...['event_rollup', 'report_summary'].flatMap((table) =>
      CUSTOM_EVENT_SUMS.map(
        (sum) => `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${sum.name} BIGINT DEFAULT 0`,
      ),
    ),
  ],
];
