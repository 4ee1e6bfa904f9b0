import type { Migration } from '../migration.ts';

export const SETTINGS_USERS_MIGRATION: Migration = {
  version: 1,
  name: 'settings, users, sessions and audit log',
  statements: [
    `CREATE TABLE settings (
      key VARCHAR PRIMARY KEY,
      value VARCHAR NOT NULL
    )`,
    'CREATE SEQUENCE users_id_seq START 1',
    `CREATE TABLE users (
      id BIGINT PRIMARY KEY DEFAULT nextval('users_id_seq'),
      login VARCHAR NOT NULL UNIQUE,
      password_hash VARCHAR NOT NULL,
      role VARCHAR NOT NULL,
      can_create_users BOOLEAN NOT NULL DEFAULT FALSE,
      hide_profit BOOLEAN NOT NULL DEFAULT FALSE,
      disabled BOOLEAN NOT NULL DEFAULT FALSE,
      totp_secret_enc VARCHAR,
      totp_pending_secret_enc VARCHAR,
      totp_last_step BIGINT NOT NULL DEFAULT 0,
      auth_secret_enc VARCHAR NOT NULL,
      auth_secret_hash VARCHAR NOT NULL,
      created_at TIMESTAMPTZ NOT NULL,
      updated_at TIMESTAMPTZ NOT NULL
    )`,
    `CREATE TABLE sessions (
      id_hash VARCHAR PRIMARY KEY,
      user_id BIGINT NOT NULL,
      pending_two_factor BOOLEAN NOT NULL DEFAULT FALSE,
      created_at TIMESTAMPTZ NOT NULL,
      expires_at TIMESTAMPTZ NOT NULL,
      ip VARCHAR,
      user_agent VARCHAR
    )`,
    'CREATE INDEX sessions_user_id_idx ON sessions (user_id)',
    'CREATE SEQUENCE audit_log_id_seq START 1',
    `CREATE TABLE audit_log (
      id BIGINT PRIMARY KEY DEFAULT nextval('audit_log_id_seq'),
      occurred_at TIMESTAMPTZ NOT NULL,
      user_id BIGINT,
      action VARCHAR NOT NULL,
      entity_kind VARCHAR,
      entity_id BIGINT,
      details VARCHAR
    )`,
  ],
};
