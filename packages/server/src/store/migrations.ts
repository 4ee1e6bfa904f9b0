import { CAMPAIGN_TABLES_MIGRATION } from '../entities/kinds/campaignMigration.ts';
import { ENTITY_TABLES_MIGRATION } from '../entities/migration.ts';
import type { ConfigStore } from './port.ts';

export interface Migration {
  /** Strictly increasing; never renumber or edit a shipped migration, add a new one instead. */
  version: number;
  name: string;
  /** Portable statements, run in order inside one transaction. */
  statements: readonly string[];
}

// Later issues append migrations here (offers, campaigns, permissions, ...). Entity tables follow the
// same shape: a sequence-backed BIGINT id, TIMESTAMPTZ created_at/updated_at, and no foreign keys,
// because DuckDB refuses updates of rows that other rows reference; the server checks references.
export const MIGRATIONS: readonly Migration[] = [
  {
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
  },
  ENTITY_TABLES_MIGRATION,
  CAMPAIGN_TABLES_MIGRATION,
];

export class SchemaTooNewError extends Error {}

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version BIGINT PRIMARY KEY,
  name VARCHAR NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL
)`;

export async function schemaVersion(store: ConfigStore): Promise<number> {
  await store.execute(CREATE_MIGRATIONS_TABLE);
  const rows = await store.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return rows[0]?.version ?? 0;
}

export interface MigrationRun {
  from: number;
  to: number;
  applied: Migration[];
}

export interface MigrateOptions {
  migrations?: readonly Migration[];
  now?: () => number;
  /** Called once before the first pending migration of a non-empty database (the embedded store backs up here). */
  beforeApply?: (currentVersion: number, next: Migration) => Promise<void>;
}

export async function migrate(store: ConfigStore, options: MigrateOptions = {}): Promise<MigrationRun> {
  const migrations = [...(options.migrations ?? MIGRATIONS)].sort((a, b) => a.version - b.version);
  const now = options.now ?? Date.now;
  const from = await schemaVersion(store);
  const latestKnown = migrations.at(-1)?.version ?? 0;
  if (from > latestKnown) {
    throw new SchemaTooNewError(
      `The database is at schema version ${from}, newer than this Cairn knows (${latestKnown}). ` +
        'Run the newer Cairn, or restore a backup taken before the upgrade with `cairn rollback`.',
    );
  }
  const pending = migrations.filter((migration) => migration.version > from);
  const first = pending[0];
  if (first && from > 0 && options.beforeApply) await options.beforeApply(from, first);
  for (const migration of pending) {
    await store.transaction(async (tx) => {
      for (const statement of migration.statements) await tx.execute(statement);
      await tx.execute(
        'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, CAST($3 AS TIMESTAMPTZ))',
        [migration.version, migration.name, new Date(now()).toISOString()],
      );
    });
  }
  return { from, to: pending.at(-1)?.version ?? from, applied: pending };
}
