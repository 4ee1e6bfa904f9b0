import { rollupMigration } from './duckdbRollup.ts';
import { summaryMigration } from './duckdbSummary.ts';
import { type ColumnType, EVENT_COLUMNS } from './schema.ts';

const DUCKDB_TYPES: Record<ColumnType, string> = {
  id: 'INTEGER',
  small: 'SMALLINT',
  uint: 'UINTEGER',
  money: 'BIGINT',
  text: 'VARCHAR',
  flag: 'BOOLEAN',
  time: 'TIMESTAMP',
};

// Statements that bring an events file up to date, in order; the version of the last one applied is
// kept in the file, and every step is checkpointed so a crash never leaves DDL in the write-ahead log.
export const EVENT_MIGRATIONS: readonly string[][] = [
  [
    `CREATE TABLE events (${EVENT_COLUMNS.map((c) => `${c.name} ${DUCKDB_TYPES[c.type]} NOT NULL`).join(', ')})`,
    'CREATE TABLE journal_marks (source VARCHAR PRIMARY KEY, position BIGINT NOT NULL)',
  ],
  rollupMigration((column) => DUCKDB_TYPES[column.type]),
  summaryMigration((column) => DUCKDB_TYPES[column.type]),
  // The ASN was a signed INTEGER, which refused 4-byte ASNs from 2^31 up (the shipped ASN data has one:
  // AS4294967294), so such a visitor's click could not be journaled. Every stored value fits the new type.
  ['ALTER TABLE events ALTER COLUMN asn SET DATA TYPE UINTEGER'],
];
