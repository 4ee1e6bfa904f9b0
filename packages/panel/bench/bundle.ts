// Bundle weight of the panel's first screens (not a test): `npm run bench -w @cairn/panel`.
// Builds the panel with its own Vite config into a temp folder (or, with `--dist [dir]`, reads a build
// already made, by default packages/panel/dist) and prints the gzipped JavaScript the sign-in route and
// the campaigns list load before they render, each with its budget and the ratio to it (above 1: over).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { formatWeights, type Manifest, type RouteWeight, routeFiles } from './routeWeight.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

// Each route's lazily loaded modules, as the page registry and the navigation controller load them.
const routes = [
  { route: 'sign-in (/login)', modules: ['src/pages/SignInPage.tsx'], budgetBytes: 120_000 },
  {
    route: 'campaigns (/campaigns)',
    modules: ['src/app/Layout.tsx', 'src/entities/lists/EntityListPage.tsx'],
    budgetBytes: 200_000,
  },
];

async function buildInto(): Promise<{ outDir: string; cleanUp: () => Promise<void> }> {
  const outDir = await mkdtemp(join(tmpdir(), 'cairn-panel-bundle-'));
  await build({
    root: packageDir,
    configFile: join(packageDir, 'vite.config.ts'),
    logLevel: 'warn',
    // Source maps only slow the build down; they are not downloaded by a page.
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return { outDir, cleanUp: () => rm(outDir, { recursive: true, force: true }) };
}

const distFlag = process.argv.indexOf('--dist');
const { outDir, cleanUp } =
  distFlag === -1
    ? await buildInto()
    : {
        outDir: process.argv[distFlag + 1] ?? join(packageDir, 'dist'),
        cleanUp: async () => {},
      };

try {
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const weights: RouteWeight[] = [];
  for (const { route, modules, budgetBytes } of routes) {
    const files = routeFiles(manifest, modules);
    let gzipBytes = 0;
    // Compressed one by one, as a server sends them (gzip's default level, as Vite's own report).
    for (const file of files) gzipBytes += gzipSync(await readFile(join(outDir, file))).length;
    weights.push({ route, gzipBytes, budgetBytes, files: files.length });
  }
  console.log('Panel bundle: gzipped JavaScript a route loads before it renders (entry + its route chunks)');
  console.log(formatWeights(weights));
  // Printed, not failed: `npm run bench` runs every workspace's bench and reports, it is not a gate.
  const over = weights
    .filter((weight) => weight.gzipBytes > weight.budgetBytes)
    .map((weight) => weight.route);
  if (over.length > 0) console.log(`Over budget: ${over.join(', ')}`);
} finally {
  await cleanUp();
}
