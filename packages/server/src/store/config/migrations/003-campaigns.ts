import type { Migration } from '../migration.ts';

// Campaigns and rotations in the shape of the other entity tables (see 002-entities.ts),
// flows as JSON text; and users joining the entity machinery, which needs their archived flag and the
// per-kind permissions (JSON text too: they are read whole with the user, never queried into).
const META = `archived BOOLEAN NOT NULL DEFAULT FALSE,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL`;

export const CAMPAIGN_TABLES_MIGRATION: Migration = {
  version: 3,
  name: 'campaigns, rotations and user permissions',
  statements: [
    'CREATE SEQUENCE rotations_id_seq START 1',
    `CREATE TABLE rotations (
        id BIGINT PRIMARY KEY DEFAULT nextval('rotations_id_seq'),
        name VARCHAR NOT NULL,
        group_id BIGINT,
        flow VARCHAR NOT NULL,
        notes VARCHAR NOT NULL,
        ${META}
      )`,
    'CREATE SEQUENCE campaigns_id_seq START 1',
    `CREATE TABLE campaigns (
        id BIGINT PRIMARY KEY DEFAULT nextval('campaigns_id_seq'),
        name VARCHAR NOT NULL,
        key VARCHAR NOT NULL,
        group_id BIGINT,
        traffic_source_id BIGINT,
        domain_id BIGINT,
        cost_model VARCHAR NOT NULL,
        cost_auto BOOLEAN NOT NULL,
        cost_micros BIGINT NOT NULL,
        currency VARCHAR NOT NULL,
        redirect_mode VARCHAR NOT NULL,
        uniqueness_hours BIGINT NOT NULL,
        status VARCHAR NOT NULL,
        rotation_id BIGINT,
        flow VARCHAR,
        notes VARCHAR NOT NULL,
        ${META}
      )`,
    'CREATE INDEX campaigns_key_idx ON campaigns (key)',
    'CREATE INDEX campaigns_group_id_idx ON campaigns (group_id)',
    'CREATE INDEX campaigns_rotation_id_idx ON campaigns (rotation_id)',
    // Added columns cannot be NOT NULL on DuckDB; the defaults fill existing rows and every insert.
    'ALTER TABLE users ADD COLUMN archived BOOLEAN DEFAULT FALSE',
    "ALTER TABLE users ADD COLUMN permissions VARCHAR DEFAULT '[]'",
    "ALTER TABLE users ADD COLUMN notes VARCHAR DEFAULT ''",
  ],
};
