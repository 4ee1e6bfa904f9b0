import { defineProject } from 'vitest/config';

// Tests of the repository's own gates: CI's service start, the skipped-test check, the structure rules and the docs.
export default defineProject({
  test: {
    name: 'tooling',
    environment: 'node',
    include: ['*.test.ts'],
    // A ClickHouse start, or a whole nested vitest run, takes seconds on a loaded two-core machine.
    testTimeout: 120_000,
  },
});
