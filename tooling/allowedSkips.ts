// A vitest reporter that makes a skipped test an error in CI (CI=true, as .ci/run sets it) unless
// tooling/allowed-skips.json lists it with its reason. Tests that need PostgreSQL or ClickHouse skip
// themselves when the CAIRN_TEST_* variables are unset; in CI those services run, so such a skip means
// the suite went green without testing what it claims to.
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export interface AllowedSkip {
  /** The test file, relative to the repository root. */
  file: string;
  /** The test's full name: its describe blocks and its own name, joined by " > ". */
  test: string;
  /** Why skipping it is fine on a CI machine. */
  reason: string;
}

export interface SkippedTest {
  file: string;
  test: string;
}

export const ALLOWED_SKIPS_FILE = path.join(import.meta.dirname, 'allowed-skips.json');

export function readAllowedSkips(file: string): AllowedSkip[] {
  const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(entries)) throw new Error(`${file}: expected a list of { file, test, reason }`);
  return entries.map((entry: Partial<AllowedSkip>, index) => {
    for (const key of ['file', 'test', 'reason'] as const) {
      if (typeof entry[key] !== 'string' || entry[key].trim() === '') {
        throw new Error(`${file}: entry ${index} needs a non-empty "${key}"`);
      }
    }
    return entry as AllowedSkip;
  });
}

/** The skipped tests that `allowed` does not list. */
export function unlistedSkips(
  skipped: readonly SkippedTest[],
  allowed: readonly AllowedSkip[],
): SkippedTest[] {
  const listed = new Set(allowed.map((entry) => `${entry.file}\n${entry.test}`));
  return skipped.filter((test) => !listed.has(`${test.file}\n${test.test}`));
}

export function skippedTests(root: string, testModules: ReadonlyArray<TestModule>): SkippedTest[] {
  return testModules.flatMap((testModule) =>
    [...testModule.children.allTests()]
      .filter((test) => test.result().state === 'skipped')
      .map((test) => ({ file: path.relative(root, testModule.moduleId), test: test.fullName })),
  );
}

export default class AllowedSkipsReporter implements Reporter {
  private root = process.cwd();
  private readonly allowedFile: string;

  constructor(options: { allowedFile?: string } = {}) {
    this.allowedFile = options.allowedFile ?? ALLOWED_SKIPS_FILE;
  }

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (process.env.CI !== 'true') return;
    const unlisted = unlistedSkips(skippedTests(this.root, testModules), readAllowedSkips(this.allowedFile));
    if (unlisted.length === 0) return;
    const lines = unlisted.map((test) => `  ${test.file} > ${test.test}`);
    process.stderr.write(
      `\n${unlisted.length} test(s) skipped in CI that ${path.relative(this.root, this.allowedFile)} does not list:\n` +
        `${lines.join('\n')}\nMake them run (a service they need must be up), or list each with its reason.\n`,
    );
    process.exitCode = 1;
  }
}
