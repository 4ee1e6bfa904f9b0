import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cairn } from '../../test-support/cli.ts';
import { writeMmdb } from '../../test-support/mmdbWriter.ts';
import {
  POSTGRES_SKIP_REASON,
  TEST_POSTGRES_URL,
  type TestPostgres,
  testPostgres,
} from '../../test-support/postgres.ts';
import { startTestCairn, tempDir } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// Two nodes on one PostgreSQL, each with its own data dir, and `cairn geo update` run from a third
// machine's: both nodes answer the next clicks with the new data, and a node started later has it too.

const VISITOR = '203.0.113.7';
const countryOf = (node: RunningCairn) =>
  node.tracking.enricher.enrich({ ip: VISITOR, userAgent: '', acceptLanguage: '', referrer: '' }).countryCode;

describe.skipIf(!TEST_POSTGRES_URL)(
  `cairn geo update on several nodes${TEST_POSTGRES_URL ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  { timeout: 120_000 },
  () => {
    let database: TestPostgres;
    const secretKey = crypto.randomBytes(32).toString('base64');
    const nodes: RunningCairn[] = [];
    const start = async (n: number) => {
      const node = await startTestCairn({ configDb: database.url, secretKey, nodeId: `geo-node-${n}` });
      nodes.push(node);
      return node;
    };

    beforeAll(async () => {
      database = testPostgres();
      await start(0);
      await start(1);
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await database.dispose();
    });

    it('reaches every node through the shared store, and a node started later', async () => {
      const file = path.join(tempDir('cairn-geo-files-'), 'dbip-city-ipv4.mmdb');
      fs.writeFileSync(
        file,
        writeMmdb({
          databaseType: 'DBIP-City-Lite',
          networks: [
            {
              cidr: '8.8.8.0/24',
              record: { country_code: 'US', state1: 'California', city: 'Mountain View' },
            },
            { cidr: '203.0.113.0/24', record: { country_code: 'NZ', state1: 'Auckland', city: 'Auckland' } },
          ],
        }),
      );
      for (const node of nodes) expect(countryOf(node)).not.toBe('NZ');

      const result = await cairn(['geo', 'update', '--from', file, '--force'], {
        CAIRN_DATA_DIR: tempDir('cairn-geo-cli-'),
        CAIRN_CONFIG_DB: database.url,
      });
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('Stored in the shared PostgreSQL too');

      for (const node of nodes) {
        await vi.waitFor(() => expect(countryOf(node)).toBe('NZ'), { timeout: 30_000, interval: 100 });
        expect(fs.existsSync(path.join(node.config.dataDir, 'geo', 'city-ipv4.mmdb'))).toBe(true);
      }
      const later = await start(2);
      await vi.waitFor(() => expect(countryOf(later)).toBe('NZ'), { timeout: 30_000, interval: 100 });
    });
  },
);
