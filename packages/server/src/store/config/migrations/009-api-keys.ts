import type { Migration } from '../migration.ts';

// Keys for the public API. Only the SHA-256 of a key is kept (the key is 256 random bits, so a plain hash
// is as good as a slow one and lets a request find its key with one indexed lookup); `prefix` is the
// key's harmless first characters, shown in lists. Times are TIMESTAMPTZ like the sessions'.
export const API_KEYS_MIGRATION: Migration = {
  version: 9,
  name: 'API keys',
  statements: [
    'CREATE SEQUENCE api_keys_id_seq START 1',
    `CREATE TABLE api_keys (
        id BIGINT PRIMARY KEY DEFAULT nextval('api_keys_id_seq'),
        user_id BIGINT NOT NULL,
        name VARCHAR NOT NULL,
        key_hash VARCHAR NOT NULL UNIQUE,
        prefix VARCHAR NOT NULL,
        scope VARCHAR NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        last_used_at TIMESTAMPTZ,
        expires_at TIMESTAMPTZ
      )`,
    'CREATE INDEX api_keys_user_id ON api_keys (user_id)',
  ],
};
