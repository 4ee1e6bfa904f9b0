import fs from 'node:fs';
import path from 'node:path';

/**
 * The review report of the visual-regression run: every screenshot comparison that failed, with the
 * committed baseline, what the story draws now and the difference, in one HTML file whose images are inlined,
 * so a designer opens it from a CI artifact or a mail without a checkout or a tool.
 *
 * It reads what Vitest leaves behind: a failed `toMatchScreenshot` writes, under the project's attachments
 * folder, `<test file dir>/<test file>/<name>-{actual,diff}-<browser>-<platform>.png` (the default
 * `resolveDiffPath`, the test file's folder taken from the project root); a story without a baseline under
 * CI=true leaves only the actual image. The before image is the committed baseline (storyBaselinePath); a
 * `-reference-` copy, should Vitest write one, is taken instead.
 */

/**
 * Where the storybook project keeps a story's baseline: `__screenshots__/Button/Primary-1-chromium-linux.png`
 * beside `Button.stories.tsx`, never in a folder named after the stories file, which Storybook's stories glob
 * would take for a stories file and fail to read.
 */
export function storyBaselinePath(parts: {
  root: string;
  testFileDirectory: string;
  screenshotDirectory: string;
  testFileName: string;
  arg: string;
  browserName: string;
  platform: string;
  ext: string;
}): string {
  return path.join(
    parts.root,
    parts.testFileDirectory,
    parts.screenshotDirectory,
    parts.testFileName.replace(/\.stories\.[jt]sx?$/, ''),
    `${parts.arg}-${parts.browserName}-${parts.platform}${parts.ext}`,
  );
}

/** Rewrites every baseline from what the stories draw now (package.json); a path filter before -u limits it. */
export const APPROVE_COMMAND = 'npm run test:visual:update';

export const IMAGE_KINDS = ['reference', 'actual', 'diff'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export interface FailedComparison {
  /** The stories file the story belongs to, as its folder under the attachments folder names it. */
  storiesFile: string;
  /** The story's name as the screenshot carries it, e.g. `Types` for `Types-Legacy-Dark-1`. */
  story: string;
  /** The colour scheme the story draws in, when its name carries one (`Legacy`, `Creative`), else `default`. */
  scheme: string;
  /** `dark` when the story's name says so, else `light`. */
  theme: string;
  /** The screenshot's own name (`Types-Legacy-Dark-1`), unique within its stories file. */
  name: string;
  browser: string;
  platform: string;
  images: Partial<Record<ImageKind, string>>;
}

const DIFF_FILE =
  /^(?<name>.+)-(?<kind>reference|actual|diff)-(?<browser>[a-z]+)-(?<platform>[a-z0-9]+)\.png$/;
// The storybook project names its per-combination stories `<Story> <Scheme> <Theme>` (e.g. `Types Legacy Dark`),
// which the screenshot name keeps with hyphens; the trailing number counts screenshots within one test.
const SCHEMES = ['default', 'legacy', 'creative'];
const THEMES = ['light', 'dark'];

function files(dir: string, found: string[] = []): string[] {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) files(file, found);
    else found.push(file);
  }
  return found;
}

/** Splits `Types-Legacy-Dark-1` into the story and the scheme and theme its name carries. */
export function describeScreenshot(name: string): Pick<FailedComparison, 'story' | 'scheme' | 'theme'> {
  const words = name.replace(/-\d+$/, '').split('-');
  let theme = 'light';
  let scheme = 'default';
  const last = words.at(-1)?.toLowerCase();
  if (words.length > 1 && last !== undefined && THEMES.includes(last)) {
    theme = last;
    words.pop();
  }
  const previous = words.at(-1)?.toLowerCase();
  if (words.length > 1 && previous !== undefined && SCHEMES.includes(previous)) {
    scheme = previous;
    words.pop();
  }
  return { story: words.join(' '), scheme, theme };
}

export interface CollectOptions {
  /** The project root the attachments folder mirrors (the repository), where the baselines are. */
  root: string;
  /** The attachments folder (Vitest's `attachmentsDir`, `.vitest/attachments` under the root). */
  attachmentsDir: string;
  /** Only images written from then on (ms since the epoch): a local attachments folder keeps older runs. */
  since?: number;
}

/** Every failed comparison the last run left in the attachments folder, with its baseline when there is one. */
export function collectFailedComparisons({
  root,
  attachmentsDir,
  since,
}: CollectOptions): FailedComparison[] {
  const byKey = new Map<string, FailedComparison>();
  for (const file of files(attachmentsDir)) {
    const match = DIFF_FILE.exec(path.basename(file));
    if (!match?.groups) continue;
    if (since !== undefined && fs.statSync(file).mtimeMs < since) continue;
    const { name, kind, browser, platform } = match.groups as Record<string, string>;
    const storiesFile = path.relative(attachmentsDir, path.dirname(file)).split(path.sep).join('/');
    const key = [storiesFile, name, browser, platform].join('\0');
    let comparison = byKey.get(key);
    if (!comparison) {
      comparison = { storiesFile, name, browser, platform, ...describeScreenshot(name), images: {} };
      byKey.set(key, comparison);
    }
    comparison.images[kind as ImageKind] = file;
  }
  // A reference without an actual image is no failure of this run.
  const failed = [...byKey.values()].filter((comparison) => comparison.images.actual !== undefined);
  for (const comparison of failed) {
    if (comparison.images.reference) continue;
    const baseline = storyBaselinePath({
      root,
      testFileDirectory: path.dirname(comparison.storiesFile),
      screenshotDirectory: '__screenshots__',
      testFileName: path.basename(comparison.storiesFile),
      arg: comparison.name,
      browserName: comparison.browser,
      platform: comparison.platform,
      ext: '.png',
    });
    if (fs.existsSync(baseline)) comparison.images.reference = baseline;
  }
  return failed.sort(
    (a, b) =>
      a.storiesFile.localeCompare(b.storiesFile) ||
      a.story.localeCompare(b.story) ||
      SCHEMES.indexOf(a.scheme) - SCHEMES.indexOf(b.scheme) ||
      THEMES.indexOf(a.theme) - THEMES.indexOf(b.theme) ||
      a.name.localeCompare(b.name),
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const dataUri = (file: string) => `data:image/png;base64,${fs.readFileSync(file).toString('base64')}`;

const CAPTIONS: Record<ImageKind, string> = {
  reference: 'Before (baseline)',
  actual: 'After (this run)',
  diff: 'Difference',
};

export interface ReportOptions {
  /** The command that accepts the changes, printed at the top of the report. */
  approveCommand: string;
  generatedAt?: Date;
}

/** One self-contained HTML page: grouped by stories file, then story, one row per scheme x theme. */
export function renderReport(failures: readonly FailedComparison[], options: ReportOptions): string {
  const groups = new Map<string, FailedComparison[]>();
  for (const failure of failures) {
    const group = groups.get(failure.storiesFile) ?? [];
    group.push(failure);
    groups.set(failure.storiesFile, group);
  }
  const sections = [...groups].map(([storiesFile, group]) => {
    const items = group.map((failure) => {
      const figures = IMAGE_KINDS.map((kind) => {
        const file = failure.images[kind];
        const body = file
          ? `<img src="${dataUri(file)}" alt="${escapeHtml(`${CAPTIONS[kind]}: ${failure.name}`)}">`
          : `<p class="missing">${kind === 'reference' ? 'No baseline: a new story' : 'Not written'}</p>`;
        return `<figure><figcaption>${CAPTIONS[kind]}</figcaption>${body}</figure>`;
      }).join('');
      return `<article id="${escapeHtml(`${storiesFile}/${failure.name}`)}">
<h3>${escapeHtml(failure.story)} <span class="combo">${escapeHtml(failure.scheme)} · ${escapeHtml(failure.theme)}</span></h3>
<p class="meta">${escapeHtml(failure.name)} · ${escapeHtml(failure.browser)} · ${escapeHtml(failure.platform)}</p>
<div class="images">${figures}</div>
</article>`;
    });
    return `<section><h2>${escapeHtml(storiesFile)}</h2>${items.join('\n')}</section>`;
  });
  const generated = (options.generatedAt ?? new Date()).toISOString();
  const summary =
    failures.length === 0
      ? '<p>No screenshot comparison failed.</p>'
      : `<p>${failures.length} screenshot${failures.length === 1 ? '' : 's'} changed in ${groups.size} stories file${groups.size === 1 ? '' : 's'}. When every change is intended, approve them (rewrite the baselines) with <code>${escapeHtml(options.approveCommand)}</code> and commit the PNGs.</p>
<nav><ul>${failures.map((failure) => `<li><a href="#${escapeHtml(`${failure.storiesFile}/${failure.name}`)}">${escapeHtml(failure.storiesFile)}: ${escapeHtml(failure.story)} (${escapeHtml(failure.scheme)} · ${escapeHtml(failure.theme)})</a></li>`).join('')}</ul></nav>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Visual changes: ${failures.length}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; }
h2 { border-bottom: 1px solid; padding-bottom: 4px; margin-top: 32px; }
.combo { font-weight: normal; font-size: 0.85em; border: 1px solid; border-radius: 4px; padding: 0 6px; }
.meta { opacity: 0.7; margin-top: 0; }
.images { display: flex; gap: 12px; overflow-x: auto; align-items: flex-start; }
figure { margin: 0; flex: 1 1 0; min-width: 240px; }
figure img { max-width: 100%; border: 1px solid; }
figcaption { font-weight: 600; margin-bottom: 4px; }
.missing { font-style: italic; }
/* Shrunk to fit side by side by default; the box at the top shows them pixel for pixel, without script. */
body:has(#actual-size:checked) figure { flex: none; min-width: 0; }
body:has(#actual-size:checked) figure img { max-width: none; }
</style>
</head>
<body>
<h1>Visual changes</h1>
<p class="meta">Generated ${escapeHtml(generated)}</p>
${summary}
<label><input type="checkbox" id="actual-size"> Show the images at actual size</label>
${sections.join('\n')}
</body>
</html>
`;
}
