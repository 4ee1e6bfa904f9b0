import { defineProject } from 'vitest/config';

// Browser tests: each file starts the real server in-process on a temp data dir and drives the built
// panel (packages/panel/dist) in the system Chromium through the playwright library.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    // One Chromium and one server at a time: these machines have two cores.
    fileParallelism: false,
    // After the unit and story projects, so the browsers do not compete with them for the cores.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
