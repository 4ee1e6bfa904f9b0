import { defineConfig } from 'vitest/config';

// The API's test files, run a second time with every test server's configuration on PostgreSQL (see
// startTestCairn): the store operators scale out on answers the API exactly as the embedded one does.
// Crash, command-line and backup tests are left out: they test processes and files, not the store.
const API_ON_POSTGRES = [
  'src/{account,apiDocs,apiKeys,auth,bundle,clickApi,entities,permissions,settings,system}/**/*.test.ts',
  'src/{conversions,costs,costSync,integrations,landerFiles,reports,retention,savedReports,splitTests}/**/*.test.ts',
  'src/tracking/click/{click,liveChanges}.test.ts',
];

// Needs a PostgreSQL server (CAIRN_TEST_POSTGRES_URL); CI always has one, since .ci/run stops when
// PostgreSQL does not start, so in CI this pass can never be left out quietly.
const postgresUrl = process.env.CAIRN_TEST_POSTGRES_URL;
if (process.env.CI === 'true' && !postgresUrl) {
  throw new Error('CI=true without CAIRN_TEST_POSTGRES_URL: the API pass on PostgreSQL cannot run');
}

// One `vitest run` covers the whole suite: each package brings its own project config, the
// Storybook project turns every story into a visual-regression test, and e2e/ drives the real
// panel against the real server in Chromium.
export default defineConfig({
  test: {
    // In CI (CI=true) a skipped test fails the run unless tooling/allowed-skips.json lists it with its reason.
    reporters: ['default', './tooling/allowedSkips.ts'],
    projects: [
      'packages/*/vitest.config.ts',
      // ui's tests that need a real browser (forced colours): Chromium, like the stories.
      'packages/ui/vitest.browser.config.ts',
      'tooling/vitest.config.ts',
      '.storybook/vitest.config.ts',
      'e2e/vitest.config.ts',
      ...(postgresUrl
        ? [
            {
              // Spelled out rather than extending the server's config: `extends` adds to its
              // include list instead of replacing it, which would run every server file again.
              root: './packages/server',
              test: {
                name: 'server-postgres',
                environment: 'node',
                include: API_ON_POSTGRES,
                // The event store's own suites: the configuration store plays no part in them.
                exclude: ['**/node_modules/**', 'src/**/*{clickhouse,Clickhouse}*.test.ts'],
                setupFiles: ['./vitest.setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 30_000,
                env: { CAIRN_TEST_CONFIG_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
