import type { Migration } from '../../migration.ts';

// Cost sync (costSync/): a campaign mapped to a campaign at a traffic source through an integration
// account, with the outcome of its last sync; and a history of syncs (what each set, the source's words on
// a failure). Times are epoch ms, money micro-units of the tracker's currency.
export const COST_SYNC_MIGRATION: Migration = {
  version: 17,
  name: 'Cost sync mappings and runs',
  statements: [
    'CREATE SEQUENCE cost_sync_mappings_id_seq START 1',
    `CREATE TABLE cost_sync_mappings (
        id BIGINT PRIMARY KEY DEFAULT nextval('cost_sync_mappings_id_seq'),
        campaign_id BIGINT NOT NULL,
        account_id BIGINT NOT NULL,
        source_account_id VARCHAR NOT NULL,
        source_campaign_id VARCHAR NOT NULL,
        zone_token_slot INTEGER,
        enabled BOOLEAN NOT NULL,
        last_sync_at BIGINT,
        last_outcome VARCHAR NOT NULL,
        last_error VARCHAR,
        last_previous_cost_micros BIGINT,
        last_cost_micros BIGINT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
    'CREATE SEQUENCE cost_sync_runs_id_seq START 1',
    `CREATE TABLE cost_sync_runs (
        id BIGINT PRIMARY KEY DEFAULT nextval('cost_sync_runs_id_seq'),
        mapping_id BIGINT NOT NULL,
        campaign_id BIGINT NOT NULL,
        started_at BIGINT NOT NULL,
        from_day VARCHAR NOT NULL,
        to_day VARCHAR NOT NULL,
        outcome VARCHAR NOT NULL,
        error VARCHAR,
        token_expired BOOLEAN NOT NULL,
        rate_limited BOOLEAN NOT NULL,
        previous_cost_micros BIGINT NOT NULL,
        cost_micros BIGINT NOT NULL,
        targets INTEGER NOT NULL,
        changed_clicks INTEGER NOT NULL
      )`,
    'CREATE INDEX cost_sync_runs_mapping ON cost_sync_runs (mapping_id, started_at)',
  ],
};
