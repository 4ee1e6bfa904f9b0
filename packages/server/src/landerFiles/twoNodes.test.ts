import crypto from 'node:crypto';
import { LANDER_FILES_PATHS, landerFilesPath } from '@cairn/contract';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet, uploadLanderFile } from '../../test-support/landerFiles.ts';
import {
  POSTGRES_SKIP_REASON,
  TEST_POSTGRES_URL,
  type TestPostgres,
  testPostgres,
} from '../../test-support/postgres.ts';
import { ADMIN_PASSWORD, startTestCairn, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// Two nodes on one PostgreSQL: a lander uploaded through one node's panel is served by the other at once,
// and an edit shows on both, with nothing copied between their data dirs.

describe.skipIf(!TEST_POSTGRES_URL)(
  `hosted landers on two nodes${TEST_POSTGRES_URL ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    let database: TestPostgres;
    const nodes: RunningCairn[] = [];

    beforeAll(async () => {
      database = testPostgres();
      const secretKey = crypto.randomBytes(32).toString('base64');
      for (const nodeId of ['node-a', 'node-b']) {
        nodes.push(await startTestCairn({ configDb: database.url, secretKey, nodeId }));
      }
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await database.dispose();
    });

    it('serves what one node stored from the other, edits included', async () => {
      const [a, b] = nodes as [RunningCairn, RunningCairn];
      const panel = new TestBrowser(a.url);
      expect((await panel.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
      await uploadLanderFile(a.url, panel, 'shared', 'index.html', strToU8('<h1>v1</h1>'), false);

      const first = await rawGet(b.url, '/lp/shared/');
      expect(first.status).toBe(200);
      expect(first.body.toString()).toBe('<h1>v1</h1>');
      expect((await rawGet(a.url, '/lp/shared/')).headers.etag).toBe(first.headers.etag);

      const saved = await panel.put(landerFilesPath(LANDER_FILES_PATHS.file, 'shared'), {
        path: 'index.html',
        text: '<h1>v2</h1>',
      });
      expect(saved.status).toBe(200);
      const second = await rawGet(b.url, '/lp/shared/', { 'if-none-match': first.headers.etag ?? '' });
      expect(second.status).toBe(200);
      expect(second.body.toString()).toBe('<h1>v2</h1>');
    });
  },
);
