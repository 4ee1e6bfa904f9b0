import {
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBMaterializedResult,
  type DuckDBPreparedStatement,
  DuckDBResultReader,
  type DuckDBValue,
} from '@duckdb/node-api';
import { ensureDuckDbFile } from '../duckdbFile.ts';
import { SerialQueue } from '../serialQueue.ts';
import { appendRows, type SequenceReserves, type TableLayouts } from './duckdbAppend.ts';
import type { ConfigStore, InsertColumn, Row, Sql, SqlParam } from './port.ts';

// DuckDB admits one writer per file and one statement at a time per connection, so every call is queued
// on one connection; a transaction holds the queue until it finishes, which keeps requests from
// interleaving statements inside someone else's BEGIN ... COMMIT.
export class DuckDbConfigStore implements ConfigStore {
  readonly dialect = 'duckdb' as const;
  private readonly queue = new SerialQueue('config store');
  private readonly instance: DuckDBInstance;
  private readonly connection: DuckDBConnection;
  private readonly layouts: TableLayouts = new Map();
  private readonly reserves: SequenceReserves = new Map();
  private readonly statements: PreparedStatements;

  private constructor(instance: DuckDBInstance, connection: DuckDBConnection) {
    this.instance = instance;
    this.connection = connection;
    this.statements = new PreparedStatements(connection);
  }

  static async open(file: string): Promise<DuckDbConfigStore> {
    // One thread: the config store runs small statements one at a time, and DuckDB's task scheduling
    // across threads cost more than it saved on them (bench:postback 15-25% more conversions a second
    // with one thread; a group commit ~30% less CPU). Reports read the event store, which keeps its threads.
    await ensureDuckDbFile(file);
    const instance = await DuckDBInstance.create(file, { threads: '1' });
    const connection = await instance.connect();
    return new DuckDbConfigStore(instance, connection);
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    return this.queue.run(work);
  }

  private direct(): Sql {
    const { connection, layouts, reserves, statements } = this;
    return {
      async query<T extends Row = Row>(text: string, params: readonly SqlParam[] = []): Promise<T[]> {
        const reader = new DuckDBResultReader(await statements.run(text, params));
        await reader.readAll();
        return reader.getRowObjectsJS().map((row) => normalizeRow(row) as T);
      },
      async execute(text: string, params: readonly SqlParam[] = []): Promise<number> {
        const result = await statements.run(text, params);
        // A schema change may have altered a table's columns, or dropped and made a sequence anew.
        if (/^\s*(ALTER|DROP|CREATE)\b/i.test(text)) {
          layouts.clear();
          reserves.clear();
          statements.clear();
        }
        return Number(result.rowsChanged);
      },
      insert: (table, columns, rows) => appendRows(connection, layouts, reserves, table, columns, rows),
    };
  }

  query<T extends Row = Row>(text: string, params?: readonly SqlParam[]): Promise<T[]> {
    return this.enqueue(() => this.direct().query<T>(text, params));
  }

  execute(text: string, params?: readonly SqlParam[]): Promise<number> {
    return this.enqueue(() => this.direct().execute(text, params));
  }

  insert(
    table: string,
    columns: readonly InsertColumn[],
    rows: readonly (readonly SqlParam[])[],
  ): Promise<void> {
    return this.enqueue(() => this.direct().insert(table, columns, rows));
  }

  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    return this.enqueue(async () => {
      const tx = this.direct();
      await tx.execute('BEGIN TRANSACTION');
      try {
        const value = await work(tx);
        await tx.execute('COMMIT');
        return value;
      } catch (error) {
        await tx.execute('ROLLBACK');
        throw error;
      }
    });
  }

  /** Flushes the write-ahead log into the main file so a plain file copy is a complete backup. */
  checkpoint(): Promise<void> {
    return this.enqueue(async () => {
      await this.connection.run('CHECKPOINT');
    });
  }

  /**
   * Flushes the file and runs `work` (say, copying it) while no statement can run, so the copy is of one
   * consistent state even with requests arriving.
   */
  whileCheckpointed<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(async () => {
      await this.connection.run('CHECKPOINT');
      return work();
    });
  }

  async close(): Promise<void> {
    if (this.queue.isClosed) return;
    await this.queue.close();
    this.statements.clear();
    this.connection.closeSync();
    this.instance.closeSync();
  }
}

/**
 * How the store's statements run. Those with parameters are prepared once per text and bound anew for
 * each call: parsing and planning a statement held the event loop ~0.2 ms each time, several times per
 * postback batch. Bounded (least recently used out); DuckDB rebinds a prepared statement itself when the
 * catalog has changed since.
 */
class PreparedStatements {
  static readonly MAX = 256;
  readonly #connection: DuckDBConnection;
  readonly #byText = new Map<string, DuckDBPreparedStatement>();

  constructor(connection: DuckDBConnection) {
    this.#connection = connection;
  }

  /**
   * Runs `text` with `params`: through its prepared statement when it has parameters; directly when it
   * has none, since given even an empty value list the driver splits and prepares the text on the event
   * loop (~0.15 ms for a BEGIN or a COMMIT).
   */
  async run(text: string, params: readonly SqlParam[]): Promise<DuckDBMaterializedResult> {
    if (params.length === 0) return this.#connection.run(text);
    const prepared = await this.#prepared(text);
    if (!prepared) return this.#connection.run(text, params as DuckDBValue[]);
    prepared.bind(params as DuckDBValue[]);
    return prepared.run();
  }

  /** The statement prepared for `text`; null when it cannot be prepared alone (several statements). */
  async #prepared(text: string): Promise<DuckDBPreparedStatement | null> {
    const known = this.#byText.get(text);
    if (known) {
      this.#byText.delete(text);
      this.#byText.set(text, known);
      return known;
    }
    let prepared: DuckDBPreparedStatement;
    try {
      prepared = await this.#connection.prepare(text);
    } catch {
      // Run as given, which reports a real mistake in the statement with DuckDB's own message.
      return null;
    }
    this.#byText.set(text, prepared);
    if (this.#byText.size > PreparedStatements.MAX) {
      const [oldestText, oldest] = this.#byText.entries().next().value as [string, DuckDBPreparedStatement];
      this.#byText.delete(oldestText);
      oldest.destroySync();
    }
    return prepared;
  }

  clear(): void {
    for (const prepared of this.#byText.values()) prepared.destroySync();
    this.#byText.clear();
  }
}

// DuckDB hands BIGINT back as bigint; ids and counters here stay far below 2^53, and JSON cannot carry
// bigint, so they become numbers at the port boundary.
export function normalizeRow(row: Record<string, unknown>): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] =
      typeof value === 'bigint' &&
      value <= BigInt(Number.MAX_SAFE_INTEGER) &&
      value >= BigInt(-Number.MAX_SAFE_INTEGER)
        ? Number(value)
        : value;
  }
  return out;
}
