import type { Migration } from '../../migration.ts';

// A campaign's own conversions-out setting (integrations/), taking the place of its traffic source's:
// the same columns as integration_conversions_out, keyed by campaign. Times are epoch ms.
export const CAMPAIGN_CONVERSIONS_OUT_MIGRATION: Migration = {
  version: 19,
  name: 'Conversions out per campaign',
  statements: [
    `CREATE TABLE integration_campaign_conversions_out (
        campaign_id BIGINT PRIMARY KEY,
        account_id BIGINT NOT NULL,
        pixel_id VARCHAR NOT NULL,
        event_name VARCHAR NOT NULL,
        enabled BOOLEAN NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
  ],
};
