import crypto from 'node:crypto';
import {
  API_KEY_HEADER,
  API_KEY_PATHS,
  API_PATHS,
  apiKeyPath,
  type CreateApiKeyResponse,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCairn } from '../index.ts';
import { PostgresConfigStore } from '../store/config/postgres.ts';
import {
  POSTGRES_SKIP_REASON,
  TEST_POSTGRES_URL,
  type TestPostgres,
  testPostgres,
} from '../store/config/postgresTesting.ts';
import { ADMIN_PASSWORD, startTestCairn, TestBrowser } from '../test-support.ts';

// Two real servers on one PostgreSQL: a key made on one node works on the other, and a revoke on one is
// refused by the other on its very next request (no node keeps keys in memory).

describe.skipIf(!TEST_POSTGRES_URL)(
  `API keys on two nodes${TEST_POSTGRES_URL ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    let database: TestPostgres;
    const nodes: RunningCairn[] = [];

    beforeAll(async () => {
      database = testPostgres();
      const secretKey = crypto.randomBytes(32).toString('base64');
      for (let n = 0; n < 2; n += 1) {
        const node = await startTestCairn({ configDb: database.url, secretKey, nodeId: `key-node-${n}` });
        if (!(node.store instanceof PostgresConfigStore)) throw new Error('The node is not on PostgreSQL');
        nodes.push(node);
      }
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await database.dispose();
    });

    it('refuses a key on the other node as soon as it is revoked on one', async () => {
      const [a, b] = nodes as [RunningCairn, RunningCairn];
      const panel = new TestBrowser(a.url);
      expect((await panel.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
      const created = await panel.post(API_KEY_PATHS.list, { name: 'two-node bot', scope: 'read_write' });
      expect(created.status).toBe(201);
      const { id, key } = created.json<CreateApiKeyResponse>();
      const onB = () => new TestBrowser(b.url).get(API_PATHS.role, { headers: { [API_KEY_HEADER]: key } });
      expect((await onB()).status).toBe(200);
      expect((await panel.call('DELETE', apiKeyPath(id))).status).toBe(200);
      expect((await onB()).status).toBe(401);
    });
  },
);
