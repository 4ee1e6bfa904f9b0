import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  POSTGRES_SKIP_REASON,
  TEST_POSTGRES_URL,
  type TestPostgres,
  testPostgres,
} from '../test-support/postgres.ts';
import { tempDir } from '../test-support/server.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openData } from './runtime.ts';
import { MIGRATIONS } from './store/config/migrate.ts';

describe('CAIRN_CONFIG_DB', () => {
  it('selects PostgreSQL by URL and the embedded store otherwise', () => {
    expect(loadConfig({ CAIRN_CONFIG_DB: 'postgres://cairn:pw@db:5432/cairn' }).configDb).toBe(
      'postgres://cairn:pw@db:5432/cairn',
    );
    expect(loadConfig({ CAIRN_CONFIG_DB: 'postgresql://db/cairn?schema=tracker' }).configDb).toBe(
      'postgresql://db/cairn?schema=tracker',
    );
    expect(loadConfig({ CAIRN_CONFIG_DB: 'duckdb' }).configDb).toBeNull();
    expect(loadConfig({}).configDb).toBeUndefined();
    expect(() => loadConfig({ CAIRN_CONFIG_DB: 'mysql://db/cairn' })).toThrow(ConfigError);
  });

  it('names an unreachable database without its password', async () => {
    const attempt = openData(
      {
        dataDir: tempDir(),
        secretKey: null,
        now: Date.now,
        configDb: 'postgres://cairn:s3cret@127.0.0.1:1/cairn',
      },
      'test',
    );
    await expect(attempt).rejects.toThrow(
      /Cannot use the configuration database postgres:\/\/cairn:\*\*\*@127\.0\.0\.1:1/,
    );
    await expect(attempt).rejects.not.toThrow(/s3cret/);
  });
});

describe.skipIf(!TEST_POSTGRES_URL)(
  `opening a PostgreSQL config store${TEST_POSTGRES_URL ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    let database: TestPostgres;
    afterEach(async () => {
      await database.dispose();
    });

    const sharedKey = crypto.randomBytes(32).toString('base64');
    const node = (secretKey: string | null = sharedKey) => ({
      dataDir: tempDir(),
      secretKey,
      now: Date.now,
      configDb: database.url,
    });

    it('migrates once and agrees on one tracker id when two nodes start together', async () => {
      database = testPostgres();
      const configA = node();
      const [a, b] = await Promise.all([openData(configA, 'node a'), openData(node(), 'node b')]);
      try {
        expect(a.store.dialect).toBe('postgres');
        expect([a.migration.applied.length, b.migration.applied.length].sort()).toEqual([
          0,
          MIGRATIONS.length,
        ]);
        expect(a.trackerId).toBe(b.trackerId);
        // Nothing of the configuration is kept in the data dir; no DuckDB file is made there.
        expect(fs.existsSync(path.join(configA.dataDir, 'cairn.duckdb'))).toBe(false);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it("refuses a node whose master key differs from the installation's", async () => {
      database = testPostgres();
      const first = await openData(node(), 'node a');
      await first.close();
      await expect(openData(node(crypto.randomBytes(32).toString('base64')), 'node b')).rejects.toThrow(
        /same CAIRN_SECRET_KEY on every node/,
      );
      // A node without CAIRN_SECRET_KEY generates its own key in its data dir: refused too.
      await expect(openData(node(null), 'node c')).rejects.toThrow(/same CAIRN_SECRET_KEY/);
      const again = await openData(node(), 'node a again');
      await again.close();
    });
  },
);
