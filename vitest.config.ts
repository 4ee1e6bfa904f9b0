import { defineConfig } from 'vitest/config';

// One `vitest run` covers the whole suite: each package brings its own project config, the
// Storybook project turns every story into a visual-regression test, and e2e/ drives the real
// panel against the real server in Chromium.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'tooling/vitest.config.ts',
      '.storybook/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
