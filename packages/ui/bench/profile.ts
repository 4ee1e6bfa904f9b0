// CPU profile of the 100k-row DataTable's sort click and scroll (not a test):
// `node bench/profile.ts`. Builds bench/ unminified so function names survive, runs one sort
// and one scroll under the DevTools profiler and prints the functions with the most self time,
// which is where to look when `npm run bench` reports a regression.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '@cairn/tooling/chromium';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright';
import { build, preview } from 'vite';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function topSelfTime(profile: Profile, count: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    total += delta;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + delta);
  });
  const lines = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${key}`);
  return [`sampled ${total.toFixed(0)} ms`, ...lines];
}

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = await mkdtemp(join(tmpdir(), 'cairn-profile-'));
const config = {
  root,
  configFile: false as const,
  logLevel: 'error' as const,
  plugins: [vanillaExtractPlugin(), react()],
};
await build({ ...config, build: { outDir, emptyOutDir: true, minify: false } });
const server = await preview({ ...config, build: { outDir }, preview: { port: 0, host: '127.0.0.1' } });
const url = server.resolvedUrls?.local[0];
if (!url) throw new Error('Vite did not report a URL');

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 120_000 });
  await page.evaluate(() =>
    (window as unknown as { cairnMountLarge: () => Promise<void> }).cairnMountLarge(),
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const measure = async (name: string, action: () => Promise<unknown>) => {
    await cdp.send('Profiler.start');
    await action();
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const file = join(tmpdir(), `cairn-${name}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    console.log(`\n${name} (full profile: ${file})\n${topSelfTime(profile, 25).join('\n')}`);
  };
  await measure('mount', () =>
    page.evaluate(() => (window as unknown as { cairnMountLarge: () => Promise<void> }).cairnMountLarge()),
  );
  await measure('sort', () =>
    page.evaluate(() => (window as unknown as { cairnSortLarge: () => Promise<number> }).cairnSortLarge()),
  );
  await page.waitForTimeout(1000);
  await measure('scroll', () =>
    page.evaluate(() =>
      (window as unknown as { cairnScrollLarge: () => Promise<number> }).cairnScrollLarge(),
    ),
  );
} finally {
  await browser.close();
  await server.close();
  await rm(outDir, { recursive: true, force: true });
}
