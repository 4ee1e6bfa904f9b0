import fs from 'node:fs';
import path from 'node:path';
import { API_PATHS } from '@cairn/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { cairn } from '../../test-support/cli.ts';
import { POSTGRES_SKIP_REASON, TEST_POSTGRES_URL, testPostgres } from '../../test-support/postgres.ts';
import {
  ADMIN_PASSWORD,
  removeTempDirs,
  startTestCairn,
  TestBrowser,
  tempDir,
} from '../../test-support/server.ts';
import { MANIFEST_FILE, manifestSchema } from './manifest.ts';

// With the configuration in PostgreSQL, pg_dump backs it up and `cairn backup` covers the rest: the
// installation key, the node's files and an export of the certificates.

afterAll(removeTempDirs);

describe.skipIf(!TEST_POSTGRES_URL)(
  `cairn backup with CAIRN_CONFIG_DB${TEST_POSTGRES_URL ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    it('backs up the key, the events and the certificates, and says pg_dump keeps the configuration', async () => {
      const database = testPostgres();
      const dataDir = path.join(tempDir('cairn-backup-pg-'), 'data');
      const env = { CAIRN_DATA_DIR: dataDir, CAIRN_CONFIG_DB: database.url };
      const server = await startTestCairn({ configDb: database.url, dataDir });
      let backupDir = '';
      try {
        await server.store.execute(
          `INSERT INTO tls_certificates (host, wanted, redirect_http, certificate_pem, key_sealed, not_after, issued_at, updated_at)
           VALUES ('t.example', true, false, 'PEM', 'sealed', 1, 1, 1)`,
        );
        const backedUp = await cairn(['backup', '--to', tempDir('cairn-backup-out-')], env);
        expect(backedUp.code, backedUp.stderr).toBe(0);
        expect(backedUp.stdout).toContain('configuration: not in it (PostgreSQL: use pg_dump)');
        expect(backedUp.stdout).toContain('1 certificate');
        backupDir = /Backed up the installation to (\S+)/.exec(backedUp.stdout)?.[1] ?? '';

        const admin = new TestBrowser(server.url);
        expect((await admin.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
        const taken = (await admin.post(API_PATHS.backups)).json<{ id: string; restorable: boolean }>();
        expect(taken.restorable).toBe(false);
        const refused = await admin.post(`/api/backups/${taken.id}/restore`);
        expect(refused.status).toBe(409);
        expect(refused.json<{ message: string }>().message).toContain('PostgreSQL/ClickHouse');
      } finally {
        await server.close();
      }
      const manifest = manifestSchema.parse(
        JSON.parse(fs.readFileSync(path.join(backupDir, MANIFEST_FILE), 'utf8')),
      );
      expect(manifest).toMatchObject({ configStore: 'postgres', eventStore: 'embedded', certificates: 1 });
      const files = manifest.files.map((file) => file.path);
      expect(files).toEqual(expect.arrayContaining(['secret.key', 'events.duckdb', 'certificates.json']));
      expect(files).not.toContain('cairn.duckdb');
      const exported = JSON.parse(fs.readFileSync(path.join(backupDir, 'certificates.json'), 'utf8'));
      expect(exported.certificates).toEqual([
        expect.objectContaining({ host: 't.example', key_sealed: 'sealed' }),
      ]);

      const restoredDir = path.join(tempDir('cairn-restored-pg-'), 'data');
      const restored = await cairn(['restore', '--from', backupDir], { ...env, CAIRN_DATA_DIR: restoredDir });
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain('restore its pg_dump with pg_restore');
      expect(fs.readFileSync(path.join(restoredDir, 'secret.key'))).toEqual(
        fs.readFileSync(path.join(dataDir, 'secret.key')),
      );
    }, 60_000);
  },
);
