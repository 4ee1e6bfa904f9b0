import type { Migration } from '../migration.ts';

// Outbox rows name the ad platform they go to, written when queued, so the conversion log still tells a
// Meta row from a TikTok one after its integration account is deleted; rows queued before this read it
// from their account while it exists. last_attempt_at is when the row was last sent (null before then).
export const OUTBOX_DESTINATION_MIGRATION: Migration = {
  version: 18,
  name: 'Outbox rows name their platform and last attempt',
  statements: [
    'ALTER TABLE s2s_outbox ADD COLUMN platform VARCHAR',
    'ALTER TABLE s2s_outbox ADD COLUMN last_attempt_at TIMESTAMPTZ',
    `UPDATE s2s_outbox SET platform = (SELECT a.platform FROM integration_accounts a
                                        WHERE a.id = s2s_outbox.integration_account_id)
      WHERE integration_account_id IS NOT NULL`,
  ],
};
