// Browser benchmark of the report page's table (not a test): `npm run bench -w @cairn/panel`.
// Builds bench/report-table with Vite (production), opens it in the system Chromium, mounts the report
// table with 10,000 rows five times and prints the median mount time and the longest main-thread task
// (the render itself counts as one) against a 50 ms budget. Like the bundle weights it reports rather than
// fails: npm run bench runs every workspace's bench as a report.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '@cairn/tooling/chromium';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright';
import { build, preview } from 'vite';

const LONG_TASK_MS = 50;
const root = fileURLToPath(new URL('./report-table/', import.meta.url));
const outDir = await mkdtemp(join(tmpdir(), 'cairn-report-bench-'));
const config = {
  root,
  configFile: false as const,
  logLevel: 'warn' as const,
  plugins: [vanillaExtractPlugin(), react()],
};
// One page, one chunk: the size warning says nothing here.
await build({ ...config, build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 } });
const server = await preview({ ...config, build: { outDir }, preview: { port: 0, host: '127.0.0.1' } });
const url = server.resolvedUrls?.local[0];
if (!url) throw new Error('Vite did not report a URL');

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 120_000 });
  const r = await page.evaluate(() =>
    (
      window as unknown as {
        cairnBench: () => Promise<{ rows: number; mount: number; longest: number; worst: number }>;
      }
    ).cairnBench(),
  );
  const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
  const over = r.longest > LONG_TASK_MS;
  console.log(
    [
      `Report table benchmark (Chromium, production build, median of 5 mounts of ${r.rows.toLocaleString('en-US')} rows)`,
      `mount (render, layout, first frame)   ${ms(r.mount)}`,
      `longest main-thread task              ${ms(r.longest)}   budget ${LONG_TASK_MS} ms, ratio ${(r.longest / LONG_TASK_MS).toFixed(2)}x${over ? '  OVER' : ''}`,
      `worst of the five                     ${ms(r.worst)}`,
    ].join('\n'),
  );
} finally {
  await browser.close();
  await server.close();
  await rm(outDir, { recursive: true, force: true });
}
