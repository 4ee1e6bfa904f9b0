import type { Migration } from '../migration.ts';

// Forged postbacks (issue 43): a network may opt out of the postback key, only together with an IP
// allow-list; a conversion counts its changes per day (a cap against endless reversals) and remembers the
// statuses its traffic source was told about, so each is reported once.
export const POSTBACK_KEYS_MIGRATION: Migration = {
  version: 8,
  name: 'postback keys: keyless opt-in, change cap, statuses reported',
  statements: [
    'ALTER TABLE affiliate_networks ADD COLUMN accept_keyless_postbacks BOOLEAN DEFAULT false',
    'UPDATE affiliate_networks SET accept_keyless_postbacks = false',
    'ALTER TABLE conversions ADD COLUMN changes_day INTEGER DEFAULT 0',
    'ALTER TABLE conversions ADD COLUMN changes_that_day INTEGER DEFAULT 0',
    "ALTER TABLE conversions ADD COLUMN reported_statuses VARCHAR DEFAULT ''",
    "UPDATE conversions SET changes_day = 0, changes_that_day = 0, reported_statuses = ''",
  ],
};
