import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    // Each file starts real servers on real DuckDB files; argon2 hashing is deliberately slow.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
