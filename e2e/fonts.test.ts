import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FONT_IDS, FONT_WEIGHTS, FONTS, type FontId, STORAGE_KEYS } from '@cairn/tokens/data';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, openSession, type RunningServer, tempDir, waitForTitle } from './support.ts';

// The production builds are made here, fresh, into temp dirs: fonts went missing only in production
// output (the dev servers never showed it), and a stale dist would hide exactly that kind of regression.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

async function buildPanel(outDir: string): Promise<void> {
  await run(
    process.execPath,
    [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir],
    {
      cwd: path.join(repoRoot, 'packages/panel'),
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

async function buildStorybook(outDir: string): Promise<void> {
  await run(
    process.execPath,
    [path.join(repoRoot, 'node_modules/storybook/dist/bin/dispatcher.js'), 'build', '-o', outDir, '--quiet'],
    { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' } },
  );
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves a static Storybook as a static host would: the file asked for, or a real 404. */
async function serveDirectory(root: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
    });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface FontProbe {
  rootFont: string | undefined;
  facesPerWeight: number[];
  checkedPerWeight: boolean[];
}

/** Asks the page's own FontFaceSet for every weight of a family, the way the panel's font loader does. */
function probeFamily(page: Page, family: string): Promise<FontProbe> {
  return page.evaluate(
    async ({ family, weights }) => {
      const fontsFor = (weight: number) => `${weight} 16px "${family}"`;
      const loaded = await Promise.all(weights.map((weight) => document.fonts.load(fontsFor(weight))));
      return {
        rootFont: document.documentElement.dataset.font,
        facesPerWeight: loaded.map((faces) => faces.filter((face) => face.status === 'loaded').length),
        checkedPerWeight: weights.map((weight) => document.fonts.check(fontsFor(weight))),
      };
    },
    { family, weights: [...FONT_WEIGHTS] },
  );
}

/** Font requests that did not answer with the file: a 4xx/5xx or a request that never completed. */
function watchFontFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'font' && response.status() >= 400)
      failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'font') failures.push(`failed ${request.url()}`);
  });
  return failures;
}

const atEveryWeight = FONT_WEIGHTS.map(() => true);
function expectShipped(probe: FontProbe, id: FontId): void {
  expect(probe.rootFont).toBe(id);
  expect(
    probe.facesPerWeight.map((count) => count > 0),
    `loaded faces of ${id} per weight`,
  ).toEqual(atEveryWeight);
  // check() is also true for a family with no face at all, so it only counts next to the faces above.
  expect(probe.checkedPerWeight, `document.fonts.check of ${id} per weight`).toEqual(atEveryWeight);
}

const e2e = e2eSuite({ server: false });
let panelServer: RunningServer;
let storybook: { url: string; server: Server };

beforeAll(async () => {
  const panelDir = tempDir('cairn-fonts-panel-');
  const storybookDir = tempDir('cairn-fonts-storybook-');
  // One after the other: two builds at once only fight over the two cores.
  await buildPanel(panelDir);
  await buildStorybook(storybookDir);
  panelServer = await e2e.startServer({ panelDir });
  storybook = await serveDirectory(storybookDir);
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => storybook?.server.close(resolve));
});

describe('fonts in the built panel', () => {
  it.each(FONT_IDS)(
    'loads every face of %s, chosen as the panel font, with no font request failing',
    async (id) => {
      const { page, context, errors } = await e2e.open({ server: panelServer });
      const failures = watchFontFailures(page);
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        STORAGE_KEYS.font,
        JSON.stringify(id),
      ] as const);
      await page.goto('/panel/login');
      await waitForTitle(page, 'Sign in - Cairn');
      expectShipped(await probeFamily(page, FONTS[id].family), id);
      await page.waitForLoadState('networkidle');
      expect(failures).toEqual([]);
      // A face inlined as a data: URL loads nowhere under the panel's content security policy.
      expect(errors).toEqual([]);
    },
  );
});

describe('fonts in the built Storybook', () => {
  it.each(FONT_IDS)(
    'loads every face of %s, chosen in the toolbar, with no font request failing',
    async (id) => {
      const { page, context } = await openSession(e2e.browser, storybook.url);
      try {
        const failures = watchFontFailures(page);
        await page.goto(`/iframe.html?id=tokens-type-scale--default&viewMode=story&globals=font:${id}`);
        await page.locator('#storybook-root > *').first().waitFor();
        await page.waitForFunction((chosen) => document.documentElement.dataset.font === chosen, id);
        expectShipped(await probeFamily(page, FONTS[id].family), id);
        await page.waitForLoadState('networkidle');
        expect(failures).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
