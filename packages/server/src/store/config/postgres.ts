import crypto from 'node:crypto';
import pg from 'pg';
import { SerialQueue } from '../serialQueue.ts';
import {
  type ConfigStore,
  type InsertColumn,
  insertWithValues,
  type Row,
  type Sql,
  type SqlParam,
} from './port.ts';

// The config store of a many-node installation: every node holds a pool on one PostgreSQL database and
// runs the same portable SQL as the embedded DuckDB store (see port.ts).
//
// Transactions run at READ COMMITTED and, first thing, take one transaction-scoped advisory lock, so config
// transactions run one at a time across all nodes, as they do on DuckDB's single queue. READ COMMITTED plus
// the unique constraints alone would not do: the entity machinery checks before it writes (case-insensitive
// unique names and hosts, "is it still used" before a delete, references before pointing at them), and two
// nodes could both pass such a check. Serialised, each statement of the next transaction sees everything the
// previous one committed (PostgreSQL releases a transaction's locks only after its commit is visible).
// Config writes are rare panel edits, so the queue costs nothing a user notices; reads never take it.

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Schema names this adapter accepts: they go into search_path, channel names and lock keys unquoted. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,39}$/;

export interface PostgresConfigStoreOptions {
  /** Keep Cairn's tables in this schema (made when missing) instead of the connection's default. */
  schema?: string;
  /** Pool size per node. */
  max?: number;
  /** Errors of idle pooled connections (the database restarted, a network cut); they are replaced. */
  onError?: (error: unknown) => void;
}

/** The outcome of `tryWithLock`: whether this caller got the lock and ran the work. */
export type LockedRun<T> = { ran: true; value: T } | { ran: false };

// BIGINT arrives as text from PostgreSQL; ids and counters here stay below 2^53 and JSON cannot carry
// bigint, so they become numbers as DuckDB's rows do (normalizeRow in duckdb.ts). Sums come back NUMERIC.
function parseInt8(text: string): number | bigint {
  const value = BigInt(text);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(-Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value;
}

const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (format === undefined || format === 'text') {
      if (oid === INT8_OID) return parseInt8;
      if (oid === NUMERIC_OID) return (text: string) => Number(text);
    }
    return pg.types.getTypeParser(oid, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** Splits Cairn's own `schema` parameter off a postgres:// URL; the rest goes to the driver as is. */
export function parsePostgresUrl(url: string): { connectionString: string; schema: string | undefined } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('The PostgreSQL URL is not a URL (postgres://user:password@host:port/database)');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(
      `The PostgreSQL URL must start with postgres:// or postgresql://, not ${parsed.protocol}//`,
    );
  }
  const schema = parsed.searchParams.get('schema') ?? undefined;
  parsed.searchParams.delete('schema');
  return { connectionString: parsed.toString(), schema };
}

/** A 64-bit advisory-lock key for `name`, scoped to the schema so installations sharing a database differ. */
export function advisoryLockKey(namespace: string, name: string): string {
  return crypto
    .createHash('sha256')
    .update(`cairn:${namespace}:${name}`)
    .digest()
    .readBigInt64BE(0)
    .toString();
}

function sqlOf(target: pg.Pool | pg.PoolClient): Sql {
  const sql: Sql = {
    async query<T extends Row = Row>(text: string, params: readonly SqlParam[] = []): Promise<T[]> {
      const result = await target.query<T>(text, params as unknown[]);
      return result.rows;
    },
    async execute(text: string, params: readonly SqlParam[] = []): Promise<number> {
      const result = await target.query(text, params as unknown[]);
      return result.rowCount ?? 0;
    },
    insert: (table, columns, rows) => insertWithValues(sql, table, columns, rows),
  };
  return sql;
}

export class PostgresConfigStore implements ConfigStore {
  readonly dialect = 'postgres' as const;
  /** The schema name ('' for the connection's default): channel names and lock keys carry it. */
  readonly namespace: string;
  private readonly pool: pg.Pool;
  private readonly poolSql: Sql;
  private readonly config: pg.PoolConfig;
  private readonly backends = new Set<number>();
  private readonly transactions = new SerialQueue('config store');
  /** Errors of idle pooled connections (they are replaced); the server points this at its log. */
  onError: (error: unknown) => void;
  private closed = false;

  private constructor(config: pg.PoolConfig, namespace: string, onError: (error: unknown) => void) {
    this.config = config;
    this.namespace = namespace;
    this.onError = onError;
    this.pool = new pg.Pool({
      ...config,
      // Every pooled connection's backend pid, so notifications this node sent itself can be told apart.
      onConnect: async (client) => {
        const rows = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        const pid = rows.rows[0]?.pid;
        if (pid === undefined) return;
        this.backends.add(pid);
        client.once('end', () => this.backends.delete(pid));
      },
    });
    this.pool.on('error', (error) => this.onError(error));
    this.poolSql = sqlOf(this.pool);
  }

  static async open(url: string, options: PostgresConfigStoreOptions = {}): Promise<PostgresConfigStore> {
    const { connectionString, schema: urlSchema } = parsePostgresUrl(url);
    const schema = options.schema ?? urlSchema;
    if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
      throw new Error(`The PostgreSQL schema name must be 1-40 of a-z, 0-9 and _, not "${schema}"`);
    }
    const config: pg.PoolConfig = {
      connectionString,
      max: options.max ?? 10,
      types: TYPES,
      application_name: 'cairn',
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    };
    const store = new PostgresConfigStore(config, schema ?? '', options.onError ?? (() => {}));
    try {
      if (schema) await store.ensureSchema(schema);
      else await store.query('SELECT 1');
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  private async ensureSchema(schema: string): Promise<void> {
    try {
      await this.execute(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } catch (error) {
      // Two nodes creating it at once: the loser sees a duplicate in the catalogue, and the schema exists.
      if ((error as { code?: string }).code !== '23505') throw error;
    }
  }

  query<T extends Row = Row>(text: string, params?: readonly SqlParam[]): Promise<T[]> {
    return this.poolSql.query<T>(text, params);
  }

  execute(text: string, params?: readonly SqlParam[]): Promise<number> {
    return this.poolSql.execute(text, params);
  }

  insert(
    table: string,
    columns: readonly InsertColumn[],
    rows: readonly (readonly SqlParam[])[],
  ): Promise<void> {
    return this.poolSql.insert(table, columns, rows);
  }

  // Queued in the process first, so a node has at most one connection waiting for the cluster-wide lock
  // and the rest of the pool stays free for the reads every request makes.
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    return this.transactions.run(() => this.runTransaction(work));
  }

  private runTransaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    return this.withClient(async (client, broke) => {
      await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
      try {
        await client.query('SELECT pg_advisory_xact_lock(CAST($1 AS BIGINT))', [
          advisoryLockKey(this.namespace, 'config-transaction'),
        ]);
        const value = await work(sqlOf(client));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(broke);
        throw error;
      }
    });
  }

  /** PostgreSQL's write-ahead log always replays: nothing to flush. */
  async checkpoint(): Promise<void> {}

  /**
   * Runs `work` while holding the session-level advisory lock `name`, waiting for it as long as another
   * node holds it (two nodes starting at once migrate one after the other).
   */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
    const key = advisoryLockKey(this.namespace, name);
    return this.withClient(async (client, broke) => {
      await client.query('SELECT pg_advisory_lock(CAST($1 AS BIGINT))', [key]);
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock(CAST($1 AS BIGINT))', [key]).catch(broke);
      }
    });
  }

  /** Runs `work` only when no other session holds the advisory lock `name`; otherwise returns at once. */
  tryWithLock<T>(name: string, work: () => Promise<T>): Promise<LockedRun<T>> {
    const key = advisoryLockKey(this.namespace, name);
    return this.withClient(async (client, broke) => {
      const rows = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(CAST($1 AS BIGINT)) AS locked',
        [key],
      );
      if (rows.rows[0]?.locked !== true) return { ran: false };
      try {
        return { ran: true, value: await work() };
      } finally {
        await client.query('SELECT pg_advisory_unlock(CAST($1 AS BIGINT))', [key]).catch(broke);
      }
    });
  }

  /** True when `pid` is the backend of one of this store's pooled connections. */
  ownsBackend(pid: number): boolean {
    return this.backends.has(pid);
  }

  /**
   * A connection outside the pool (LISTEN needs one that stays open and idle); the caller ends it. Same
   * database, schema and type parsing as the pool.
   */
  async dedicatedClient(): Promise<pg.Client> {
    const client = new pg.Client(this.config);
    await client.connect();
    return client;
  }

  // A checked-out connection that breaks emits 'error' on the client rather than on the pool; without a
  // listener that would crash the process. A connection that broke (its error event, or a ROLLBACK or
  // unlock that failed) is destroyed instead of going back to the pool: its session state is unknown.
  private async withClient<T>(
    work: (client: pg.PoolClient, broke: (error: unknown) => void) => Promise<T>,
  ): Promise<T> {
    if (this.closed) throw new Error('The config store is closed');
    const client = await this.pool.connect();
    let broken: Error | undefined;
    const broke = (error: unknown) => {
      broken ??= error instanceof Error ? error : new Error(String(error));
    };
    client.on('error', broke);
    try {
      return await work(client, broke);
    } finally {
      client.removeListener('error', broke);
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.transactions.close();
    this.closed = true;
    await this.pool.end();
  }
}
