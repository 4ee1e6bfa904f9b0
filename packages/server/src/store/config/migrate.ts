import type { Migration } from './migration.ts';
import { MIGRATIONS } from './migrations/index.ts';
import type { ConfigStore } from './port.ts';

export type { Migration } from './migration.ts';
export { MIGRATIONS } from './migrations/index.ts';

export class SchemaTooNewError extends Error {}

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version BIGINT PRIMARY KEY,
  name VARCHAR NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL
)`;

export async function schemaVersion(store: ConfigStore): Promise<number> {
  const created = await store.query<{ n: number }>(
    // current_schema(): a PostgreSQL database can hold other installations' (or test runs') schemas.
    "SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'schema_migrations' AND table_schema = current_schema()",
  );
  if (Number(created[0]?.n ?? 0) === 0) {
    await store.execute(CREATE_MIGRATIONS_TABLE);
    await store.checkpoint();
  }
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
    // DDL left in DuckDB's write-ahead log can fail to replay after a crash and keep the store from
    // opening; a checkpoint after each migration moves it into the main file at once.
    await store.checkpoint();
  }
  return { from, to: pending.at(-1)?.version ?? from, applied: pending };
}
