import type { Migration } from '../migration.ts';

// The hand-off of conversion events to a node's journal (conversions/writer.ts), one row per group commit:
// a batch's events as one JSON text. Written as 13 columns per event (conversion_journal) it cost a
// commit an appender's ~1 ms plus ~0.1 ms a column; one prepared single-row insert costs a fraction of
// that. conversion_journal stays for rows an older version left behind, which recovery still reads.
export const CONVERSION_JOURNAL_BATCHES_MIGRATION: Migration = {
  version: 7,
  name: 'conversion journal as one row per batch',
  statements: [
    `CREATE TABLE conversion_journal_batches (
        node_id VARCHAR NOT NULL,
        batch VARCHAR NOT NULL,
        events VARCHAR NOT NULL
      )`,
  ],
};
