import crypto from 'node:crypto';
import pg from 'pg';
import { PostgresConfigStore, parsePostgresUrl } from './postgres.ts';

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

export function freshSchemaName(): string {
  return `cairn_t_${crypto.randomBytes(6).toString('hex')}`;
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
