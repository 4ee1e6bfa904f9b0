import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { cairn } from '../test-support/cli.ts';
import { POSTGRES_SKIP_REASON, TEST_POSTGRES_URL, testPostgres } from '../test-support/postgres.ts';
import { startTestCairn, tempDir } from '../test-support/server.ts';
import { backupDatabase } from './store/config/backups.ts';

// CLI commands on an installation whose configuration lives in PostgreSQL (CAIRN_CONFIG_DB).

describe('cairn rollback with CAIRN_CONFIG_DB', () => {
  it('refuses, since its backups are copies of the embedded file, and says what to use instead', async () => {
    const dataDir = tempDir();
    expect((await cairn(['migrate'], { CAIRN_DATA_DIR: dataDir })).code).toBe(0);
    // An embedded backup in the data dir that a restore would otherwise have taken.
    const backup = await backupDatabase({ dataDir, schemaVersion: 1, beforeMigration: 2, now: Date.now() });
    const env = { CAIRN_DATA_DIR: dataDir, CAIRN_CONFIG_DB: 'postgres://cairn@127.0.0.1:1/cairn' };
    for (const args of [['rollback'], ['rollback', backup.id]]) {
      const refused = await cairn(args, env);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(
        'this installation keeps its configuration in PostgreSQL (CAIRN_CONFIG_DB)',
      );
      expect(refused.stderr).toContain('pg_dump / pg_restore');
    }
    const listed = await cairn(['rollback'], { CAIRN_DATA_DIR: dataDir });
    expect(listed.stdout).toContain(backup.id);
  }, 60_000);
});

describe.skipIf(!TEST_POSTGRES_URL)(
  `cairn seed on a shared PostgreSQL${TEST_POSTGRES_URL ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    it('tells the running nodes of the campaigns it makes, so they route them at once', async () => {
      const database = testPostgres();
      const secretKey = crypto.randomBytes(32).toString('base64');
      const node = await startTestCairn({ configDb: database.url, secretKey, nodeId: 'node-seed' });
      try {
        const seeded = await cairn(['seed', '--clicks', '300', '--days', '1', '--campaigns', '2'], {
          CAIRN_CONFIG_DB: database.url,
          CAIRN_SECRET_KEY: secretKey,
          CAIRN_DATA_DIR: tempDir(),
        });
        expect(seeded.code, seeded.stderr).toBe(0);
        expect(seeded.stdout).toContain('The running nodes were told of the new campaigns.');
        const made = await node.store.query<{ id: number; key: string }>(
          "SELECT id, key FROM campaigns WHERE name LIKE 'Seed campaign %' ORDER BY id",
        );
        expect(made).toHaveLength(2);
        // Without the announcement the node would never learn of them: seed writes through no node, and
        // nothing else moves the counter the node's poll compares.
        await vi.waitFor(
          () => {
            for (const campaign of made) {
              expect(node.tracking.table.campaignByKey(campaign.key)?.id).toBe(campaign.id);
            }
          },
          { timeout: 10_000 },
        );
        const click = await fetch(`${node.url}/click?key=${made[0]?.key}`, { redirect: 'manual' });
        expect(click.status).toBe(302);
        expect(click.headers.get('location')).toMatch(/^https:\/\/(lander|offer)\.example\//);
      } finally {
        await node.close();
        await database.dispose();
      }
    }, 60_000);
  },
);
