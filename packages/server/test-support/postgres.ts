import crypto from 'node:crypto';
import pg from 'pg';
import { PostgresConfigStore, parsePostgresUrl } from '../src/store/config/postgres.ts';

// Tests against a real PostgreSQL (`eval "$(.ci/postgres.sh start)"` starts one and prints the variable).
// Every store a test opens lives in a schema of its own, dropped afterwards, so test files running in
// parallel, and runs that were killed half-way, never see each other's tables.

/** The server the PostgreSQL tests use; unset skips them. */
export const TEST_POSTGRES_URL: string | undefined = process.env.CAIRN_TEST_POSTGRES_URL || undefined;

export const POSTGRES_SKIP_REASON =
  'skipped: CAIRN_TEST_POSTGRES_URL is not set (eval "$(.ci/postgres.sh start)" starts a server and sets it)';

/** The URL of the test server, or an error naming the variable when there is none. */
export function testPostgresUrl(): string {
  if (!TEST_POSTGRES_URL) throw new Error(`PostgreSQL test without a server: ${POSTGRES_SKIP_REASON}`);
  return TEST_POSTGRES_URL;
}

// The name carries its creation time, so schemas a killed run (or a test that restarts a server on its
// data dir) left behind are dropped by a later run once they are surely unused.
const SCHEMA_PREFIX = 'cairn_t_';
const LEFTOVER_AGE_MS = 2 * 3600_000;

export function freshSchemaName(): string {
  const seconds = Math.floor(Date.now() / 1000).toString(36);
  return `${SCHEMA_PREFIX}${seconds}_${crypto.randomBytes(4).toString('hex')}`;
}

let swept: Promise<void> | null = null;

/** Drops test schemas older than two hours, once per process; failures only leave them for next time. */
export function sweepLeftoverSchemas(): Promise<void> {
  swept ??= (async () => {
    const client = new pg.Client({ connectionString: parsePostgresUrl(testPostgresUrl()).connectionString });
    await client.connect();
    try {
      const rows = await client.query<{ name: string }>(
        "SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'cairn\\_t\\_%'",
      );
      for (const { name } of rows.rows) {
        const created = Number.parseInt(name.slice(SCHEMA_PREFIX.length).split('_')[0] ?? '', 36) * 1000;
        if (Number.isFinite(created) && Date.now() - created > LEFTOVER_AGE_MS) {
          await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(name)} CASCADE`);
        }
      }
    } finally {
      await client.end();
    }
  })().catch(() => undefined);
  return swept;
}

/** The test server's URL with Cairn's `schema` parameter set. */
export function urlWithSchema(schema: string): string {
  const url = new URL(testPostgresUrl());
  url.searchParams.set('schema', schema);
  return url.toString();
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: parsePostgresUrl(testPostgresUrl()).connectionString });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(schema)} CASCADE`);
  } finally {
    await client.end();
  }
}

export interface TestPostgres {
  schema: string;
  url: string;
  /** Opens another store on the same schema: a second node. */
  open(): Promise<PostgresConfigStore>;
  /** Closes every store opened here and drops the schema. */
  dispose(): Promise<void>;
}

export function testPostgres(schema = freshSchemaName()): TestPostgres {
  const url = urlWithSchema(schema);
  void sweepLeftoverSchemas();
  const opened: PostgresConfigStore[] = [];
  return {
    schema,
    url,
    async open() {
      const store = await PostgresConfigStore.open(url);
      opened.push(store);
      return store;
    },
    async dispose() {
      await Promise.all(opened.splice(0).map((store) => store.close()));
      await dropSchema(schema);
    },
  };
}
