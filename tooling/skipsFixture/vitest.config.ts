import { defineConfig } from 'vitest/config';

// A suite with one planted skip, run by allowedSkips.test.ts in a nested vitest to prove the reporter
// fails a CI run on a skip its list does not name. Not part of the repository's suite.
export default defineConfig({
  test: {
    include: ['planted.fixture.ts'],
    reporters: ['default', ['../allowedSkips.ts', { allowedFile: process.env.CAIRN_FIXTURE_ALLOWED_SKIPS }]],
  },
});
