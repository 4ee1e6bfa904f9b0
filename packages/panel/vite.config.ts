import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// A build outside a git checkout (a tarball) still has to build, so the commit is optional.
function gitCommit(): string {
  try {
    return execSync('git rev-parse --short=12 HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

export default defineConfig({
  base: '/panel/',
  plugins: [vanillaExtractPlugin(), react()],
  define: {
    __PANEL_VERSION__: JSON.stringify(packageJson.version),
    __PANEL_COMMIT__: JSON.stringify(gitCommit()),
    __PANEL_BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // A font file under Vite's inline limit (small unicode-range subsets) would become a data: URL, which
    // the panel's content security policy refuses: fonts always stay files.
    assetsInlineLimit: (filePath) => (/\.(woff2?|ttf|otf)$/.test(filePath) ? false : undefined),
    // bench/bundle.ts follows each route's chunks through the manifest to weigh what it downloads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Neither package does anything on import, but neither says so in its package.json: without
        // these rules every contract schema and DOMPurify would sit in the first chunk whether used or not.
        moduleSideEffects: [
          { test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
          { test: /node_modules[\\/]dompurify[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // Libraries every screen needs change less often than the panel: their own chunks stay
          // cached across upgrades. Everything else is split by Rolldown along the lazy pages.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: 'vendor',
              test: /node_modules[\\/](ky|@tanstack[\\/](query-core|react-query)|wouter|regexparam)[\\/]/,
              priority: 1,
            },
            // zod is a chunk of its own: the first screen validates nothing before it renders (stored
            // values are checked by hand, responses by schemas fetched with the call), so only the
            // pages that need it at once, and the first validated answer, fetch it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  // `npm run dev -w @cairn/panel` next to a running server (`npm start`, port 3000 or CAIRN_URL): the
  // panel keeps its empty base address, so the dev server forwards the API paths.
  server: {
    proxy: Object.fromEntries(
      ['/api', '/updates'].map((path) => [
        path,
        { target: process.env.CAIRN_URL ?? 'http://localhost:3000' },
      ]),
    ),
  },
});
