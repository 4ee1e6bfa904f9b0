import type { Migration } from '../migration.ts';
import { SETTINGS_USERS_MIGRATION } from './001-settings-users.ts';
import { ENTITY_TABLES_MIGRATION } from './002-entities.ts';
import { CAMPAIGN_TABLES_MIGRATION } from './003-campaigns.ts';
import { SESSION_LAST_SEEN_MIGRATION } from './004-session-last-seen.ts';
import { CONVERSIONS_MIGRATION } from './005-conversions.ts';
import { SHARED_NODE_STATE_MIGRATION } from './006-shared-node-state.ts';
import { CONVERSION_JOURNAL_BATCHES_MIGRATION } from './007-conversion-journal-batches.ts';
import { POSTBACK_KEYS_MIGRATION } from './008-postback-keys.ts';
import { API_KEYS_MIGRATION } from './009-api-keys.ts';
import { TLS_MIGRATION } from './010-tls.ts';
import { GEO_FILES_MIGRATION } from './011-geo-files.ts';
import { LANDER_FILES_MIGRATION } from './012-lander-files.ts';
import { TRIGGERS_MIGRATION } from './013-triggers.ts';
import { USER_COLUMNS_MIGRATION } from './014-user-columns.ts';
import { OFFER_CAPS_MIGRATION } from './015-offer-caps.ts';
import { OUTBOX_DESTINATION_MIGRATION } from './018-outbox-destination.ts';
import { SAVED_REPORTS_MIGRATION } from './020-saved-reports.ts';
import { INTEGRATIONS_MIGRATION } from './integrations/016-integrations.ts';
import { COST_SYNC_MIGRATION } from './integrations/017-cost-sync.ts';
import { CAMPAIGN_CONVERSIONS_OUT_MIGRATION } from './integrations/019-campaign-conversions-out.ts';

// The config store's migrations in order; a new one is a new file appended here (in a sub-folder when it
// belongs to a concern that has one, like integrations/; the version number stays global). Entity tables follow the
// same shape: a sequence-backed BIGINT id, TIMESTAMPTZ created_at/updated_at, and no foreign keys,
// because DuckDB refuses updates of rows that other rows reference; the server checks references.
export const MIGRATIONS: readonly Migration[] = [
  SETTINGS_USERS_MIGRATION,
  ENTITY_TABLES_MIGRATION,
  CAMPAIGN_TABLES_MIGRATION,
  SESSION_LAST_SEEN_MIGRATION,
  CONVERSIONS_MIGRATION,
  SHARED_NODE_STATE_MIGRATION,
  CONVERSION_JOURNAL_BATCHES_MIGRATION,
  POSTBACK_KEYS_MIGRATION,
  API_KEYS_MIGRATION,
  TLS_MIGRATION,
  GEO_FILES_MIGRATION,
  LANDER_FILES_MIGRATION,
  TRIGGERS_MIGRATION,
  USER_COLUMNS_MIGRATION,
  OFFER_CAPS_MIGRATION,
  INTEGRATIONS_MIGRATION,
  COST_SYNC_MIGRATION,
  OUTBOX_DESTINATION_MIGRATION,
  CAMPAIGN_CONVERSIONS_OUT_MIGRATION,
  SAVED_REPORTS_MIGRATION,
];
