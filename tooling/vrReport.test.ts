import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { collectFailedComparisons, describeScreenshot, renderReport } from './vrReport.ts';

const tooling = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Bytes that stand for one image: the report inlines files, it never decodes them. */
const png = (label: string) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from(label)]);
const inlined = (label: string) => `data:image/png;base64,${png(label).toString('base64')}`;

function write(root: string, file: string, label: string) {
  fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), png(label));
}

const stories = 'packages/ui/src/Toast/Toast.stories.tsx';
const attachments = `.vitest/attachments/${stories}`;

/** A repository after a storybook run as Vitest leaves it: baselines beside the stories, failures in attachments. */
function plantedRun(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-vr-report-'));
  dirs.push(root);
  // A changed story in a scheme x theme, and the same story in the default combination.
  write(
    root,
    'packages/ui/src/Toast/__screenshots__/Toast/Types-Legacy-Dark-1-chromium-linux.png',
    'before legacy dark',
  );
  write(root, `${attachments}/Types-Legacy-Dark-1-actual-chromium-linux.png`, 'after legacy dark');
  write(root, `${attachments}/Types-Legacy-Dark-1-diff-chromium-linux.png`, 'diff legacy dark');
  write(root, 'packages/ui/src/Toast/__screenshots__/Toast/Types-1-chromium-linux.png', 'before default');
  write(root, `${attachments}/Types-1-actual-chromium-linux.png`, 'after default');
  write(root, `${attachments}/Types-1-diff-chromium-linux.png`, 'diff default');
  // A new story: CI=true fails it for want of a baseline, leaving only what it draws.
  write(root, `${attachments}/With-Action-Creative-1-actual-chromium-linux.png`, 'new story');
  // Not comparisons: a failed test's screenshot, and a baseline that passed.
  write(root, '.vitest/attachments/failure-screenshots/Toast.stories.tsx/queue.png', 'failure');
  write(root, 'packages/ui/src/Toast/__screenshots__/Toast/Queue-1-chromium-linux.png', 'unchanged');
  return root;
}

describe('the visual-change report', () => {
  it('reads scheme and theme from a screenshot name, defaulting to the default light combination', () => {
    expect(describeScreenshot('Types-Legacy-Dark-1')).toEqual({
      story: 'Types',
      scheme: 'legacy',
      theme: 'dark',
    });
    expect(describeScreenshot('Sizes-By-Amount-Creative-1')).toEqual({
      story: 'Sizes By Amount',
      scheme: 'creative',
      theme: 'light',
    });
    expect(describeScreenshot('Default-Light-1')).toEqual({
      story: 'Default',
      scheme: 'default',
      theme: 'light',
    });
    expect(describeScreenshot('Focus-Ring-1')).toEqual({
      story: 'Focus Ring',
      scheme: 'default',
      theme: 'light',
    });
    // A story called after a theme keeps its name.
    expect(describeScreenshot('Dark-1')).toEqual({ story: 'Dark', scheme: 'default', theme: 'light' });
  });

  it('collects every failed comparison with its baseline, grouped by story and combination', () => {
    const root = plantedRun();
    const failures = collectFailedComparisons({
      root,
      attachmentsDir: path.join(root, '.vitest/attachments'),
    });
    expect(
      failures.map(({ storiesFile, story, scheme, theme, images }) => ({
        storiesFile,
        story,
        scheme,
        theme,
        kinds: Object.keys(images).sort(),
      })),
    ).toEqual([
      {
        storiesFile: stories,
        story: 'Types',
        scheme: 'default',
        theme: 'light',
        kinds: ['actual', 'diff', 'reference'],
      },
      {
        storiesFile: stories,
        story: 'Types',
        scheme: 'legacy',
        theme: 'dark',
        kinds: ['actual', 'diff', 'reference'],
      },
      { storiesFile: stories, story: 'With Action', scheme: 'creative', theme: 'light', kinds: ['actual'] },
    ]);
    expect(failures[1]?.images.reference).toBe(
      path.join(root, 'packages/ui/src/Toast/__screenshots__/Toast/Types-Legacy-Dark-1-chromium-linux.png'),
    );
  });

  it('leaves out images older than the run it is asked about', () => {
    const root = plantedRun();
    const old = new Date(Date.now() - 3_600_000);
    const stale = path.join(root, `${attachments}/Types-1-actual-chromium-linux.png`);
    fs.utimesSync(stale, old, old);
    fs.utimesSync(path.join(root, `${attachments}/Types-1-diff-chromium-linux.png`), old, old);
    const failures = collectFailedComparisons({
      root,
      attachmentsDir: path.join(root, '.vitest/attachments'),
      since: Date.now() - 60_000,
    });
    expect(failures.map((failure) => failure.name)).toEqual([
      'Types-Legacy-Dark-1',
      'With-Action-Creative-1',
    ]);
  });

  it('renders one page with every image inlined, the approve command, and no file reference', () => {
    const root = plantedRun();
    const failures = collectFailedComparisons({
      root,
      attachmentsDir: path.join(root, '.vitest/attachments'),
    });
    const html = renderReport(failures, { approveCommand: 'npm run test:visual:update' });
    for (const label of [
      'before legacy dark',
      'after legacy dark',
      'diff legacy dark',
      'after default',
      'new story',
    ]) {
      expect(html).toContain(inlined(label));
    }
    expect(html).not.toContain(inlined('failure'));
    expect(html).not.toContain(inlined('unchanged'));
    expect(html).not.toContain(root);
    expect(html).toContain('No baseline: a new story');
    expect(html).toContain('<code>npm run test:visual:update</code>');
    expect(html).toContain('legacy · dark');
    // Every image is a data URI: nothing the page shows needs another file.
    expect([...html.matchAll(/<img src="([^"]+)"/g)].every((match) => match[1]?.startsWith('data:'))).toBe(
      true,
    );
    expect([...html.matchAll(/<img /g)]).toHaveLength(7);
  });

  it('escapes names, so a story name cannot break the page', () => {
    const html = renderReport(
      [
        {
          storiesFile: 'a/<b>.stories.tsx',
          story: '<script>',
          scheme: 'default',
          theme: 'light',
          name: 'x',
          browser: 'chromium',
          platform: 'linux',
          images: {},
        },
      ],
      { approveCommand: 'npm run test:visual:update' },
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
  });

  it('as a command writes the report, or with --if-failed nothing when no comparison failed', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string }>((resolve) =>
        execFile(process.execPath, [path.join(tooling, 'vr-report.ts'), ...args], (error, stdout) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
        ),
      );
    const root = plantedRun();
    const out = path.join(root, 'artifacts', 'vr-report.html');
    const written = await run(['--root', root, '--out', out, '--if-failed']);
    expect(written).toMatchObject({ code: 0 });
    expect(written.stdout).toContain('3 failed screenshot comparison(s)');
    expect(fs.readFileSync(out, 'utf8')).toContain(inlined('after legacy dark'));

    fs.rmSync(path.join(root, '.vitest'), { recursive: true });
    fs.rmSync(out);
    const clean = await run(['--root', root, '--out', out, '--if-failed']);
    expect(clean).toMatchObject({ code: 0 });
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe(".ci/run's tail", () => {
  // The lines of .ci/run from its test run to its exit, run as they stand with `npm` replaced by a function:
  // the run's status must be npm test's whatever the report does.
  const ciRun = fs.readFileSync(path.join(tooling, '..', '.ci', 'run'), 'utf8');
  const tail = ciRun.slice(
    ciRun.indexOf('tests_started='),
    ciRun.indexOf('exit "$status"') + 'exit "$status"'.length,
  );
  const repoRoot = path.join(tooling, '..');

  function runTail(fakeNpm: string, artifacts: string) {
    return new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(
        'bash',
        ['-c', `set -euo pipefail\nnpm() { ${fakeNpm}; }\n${tail}`],
        { cwd: repoRoot, env: { ...process.env, CAIRN_CI_ARTIFACTS: artifacts } },
        (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
      ),
    );
  }

  it('runs npm test once and keeps its status, writing the report only when it failed with changed screenshots', async () => {
    expect(tail).toContain('npm test || status=$?');
    const artifacts = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-vr-artifacts-'));
    dirs.push(artifacts);
    const report = path.join(artifacts, 'vr-report.html');
    // Planted by the fake test run in this repository's attachments folder, as a failed story leaves it.
    const planted = path.join(repoRoot, '.vitest/attachments', `vr-report-test-${process.pid}`);
    dirs.push(planted);
    const plant = `mkdir -p ${planted}/X.stories.tsx && printf png > ${planted}/X.stories.tsx/Y-Dark-1-actual-chromium-linux.png`;

    // What an earlier run left: never part of this run's report.
    const stale = path.join(planted, 'Old.stories.tsx', 'Z-1-actual-chromium-linux.png');
    fs.mkdirSync(path.dirname(stale), { recursive: true });
    fs.writeFileSync(stale, png('stale'));
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(stale, hourAgo, hourAgo);

    expect(await runTail('[ "$1" = test ] && return 0', artifacts)).toMatchObject({ code: 0 });
    expect(fs.existsSync(report)).toBe(false);

    const failedElsewhere = await runTail('[ "$1" = test ] && return 3', artifacts);
    expect(failedElsewhere.code).toBe(3);
    expect(fs.existsSync(report)).toBe(false);

    const failedScreenshots = await runTail(`[ "$1" = test ] && ${plant} && return 1`, artifacts);
    expect(failedScreenshots.code).toBe(1);
    const html = fs.readFileSync(report, 'utf8');
    expect(html).toContain('Y <span class="combo">default · dark</span>');
    expect(html).not.toContain(inlined('stale'));
  });
});
