// Browser benchmark of the DataTable with 100,000 rows (not a test): `npm run bench -w @cairn/ui`.
// Serves bench/ with Vite, opens it in the system Chromium and prints mount time, sort time and the
// longest main-thread task while scrolling, each next to a plain non-virtual 1,000-row table
// measured in the same run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '@cairn/tooling/chromium';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright';
import { build, preview } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// A production build: React's development checks would dominate every figure otherwise.
const outDir = await mkdtemp(join(tmpdir(), 'cairn-bench-'));
const config = {
  root,
  configFile: false as const,
  logLevel: 'warn' as const,
  plugins: [vanillaExtractPlugin(), react()],
};
await build({ ...config, build: { outDir, emptyOutDir: true } });
const server = await preview({ ...config, build: { outDir }, preview: { port: 0, host: '127.0.0.1' } });
const url = server.resolvedUrls?.local[0];
if (!url) throw new Error('Vite did not report a URL');

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 120_000 });
  const r = await page.evaluate(() =>
    (window as unknown as { cairnBench: () => Promise<Record<string, number>> }).cairnBench(),
  );
  const ms = (n: number | undefined) => `${(n ?? 0).toFixed(1).padStart(8)} ms`;
  const ratio = (a: number | undefined, b: number | undefined) =>
    `${((a ?? 0) / Math.max(b ?? 0, 0.1)).toFixed(2)}x`;
  const lines = [
    'DataTable benchmark (Chromium, production build, median of 3 rounds)',
    `rows mounted in the DOM for 100,000 data rows: ${r.mountedRows}`,
    '',
    'figure                        DataTable 100k   plain table 1k   ratio',
    `mount                         ${ms(r.tableMount)}      ${ms(r.plainMount)}      ${ratio(r.tableMount, r.plainMount)}`,
    `sort (one column click)       ${ms(r.tableSort)}      ${ms(r.plainSort)}      ${ratio(r.tableSort, r.plainSort)}`,
    `longest task while scrolling  ${ms(r.tableScroll)}      ${ms(r.plainScroll)}      ${ratio(r.tableScroll, r.plainScroll)}`,
    `median frame while scrolling  ${ms(r.tableFrame)}      ${ms(r.plainFrame)}      ${ratio(r.tableFrame, r.plainFrame)}`,
    `p95 frame while scrolling     ${ms(r.tableP95)}      ${ms(r.plainP95)}      ${ratio(r.tableP95, r.plainP95)}`,
  ];
  console.log(lines.join('\n'));
} finally {
  await browser.close();
  await server.close();
  await rm(outDir, { recursive: true, force: true });
}
