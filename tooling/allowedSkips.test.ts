import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOWED_SKIPS_FILE, readAllowedSkips, unlistedSkips } from './allowedSkips.ts';

const root = path.resolve(import.meta.dirname, '..');
const fixture = path.join(import.meta.dirname, 'skipsFixture');
const PLANTED = { file: 'planted.fixture.ts', test: 'planted > is skipped on purpose' };

/** A nested `vitest run` of the fixture suite, whose one skip is planted, with `allowed` as its list. */
function runFixture(allowed: unknown[], ci: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-allowed-skips-'));
  const allowedFile = path.join(dir, 'allowed-skips.json');
  fs.writeFileSync(allowedFile, JSON.stringify(allowed));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CAIRN_FIXTURE_ALLOWED_SKIPS: allowedFile,
    CI: ci ? 'true' : '',
  };
  const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [vitest, 'run', '--root', fixture, '--config', path.join(fixture, 'vitest.config.ts')],
      { cwd: fixture, env },
      (error, stdout, stderr) => {
        fs.rmSync(dir, { recursive: true, force: true });
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe('skipped tests in CI', () => {
  it('fail a CI run when the list does not name them, and pass it when it does', async () => {
    const unlisted = await runFixture([], true);
    expect(unlisted.code, unlisted.output).toBe(1);
    expect(unlisted.output).toContain('1 test(s) skipped in CI');
    expect(unlisted.output).toContain('planted.fixture.ts > planted > is skipped on purpose');

    const listed = await runFixture([{ ...PLANTED, reason: 'planted by allowedSkips.test.ts' }], true);
    expect(listed.code, listed.output).toBe(0);
    expect(listed.output).not.toContain('skipped in CI');
  });

  it('leave a run outside CI alone', async () => {
    const local = await runFixture([], false);
    expect(local.code, local.output).toBe(0);
  });

  it('need a reason for each listed skip', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-allowed-skips-'));
    const file = path.join(dir, 'allowed-skips.json');
    fs.writeFileSync(file, JSON.stringify([{ ...PLANTED, reason: ' ' }]));
    expect(() => readAllowedSkips(file)).toThrow('entry 0 needs a non-empty "reason"');
    fs.rmSync(dir, { recursive: true, force: true });
    expect(unlistedSkips([PLANTED, { file: 'a.test.ts', test: 'b' }], [{ ...PLANTED, reason: 'r' }])).toEqual(
      [{ file: 'a.test.ts', test: 'b' }],
    );
  });

  it('list only files that exist, each with the reason it may skip in CI', () => {
    for (const entry of readAllowedSkips(ALLOWED_SKIPS_FILE)) {
      expect(fs.existsSync(path.join(root, entry.file)), entry.file).toBe(true);
      expect(fs.readFileSync(path.join(root, entry.file), 'utf8')).toMatch(/skipIf|\.skip\(|runIf|\.todo\(/);
    }
  });
});
