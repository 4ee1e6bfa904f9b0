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
    // After the unit projects (group 0) and the story project (group 1), so the browsers do not compete
    // with them for the cores.
    sequence: { groupOrder: 2 },
    // Generous: a loaded two-core machine can take seconds per page load; each step still has its own
    // limit (see support.ts), so a broken step fails with its own message long before these.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // expect.poll gives up after one second by default: on a loaded machine a page reached by goto can
    // take longer than that to draw the value a poll waits for (a campaign's URL on its edit page).
    expect: { poll: { timeout: 15_000 } },
  },
});
