import type { Migration } from '../migration.ts';

// Sessions end after a spell of disuse as well as at their absolute lifetime; last_seen_at is when one was
// last used (refreshed at most once a minute). Sessions from before start from their creation time.
export const SESSION_LAST_SEEN_MIGRATION: Migration = {
  version: 4,
  name: 'session last use, for the idle timeout',
  statements: [
    'ALTER TABLE sessions ADD COLUMN last_seen_at TIMESTAMPTZ',
    'UPDATE sessions SET last_seen_at = created_at',
  ],
};
