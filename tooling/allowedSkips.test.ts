import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOWED_SKIPS_FILE, readAllowedSkips, unlistedSkips } from './allowedSkips.ts';

const root = path.resolve(import.meta.dirname, '..');
const reporter = path.join(import.meta.dirname, 'allowedSkips.ts');
const PLANTED = { file: 'planted.fixture.ts', test: 'planted > is skipped on purpose' };

// The suite the nested run reads, written to a temp dir so the repository's own suite never holds a skip:
// one test that runs and one that skips itself at run time, as a test missing its service would.
// Vitest's globals, since a temp dir has no node_modules to import vitest from.
const PLANTED_SUITE = `describe('planted', () => {
  it('runs', () => {
    expect(1 + 1).toBe(2);
  });
  it('is skipped on purpose', (context) => {
    context.skip();
  });
});
`;

function plantedConfig(allowedFile: string): string {
  return `export default {
  test: {
    globals: true,
    include: ['planted.fixture.ts'],
    reporters: ['default', [${JSON.stringify(reporter)}, { allowedFile: ${JSON.stringify(allowedFile)} }]],
  },
};
`;
}

/** A nested `vitest run` of the planted suite, with `allowed` as its list. */
function runFixture(allowed: unknown[], ci: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-allowed-skips-'));
  const allowedFile = path.join(dir, 'allowed-skips.json');
  fs.writeFileSync(allowedFile, JSON.stringify(allowed));
  fs.writeFileSync(path.join(dir, 'planted.fixture.ts'), PLANTED_SUITE);
  fs.writeFileSync(path.join(dir, 'vitest.config.ts'), plantedConfig(allowedFile));
  const env: NodeJS.ProcessEnv = { ...process.env, CI: ci ? 'true' : '' };
  const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [vitest, 'run', '--root', dir, '--config', path.join(dir, 'vitest.config.ts')],
      { cwd: dir, env },
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
