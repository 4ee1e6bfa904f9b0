import type { Migration } from '../../migration.ts';

// Integrations (integrations/): ad platform accounts with their access token sealed by the installation
// key and the outcome of their last connection check; per traffic source, the account, pixel and event
// its conversions go out to. Outbox rows for a platform name the account and carry the request body (the
// token is added when sending, so a replaced token reaches rows already queued and no row holds it).
// Times are epoch ms.
export const INTEGRATIONS_MIGRATION: Migration = {
  version: 16,
  name: 'Integration accounts and conversions out',
  statements: [
    'CREATE SEQUENCE integration_accounts_id_seq START 1',
    `CREATE TABLE integration_accounts (
        id BIGINT PRIMARY KEY DEFAULT nextval('integration_accounts_id_seq'),
        platform VARCHAR NOT NULL,
        name VARCHAR NOT NULL,
        sealed_token VARCHAR NOT NULL,
        check_state VARCHAR NOT NULL,
        checked_at BIGINT,
        check_error VARCHAR,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
    `CREATE TABLE integration_conversions_out (
        traffic_source_id BIGINT PRIMARY KEY,
        account_id BIGINT NOT NULL,
        pixel_id VARCHAR NOT NULL,
        event_name VARCHAR NOT NULL,
        enabled BOOLEAN NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
    'ALTER TABLE s2s_outbox ADD COLUMN integration_account_id BIGINT',
    'ALTER TABLE s2s_outbox ADD COLUMN body VARCHAR',
  ],
};
