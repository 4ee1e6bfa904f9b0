import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../src/store/config/migrate.ts';
import { MIGRATIONS } from '../src/store/config/migrations/index.ts';
import { type ConfigStore, isUniqueViolation, timestamp } from '../src/store/config/port.ts';

// One suite for every config-store adapter: DuckDB always, PostgreSQL when CAIRN_TEST_POSTGRES_URL is set.
// It pins down what the rest of the server relies on from the port: the same SQL text, the same JS values
// back, and transactions that keep check-then-write code correct.

const T0 = Date.parse('2026-03-01T12:00:00.123Z');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ConformanceOptions {
  /** Opens an empty store. */
  open: () => Promise<ConfigStore>;
  /** Cleans up after a test, once its store is closed (e.g. drops its schema). */
  cleanup?: () => Promise<void>;
  /** Reports the suite as skipped (put the reason in its name), e.g. when no test server is configured. */
  skip?: boolean;
}

export function describeConfigStoreConformance(name: string, options: ConformanceOptions): void {
  describe.skipIf(options.skip ?? false)(`config store conformance: ${name}`, () => {
    let store: ConfigStore;
    beforeEach(async () => {
      store = await options.open();
      await store.execute(
        `CREATE TABLE things (
          id BIGINT PRIMARY KEY,
          name VARCHAR NOT NULL,
          flag BOOLEAN NOT NULL DEFAULT FALSE,
          ratio DOUBLE PRECISION,
          note VARCHAR
        )`,
      );
    });
    afterEach(async () => {
      await store.close();
      await options.cleanup?.();
    });

    it('binds $n parameters and returns numbers, booleans, text and nulls as JS values', async () => {
      await store.execute('INSERT INTO things (id, name, flag, ratio, note) VALUES ($1, $2, $3, $4, $5)', [
        1,
        'it\'s "quoted" \u00e9',
        true,
        0.25,
        null,
      ]);
      const rows = await store.query('SELECT id, name, flag, ratio, note FROM things WHERE id = $1', [1]);
      expect(rows).toEqual([{ id: 1, name: 'it\'s "quoted" \u00e9', flag: true, ratio: 0.25, note: null }]);
      // The same parameter used twice, and parameters out of order.
      const swapped = await store.query<{ a: string; b: number }>(
        'SELECT CAST($2 AS VARCHAR) AS a, CAST($1 AS BIGINT) + CAST($1 AS BIGINT) AS b',
        [21, 'x'],
      );
      expect(swapped).toEqual([{ a: 'x', b: 42 }]);
    });

    it('returns counts and sums as numbers, and BIGINTs past 2^53 as bigint', async () => {
      for (const id of [1, 2, 3]) {
        await store.execute('INSERT INTO things (id, name, flag) VALUES ($1, $2, $3)', [
          id,
          `n${id}`,
          id > 1,
        ]);
      }
      const rows = await store.query('SELECT count(*) AS n, sum(id) AS total FROM things WHERE flag = $1', [
        true,
      ]);
      expect(rows).toEqual([{ n: 2, total: 5 }]);
      const big = await store.query<{ v: unknown }>("SELECT CAST('9007199254740993' AS BIGINT) AS v");
      expect(big[0]?.v).toBe(9007199254740993n);
    });

    it('resolves execute to the number of rows changed', async () => {
      expect(await store.execute("INSERT INTO things (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c')")).toBe(
        3,
      );
      expect(await store.execute('UPDATE things SET flag = TRUE WHERE id >= $1', [2])).toBe(2);
      expect(await store.execute('UPDATE things SET flag = TRUE WHERE id > $1', [99])).toBe(0);
      expect(await store.execute('DELETE FROM things WHERE id <> $1', [2])).toBe(2);
    });

    it('commits a transaction that resolves and hands its value back', async () => {
      const value = await store.transaction(async (tx) => {
        await tx.execute("INSERT INTO things (id, name) VALUES (1, 'kept')");
        const inside = await tx.query<{ n: number }>('SELECT count(*) AS n FROM things');
        return inside[0]?.n;
      });
      expect(value).toBe(1);
      expect(await store.query('SELECT name FROM things')).toEqual([{ name: 'kept' }]);
    });

    it('rolls back a transaction that throws, rethrows, and stays usable', async () => {
      const failure = new Error('changed my mind');
      await expect(
        store.transaction(async (tx) => {
          await tx.execute("INSERT INTO things (id, name) VALUES (1, 'gone')");
          throw failure;
        }),
      ).rejects.toBe(failure);
      // A statement that fails inside the transaction rolls back what came before it too.
      await expect(
        store.transaction(async (tx) => {
          await tx.execute("INSERT INTO things (id, name) VALUES (2, 'gone too')");
          await tx.execute("INSERT INTO things (id, name) VALUES (2, 'duplicate')");
        }),
      ).rejects.toSatisfy(isUniqueViolation);
      expect(await store.query('SELECT id FROM things')).toEqual([]);
      await store.execute("INSERT INTO things (id, name) VALUES (3, 'after')");
      expect(await store.query('SELECT id FROM things')).toEqual([{ id: 3 }]);
    });

    it('lets exactly one of two concurrent transactions insert the same unique value', async () => {
      const insert = (note: string) =>
        store.transaction(async (tx) => {
          await tx.execute('INSERT INTO things (id, name, note) VALUES (7, $1, $2)', ['same', note]);
          await pause(20);
        });
      const results = await Promise.allSettled([insert('first'), insert('second')]);
      const failed = results.filter((result) => result.status === 'rejected');
      expect(failed).toHaveLength(1);
      expect(isUniqueViolation((failed[0] as PromiseRejectedResult).reason)).toBe(true);
      expect(await store.query('SELECT count(*) AS n FROM things')).toEqual([{ n: 1 }]);
    });

    it('runs check-then-insert transactions one after another (what the entity machinery relies on)', async () => {
      // No constraint on `name` here: only the transactions' isolation keeps the name unique, the way
      // case-insensitive names, hosts and "still used" checks are kept by the entity service.
      const claim = (id: number) =>
        store.transaction(async (tx) => {
          const taken = await tx.query('SELECT id FROM things WHERE lower(name) = lower($1)', ['Shared']);
          await pause(20);
          if (taken.length > 0) return false;
          await tx.execute('INSERT INTO things (id, name) VALUES ($1, $2)', [
            id,
            id === 1 ? 'shared' : 'SHARED',
          ]);
          return true;
        });
      const results = await Promise.all([claim(1), claim(2), claim(3)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await store.query('SELECT count(*) AS n FROM things')).toEqual([{ n: 1 }]);
    });

    it('fills ids from a sequence and returns them with RETURNING', async () => {
      await store.execute('CREATE SEQUENCE items_id_seq START 1');
      await store.execute(
        "CREATE TABLE items (id BIGINT PRIMARY KEY DEFAULT nextval('items_id_seq'), label VARCHAR NOT NULL)",
      );
      const first = await store.query('INSERT INTO items (label) VALUES ($1) RETURNING id', ['a']);
      const second = await store.transaction((tx) =>
        tx.query('INSERT INTO items (label) VALUES ($1) RETURNING id, label', ['b']),
      );
      expect(first).toEqual([{ id: 1 }]);
      expect(second).toEqual([{ id: 2, label: 'b' }]);
    });

    it('round-trips TIMESTAMPTZ to the millisecond and compares it with cast parameters', async () => {
      await store.execute('CREATE TABLE stamps (id BIGINT PRIMARY KEY, stamped_at TIMESTAMPTZ NOT NULL)');
      await store.execute(
        'INSERT INTO stamps (id, stamped_at) VALUES (1, CAST($1 AS TIMESTAMPTZ)), (2, CAST($2 AS TIMESTAMPTZ))',
        [timestamp(T0), timestamp(T0 + 60_000)],
      );
      const rows = await store.query<{ stamped_at: unknown }>('SELECT stamped_at FROM stamps ORDER BY id');
      expect(rows[0]?.stamped_at).toBeInstanceOf(Date);
      expect(rows.map((row) => (row.stamped_at as Date).getTime())).toEqual([T0, T0 + 60_000]);
      const due = await store.query('SELECT id FROM stamps WHERE stamped_at <= CAST($1 AS TIMESTAMPTZ)', [
        timestamp(T0 + 1),
      ]);
      expect(due).toEqual([{ id: 1 }]);
    });

    it('keeps JSON stored as text byte for byte', async () => {
      const value = { list: [1, 'two', null], nested: { quote: '"', backslash: '\\', emoji: '\u{1F600}' } };
      await store.execute('INSERT INTO things (id, name, note) VALUES ($1, $2, $3)', [
        1,
        'json',
        JSON.stringify(value),
      ]);
      const rows = await store.query<{ note: string }>('SELECT note FROM things WHERE id = 1');
      expect(rows[0]?.note).toBe(JSON.stringify(value));
      expect(JSON.parse(rows[0]?.note ?? 'null')).toEqual(value);
    });

    it('upserts with ON CONFLICT and searches with LIKE ... ESCAPE', async () => {
      await store.execute('CREATE TABLE kv (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)');
      const upsert =
        'INSERT INTO kv (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value';
      await store.execute(upsert, ['k', 'one']);
      await store.execute(upsert, ['k', '50%_off']);
      await store.execute(upsert, ['other', '50 percent']);
      expect(await store.query('SELECT key, value FROM kv ORDER BY key')).toEqual([
        { key: 'k', value: '50%_off' },
        { key: 'other', value: '50 percent' },
      ]);
      const found = await store.query("SELECT key FROM kv WHERE lower(value) LIKE $1 ESCAPE '\\'", [
        '%50\\%\\_%',
      ]);
      expect(found).toEqual([{ key: 'k' }]);
    });

    it('checkpoints without losing or blocking anything', async () => {
      await store.execute("INSERT INTO things (id, name) VALUES (1, 'before')");
      await store.checkpoint();
      await store.execute("INSERT INTO things (id, name) VALUES (2, 'after')");
      expect(await store.query('SELECT name FROM things ORDER BY id')).toEqual([
        { name: 'before' },
        { name: 'after' },
      ]);
    });

    it('inserts rows: values in the given order, defaults for the rest, inside transactions', async () => {
      await store.execute('CREATE SEQUENCE entries_id_seq START 1');
      await store.execute(
        `CREATE TABLE entries (
          id BIGINT PRIMARY KEY DEFAULT nextval('entries_id_seq'),
          kind SMALLINT NOT NULL DEFAULT 3,
          label VARCHAR NOT NULL,
          amount BIGINT,
          seen INTEGER NOT NULL,
          ok BOOLEAN NOT NULL,
          ratio DOUBLE PRECISION,
          happened TIMESTAMPTZ NOT NULL
        )`,
      );
      const columns = [
        'seen',
        'label',
        'amount',
        'ok',
        'ratio',
        { name: 'happened', timestamp: true as const },
      ];
      await store.insert('entries', columns, [
        [1, "it's", 5_000_000_000_123, true, 0.25, timestamp(T0)],
        [2, 'second', null, false, null, timestamp(T0 + 1)],
      ]);
      await store.transaction(async (tx) => {
        await tx.insert('entries', columns, [[3, 'third', -7, true, 1.5, timestamp(T0 + 2)]]);
        const [row] = await tx.query('SELECT count(*) AS n FROM entries');
        expect(Number(row?.n)).toBe(3);
      });
      await expect(
        store.transaction(async (tx) => {
          await tx.insert('entries', columns, [[4, 'rolled back', 0, true, 0, timestamp(T0)]]);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const rows = await store.query(
        `SELECT id, kind, label, amount, seen, ok, ratio, CAST(extract(epoch FROM happened) * 1000 AS BIGINT) AS ms
           FROM entries ORDER BY id`,
      );
      expect(
        rows.map((row) => ({
          ...row,
          amount: row.amount === null ? null : Number(row.amount),
          ms: Number(row.ms),
        })),
      ).toEqual([
        { id: 1, kind: 3, label: "it's", amount: 5_000_000_000_123, seen: 1, ok: true, ratio: 0.25, ms: T0 },
        { id: 2, kind: 3, label: 'second', amount: null, seen: 2, ok: false, ratio: null, ms: T0 + 1 },
        { id: 3, kind: 3, label: 'third', amount: -7, seen: 3, ok: true, ratio: 1.5, ms: T0 + 2 },
      ]);
      // A duplicate key fails the way a statement's does, and leaves nothing of its batch behind.
      const duplicate = await store
        .transaction((tx) =>
          tx.insert(
            'things',
            ['id', 'name'],
            [
              [10, 'ten'],
              [10, 'ten again'],
            ],
          ),
        )
        .catch((error: unknown) => error);
      expect(isUniqueViolation(duplicate)).toBe(true);
      expect(await store.query('SELECT id FROM things WHERE id = 10')).toEqual([]);
    });

    it('runs every migration once and reports the schema version', async () => {
      const latest = MIGRATIONS.at(-1)?.version ?? 0;
      const first = await migrate(store, { now: () => T0 });
      expect(first).toMatchObject({ from: 0, to: latest });
      expect(await schemaVersion(store)).toBe(latest);
      const again = await migrate(store, { now: () => T0 });
      expect(again.applied).toEqual([]);
      // The migrated tables take the statements the server runs: booleans, sequences, TIMESTAMPTZ.
      const [user] = await store.query<{
        id: number;
        disabled: boolean;
        archived: boolean;
        permissions: string;
      }>(
        `INSERT INTO users (login, password_hash, role, auth_secret_enc, auth_secret_hash, created_at, updated_at)
         VALUES ($1, 'h', 'admin', 'e', 'a', CAST($2 AS TIMESTAMPTZ), CAST($2 AS TIMESTAMPTZ))
         RETURNING id, disabled, archived, permissions`,
        ['someone', timestamp(T0)],
      );
      expect(user).toEqual({ id: 1, disabled: false, archived: false, permissions: '[]' });
    });
  });
}
