import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestCairn, TestBrowser, tempDir } from '../test-support/server.ts';

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');

/** Runs the CLI with `input` on standard input. */
function cairn(args: string[], env: Record<string, string>, input = '') {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('passwords given to the CLI', () => {
  it('follow the password rule and can come from standard input', async () => {
    const env = { CAIRN_DATA_DIR: tempDir() };
    const common = await cairn(['user', 'create', 'dave', '--password', 'password1'], env);
    expect(common.code).toBe(1);
    expect(common.stderr).toMatch(/^cairn: .*most common/);
    const sameAsLogin = await cairn(
      ['user', 'create', 'dave-the-admin', '--password-stdin'],
      env,
      'Dave-The-Admin\n',
    );
    expect(sameAsLogin.code).toBe(1);
    expect(sameAsLogin.stderr).toContain('must not be the login');
    const both = await cairn(['user', 'create', 'dave', '--password', 'x', '--password-stdin'], env, 'y');
    expect(both.stderr).toContain('not both');

    const created = await cairn(
      ['user', 'create', 'dave', '--password-stdin'],
      env,
      'dave stdin passphrase\n',
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created admin "dave"');
    expect(created.stdout).not.toContain('Password:');
    const weakReset = await cairn(
      ['user', 'reset-password', 'dave', '--password-stdin'],
      env,
      'qwertyuiop\n',
    );
    expect(weakReset.code).toBe(1);
    const reset = await cairn(
      ['user', 'reset-password', 'dave', '--password-stdin'],
      env,
      'dave second passphrase',
    );
    expect(reset.code).toBe(0);

    const server = await startTestCairn({ dataDir: env.CAIRN_DATA_DIR });
    try {
      expect((await new TestBrowser(server.url).signIn('dave', 'dave stdin passphrase')).status).toBe(401);
      expect((await new TestBrowser(server.url).signIn('dave', 'dave second passphrase')).status).toBe(200);
    } finally {
      await server.close();
    }
    // Six CLI processes, each loading the server and running argon2: slow on a busy two-core machine.
  }, 60_000);

  it('refuse to start with a common CAIRN_ADMIN_PASSWORD, naming the variable, without a stack trace', async () => {
    const env = { CAIRN_DATA_DIR: tempDir(), CAIRN_PORT: '0', CAIRN_ADMIN_PASSWORD: 'iloveyou1' };
    const started = await cairn(['start'], env);
    expect(started.code).toBe(1);
    expect(started.stderr).toMatch(/^cairn: CAIRN_ADMIN_PASSWORD is refused: .*most common/);
    expect(started.stderr).not.toMatch(/\n\s+at /);
  });
});
