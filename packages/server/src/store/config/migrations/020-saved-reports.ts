import type { Migration } from '../migration.ts';

// Saved reports (savedReports/): a report's state as JSON under a name, per owner, shared with every user
// when `shared`. A name is unique per owner; the server checks it, since DuckDB can refuse an update of
// a row under a UNIQUE index that a rename of another row would have freed in the same transaction.
export const SAVED_REPORTS_MIGRATION: Migration = {
  version: 20,
  name: 'Saved reports',
  statements: [
    'CREATE SEQUENCE saved_reports_id_seq START 1',
    `CREATE TABLE saved_reports (
        id BIGINT PRIMARY KEY DEFAULT nextval('saved_reports_id_seq'),
        owner_id BIGINT NOT NULL,
        name VARCHAR NOT NULL,
        shared BOOLEAN NOT NULL,
        state VARCHAR NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      )`,
    'CREATE INDEX saved_reports_owner ON saved_reports (owner_id)',
  ],
};
