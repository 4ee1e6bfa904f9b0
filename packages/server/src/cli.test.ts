import { type ChildProcess, execFile, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { API_PATHS } from '@cairn/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCairn, TestBrowser, tempDir } from '../test-support/server.ts';
import { mintClickId } from './events/clickId.ts';
import { checkLicense, generateLicenseKeyPair } from './license.ts';
import { backupDatabase, listBackups } from './store/config/backups.ts';
import { MIGRATIONS } from './store/config/migrate.ts';

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');
const run = promisify(execFile);

async function cairn(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('cairn CLI', () => {
  it('starts, prints the panel address and the first sign-in once, and stops on SIGTERM', async () => {
    const dataDir = tempDir();
    const startOnce = async () => {
      const child = spawn(process.execPath, [CLI, 'start'], {
        env: {
          PATH: process.env.PATH ?? '',
          CAIRN_DATA_DIR: dataDir,
          CAIRN_PORT: '0',
          CAIRN_HOST: '127.0.0.1',
        },
      });
      children.push(child);
      let stdout = '';
      child.stdout.on('data', (chunk) => {
        stdout += String(chunk);
      });
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const match = /Panel:\s+(http:\/\/\S+)\/panel\//.exec(stdout);
          if (match?.[1] && stdout.includes('Press Ctrl+C to stop.')) resolve(match[1]);
        });
        child.on('exit', (code) => reject(new Error(`cairn start exited with ${code}: ${stdout}`)));
      });
      return { child, url, output: () => stdout };
    };

    const first = await startOnce();
    const password = /password: (\S+)/.exec(first.output())?.[1];
    expect(first.output()).toContain('login:    admin');
    expect(password).toMatch(/^[\w-]{24}$/);
    // The banner gives the links to paste into sources and networks, in the form the endpoints accept.
    expect(first.output()).toContain(`Clicks:     ${first.url}/click?key={campaign_key}`);
    const postback = /Postbacks:\s+(\S+)/.exec(first.output())?.[1] ?? '';
    expect(postback).toMatch(
      new RegExp(`^${first.url}/postback\\?clickid=\\{clickid\\}&payout=\\{payout\\}.*&key=[\\w-]+$`),
    );
    const filled = postback
      .replace('{clickid}', mintClickId(Date.now()))
      .replace('{payout}', '1')
      .replace(/\{\w+\}/g, '');
    // The key is taken (a wrong one answers 403): what is left is that no click has this id.
    expect((await fetch(filled)).status).toBe(404);
    const browser = new TestBrowser(first.url);
    expect((await browser.get(API_PATHS.mode)).body).toEqual({ mode: 'normal' });
    expect((await browser.signIn('admin', password ?? '')).status).toBe(200);

    // While it runs, data-changing commands refuse instead of fighting over the database file.
    const refused = await cairn(['user', 'create', 'eve'], { CAIRN_DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/in use by the Cairn server .*Stop the running Cairn first/s);

    const exited = new Promise<number | null>((resolve) => first.child.on('exit', resolve));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const second = await startOnce();
    expect(second.output()).not.toContain('First start');
    // Later starts, whose output goes to logs, name where the postback key is rather than print it.
    expect(second.output()).toContain(`Postbacks:  ${second.url}/postback?clickid={clickid}&payout={payout}`);
    expect(second.output()).toContain('key={postback_key}');
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.on('exit', resolve));
  });

  it('migrates, creates users, resets passwords and refuses a second super-admin', async () => {
    const env = { CAIRN_DATA_DIR: tempDir() };
    const migrated = await cairn(['migrate'], env);
    expect(migrated.stdout).toContain(`from schema version 0 to ${MIGRATIONS.at(-1)?.version}`);
    expect((await cairn(['migrate'], env)).stdout).toContain('up to date');

    const created = await cairn(
      ['user', 'create', 'carol', '--role', 'user', '--password', 'carol-password'],
      env,
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created user "carol"');
    expect(created.stdout).not.toContain('carol-password');
    expect((await cairn(['user', 'create', 'carol'], env)).stderr).toContain('is taken');
    expect((await cairn(['user', 'create', 'root', '--role', 'super_admin'], env)).code).toBe(0);
    const second = await cairn(['user', 'create', 'root2', '--role', 'super_admin'], env);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('exactly one');
    const reset = await cairn(['user', 'reset-password', 'carol'], env);
    const newPassword = /Password: (\S+)/.exec(reset.stdout)?.[1] ?? '';

    const server = await startTestCairn({ dataDir: env.CAIRN_DATA_DIR });
    try {
      expect((await new TestBrowser(server.url).signIn('carol', 'carol-password')).status).toBe(401);
      expect((await new TestBrowser(server.url).signIn('carol', newPassword)).status).toBe(200);
      // A super-admin made by the CLI counts: no second one is generated at start.
      expect(server.firstSignIn).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('lists backups and restores one, keeping the replaced database', async () => {
    const dataDir = tempDir();
    const env = { CAIRN_DATA_DIR: dataDir };
    expect((await cairn(['rollback'], env)).stdout).toContain('No backups');
    await cairn(['user', 'create', 'before', '--password', 'before-password'], env);
    const backup = await backupDatabase({ dataDir, schemaVersion: 1, beforeMigration: 2, now: Date.now() });
    await cairn(['user', 'create', 'after', '--password', 'after-password'], env);

    const listed = await cairn(['rollback'], env);
    expect(listed.stdout).toContain(backup.id);
    expect(listed.stdout).toContain('before migration 2');
    expect((await cairn(['rollback', 'no-such-backup'], env)).code).toBe(1);
    const restored = await cairn(['rollback', backup.id], env);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${backup.id}`);
    expect((await listBackups(dataDir)).length).toBe(2);

    const server = await startTestCairn({ dataDir });
    try {
      expect((await new TestBrowser(server.url).signIn('before', 'before-password')).status).toBe(200);
      expect((await new TestBrowser(server.url).signIn('after', 'after-password')).status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('issues licence keys that verify against the public key', async () => {
    const keys = generateLicenseKeyPair();
    const missingKey = await cairn(['license', 'issue', '--tracker-id', 't-9', '--expires', '2027-01-31']);
    expect(missingKey.code).toBe(1);
    expect(missingKey.stderr).toContain('CAIRN_LICENSE_PRIVATE_KEY');
    const issued = await cairn(
      ['license', 'issue', '--tracker-id', 't-9', '--expires', '2027-01-31', '--plan', 'pro'],
      {
        CAIRN_LICENSE_PRIVATE_KEY: keys.privateKey,
      },
    );
    expect(issued.code).toBe(0);
    const state = checkLicense({
      publicKey: keys.publicKey,
      key: issued.stdout.trim(),
      trackerId: 't-9',
      now: Date.parse('2027-01-01'),
    });
    expect(state).toMatchObject({
      state: 'valid',
      payload: { plan: 'pro', expiresAt: '2027-01-31T00:00:00.000Z' },
    });
  });

  it('explains bad usage', async () => {
    const unknown = await cairn(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command');
    const badPort = await cairn(['start'], { CAIRN_PORT: 'eighty' });
    expect(badPort.code).toBe(1);
    expect(badPort.stderr).toContain('CAIRN_PORT');

    const badKey = await cairn(['start'], {
      CAIRN_LICENSE_PUBLIC_KEY: 'not-a-key',
      CAIRN_DATA_DIR: tempDir(),
    });
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toContain('CAIRN_LICENSE_PUBLIC_KEY is not usable');

    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((taken.address() as AddressInfo).port);
      const busy = await cairn(['start'], {
        CAIRN_PORT: port,
        CAIRN_HOST: '127.0.0.1',
        CAIRN_DATA_DIR: tempDir(),
      });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain('set CAIRN_PORT');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
