import { afterEach, describe, expect, it } from 'vitest';
import { describeConfigStoreConformance } from '../../../test-support/configStoreConformance.ts';
import {
  POSTGRES_SKIP_REASON,
  TEST_POSTGRES_URL,
  type TestPostgres,
  testPostgres,
} from '../../../test-support/postgres.ts';
import { migrate, schemaVersion } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { advisoryLockKey, PostgresConfigStore, parsePostgresUrl } from './postgres.ts';

describe('PostgreSQL URLs and lock keys', () => {
  it("takes Cairn's schema parameter off the URL and keeps the rest for the driver", () => {
    expect(parsePostgresUrl('postgres://u:p@db:5433/cairn?schema=tenant_1&sslmode=require')).toEqual({
      connectionString: 'postgres://u:p@db:5433/cairn?sslmode=require',
      schema: 'tenant_1',
    });
    expect(parsePostgresUrl('postgresql://db/cairn').schema).toBeUndefined();
    expect(() => parsePostgresUrl('mysql://db/cairn')).toThrow(/postgres:\/\//);
    expect(() => parsePostgresUrl('not a url')).toThrow(/not a URL/);
  });

  it('refuses schema names it could not use unquoted', async () => {
    await expect(PostgresConfigStore.open('postgres://127.0.0.1:1/x?schema=Bad-Name')).rejects.toThrow(
      /schema name/,
    );
  });

  it('derives lock keys per installation schema', () => {
    expect(advisoryLockKey('', 'migrate')).toBe(advisoryLockKey('', 'migrate'));
    expect(advisoryLockKey('', 'migrate')).not.toBe(advisoryLockKey('other', 'migrate'));
    expect(advisoryLockKey('', 'migrate')).not.toBe(advisoryLockKey('', 'retention'));
    expect(BigInt(advisoryLockKey('a', 'b'))).toBeGreaterThanOrEqual(-(2n ** 63n));
  });
});

let current: TestPostgres | null = null;
describeConfigStoreConformance(TEST_POSTGRES_URL ? 'PostgreSQL' : `PostgreSQL (${POSTGRES_SKIP_REASON})`, {
  open: () => {
    if (!TEST_POSTGRES_URL) return Promise.reject(new Error(POSTGRES_SKIP_REASON));
    current = testPostgres();
    return current.open();
  },
  cleanup: async () => {
    await current?.dispose();
    current = null;
  },
  skip: !TEST_POSTGRES_URL,
});

describe.skipIf(!TEST_POSTGRES_URL)(
  `PostgreSQL config store, many nodes${TEST_POSTGRES_URL ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    let database: TestPostgres;
    afterEach(async () => {
      await database.dispose();
    });

    it('migrates once when two nodes start at the same moment', async () => {
      database = testPostgres();
      const [a, b] = await Promise.all([database.open(), database.open()]);
      const locked = (store: PostgresConfigStore) => store.withLock('migrate', () => migrate(store));
      const runs = await Promise.all([locked(a), locked(b)]);
      const latest = MIGRATIONS.at(-1)?.version ?? 0;
      expect(runs.map((run) => run.applied.length).sort()).toEqual([0, MIGRATIONS.length]);
      expect(await schemaVersion(b)).toBe(latest);
      const recorded = await a.query('SELECT version FROM schema_migrations ORDER BY version');
      expect(recorded).toEqual(MIGRATIONS.map((migration) => ({ version: migration.version })));
    });

    it('keeps check-then-insert transactions of two nodes apart', async () => {
      database = testPostgres();
      const [a, b] = await Promise.all([database.open(), database.open()]);
      await a.execute('CREATE TABLE hosts (id BIGINT PRIMARY KEY, host VARCHAR NOT NULL)');
      const claim = (store: PostgresConfigStore, id: number) =>
        store.transaction(async (tx) => {
          const taken = await tx.query('SELECT id FROM hosts WHERE lower(host) = lower($1)', ['Example.com']);
          await new Promise((resolve) => setTimeout(resolve, 30));
          if (taken.length > 0) return false;
          await tx.execute('INSERT INTO hosts (id, host) VALUES ($1, $2)', [id, 'example.com']);
          return true;
        });
      const won = await Promise.all([claim(a, 1), claim(b, 2), claim(a, 3), claim(b, 4)]);
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(await b.query('SELECT count(*) AS n FROM hosts')).toEqual([{ n: 1 }]);
    });

    it('gives an advisory lock to one session at a time', async () => {
      database = testPostgres();
      const [a, b] = await Promise.all([database.open(), database.open()]);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let entered: () => void = () => {};
      const inside = new Promise<void>((resolve) => {
        entered = resolve;
      });
      const first = a.tryWithLock('job', async () => {
        entered();
        await held;
        return 'a';
      });
      await inside;
      expect(await b.tryWithLock('job', async () => 'b')).toEqual({ ran: false });
      // The same name in another installation's schema is another lock.
      const other = testPostgres();
      try {
        const elsewhere = await other.open();
        expect(await elsewhere.tryWithLock('job', async () => 'other')).toEqual({
          ran: true,
          value: 'other',
        });
      } finally {
        await other.dispose();
      }
      release();
      expect(await first).toEqual({ ran: true, value: 'a' });
      expect(await b.tryWithLock('job', async () => 'b')).toEqual({ ran: true, value: 'b' });
    });

    it("knows its own pooled backends from other nodes' ones", async () => {
      database = testPostgres();
      const [a, b] = await Promise.all([database.open(), database.open()]);
      const [{ pid } = { pid: 0 }] = await a.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(a.ownsBackend(pid)).toBe(true);
      expect(b.ownsBackend(pid)).toBe(false);
    });
  },
);
