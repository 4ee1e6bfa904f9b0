import type { Migration } from '../migration.ts';

// Triggers (triggers/): the rule as JSON (scope, window, conditions, limits) and its actions as JSON with
// channel secrets sealed by the installation key; the run history with its numbers; the cool-down of
// each row that fired; and what actions keep: token values added to lists per traffic source, and
// domains marked as needing attention. Times are epoch ms.
export const TRIGGERS_MIGRATION: Migration = {
  version: 13,
  name: 'Triggers',
  statements: [
    'CREATE SEQUENCE triggers_id_seq START 1',
    `CREATE TABLE triggers (
        id BIGINT PRIMARY KEY DEFAULT nextval('triggers_id_seq'),
        name VARCHAR NOT NULL,
        enabled BOOLEAN NOT NULL,
        dry_run BOOLEAN NOT NULL,
        rule VARCHAR NOT NULL,
        actions VARCHAR NOT NULL,
        created_by BIGINT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        last_checked_at BIGINT,
        last_fired_at BIGINT,
        channel_error VARCHAR
      )`,
    'CREATE SEQUENCE trigger_runs_id_seq START 1',
    `CREATE TABLE trigger_runs (
        id BIGINT PRIMARY KEY DEFAULT nextval('trigger_runs_id_seq'),
        trigger_id BIGINT NOT NULL,
        run_at BIGINT NOT NULL,
        outcome VARCHAR NOT NULL,
        dry_run BOOLEAN NOT NULL,
        details VARCHAR NOT NULL
      )`,
    'CREATE INDEX trigger_runs_trigger ON trigger_runs (trigger_id, run_at)',
    `CREATE TABLE trigger_cooldowns (
        trigger_id BIGINT NOT NULL,
        item_key VARCHAR NOT NULL,
        fired_at BIGINT NOT NULL,
        PRIMARY KEY (trigger_id, item_key)
      )`,
    `CREATE TABLE token_lists (
        list VARCHAR NOT NULL,
        traffic_source_id BIGINT NOT NULL,
        value VARCHAR NOT NULL,
        added_at BIGINT NOT NULL,
        trigger_id BIGINT,
        PRIMARY KEY (list, traffic_source_id, value)
      )`,
    `CREATE TABLE domain_attention (
        domain_id BIGINT PRIMARY KEY,
        reason VARCHAR NOT NULL,
        marked_at BIGINT NOT NULL,
        trigger_id BIGINT
      )`,
  ],
};
