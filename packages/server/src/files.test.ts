import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_PATHS, type Backup } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestCairn, TestBrowser, tempDir } from '../test-support/server.ts';

const CLI = path.join(import.meta.dirname, 'cli.ts');
const run = promisify(execFile);
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('data directory files', () => {
  it('are for the owner only: the dir 0700, databases, key, lock and backups 0600, old ones fixed at start', async () => {
    const dataDir = path.join(tempDir(), 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'secret.key'), `${Buffer.alloc(32, 7).toString('base64')}\n`, {
      mode: 0o644,
    });
    fs.mkdirSync(path.join(dataDir, 'backups'), { mode: 0o755 });
    const oldBackup = path.join(dataDir, 'backups', '20260101T000000000Z-v1-manual.duckdb');
    fs.writeFileSync(oldBackup, 'left by an older version', { mode: 0o644 });

    const cairn = await startTestCairn({ dataDir });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      for (const name of ['cairn.duckdb', 'events.duckdb', 'secret.key', 'cairn.lock']) {
        expect(modeOf(path.join(dataDir, name)), name).toBe(0o600);
      }
      expect(modeOf(path.join(dataDir, 'backups'))).toBe(0o700);
      expect(modeOf(oldBackup)).toBe(0o600);
      const browser = new TestBrowser(cairn.url);
      await browser.signIn('admin', ADMIN_PASSWORD);
      const backup = (await browser.post(API_PATHS.backups)).json<Backup>();
      expect(modeOf(path.join(dataDir, 'backups', backup.id))).toBe(0o700);
      expect(modeOf(path.join(dataDir, 'backups', backup.id, 'cairn.duckdb'))).toBe(0o600);
    } finally {
      await cairn.close();
    }
  });

  it('are made 0700 and 0600 by a new data dir', async () => {
    const dataDir = path.join(tempDir(), 'fresh');
    const cairn = await startTestCairn({ dataDir });
    await cairn.close();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'secret.key'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'cairn.duckdb'))).toBe(0o600);
  });
});

describe('cairn rollback', () => {
  it('ends every session, those kept in the restored backup included', async () => {
    const dataDir = tempDir();
    const first = await startTestCairn({ dataDir });
    const browser = new TestBrowser(first.url);
    await browser.signIn('admin', ADMIN_PASSWORD);
    // The backup holds this browser's session; signing out afterwards removes it from the live database only.
    const backup = (await browser.post(API_PATHS.backups)).json<Backup>();
    const cookies = new Map(browser.cookies);
    expect((await browser.post(API_PATHS.logout)).status).toBe(200);
    await first.close();

    const restored = await run(process.execPath, [CLI, 'rollback', backup.id], {
      env: { PATH: process.env.PATH ?? '', CAIRN_DATA_DIR: dataDir },
    });
    expect(restored.stdout).toContain('Every session ended');
    expect(modeOf(path.join(dataDir, 'cairn.duckdb'))).toBe(0o600);

    const second = await startTestCairn({ dataDir });
    try {
      const returning = new TestBrowser(second.url);
      for (const [name, value] of cookies) returning.cookies.set(name, value);
      expect((await returning.get(API_PATHS.role)).status).toBe(401);
      expect(await second.store.query('SELECT id_hash FROM sessions')).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
