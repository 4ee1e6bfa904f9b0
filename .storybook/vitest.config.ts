import { fileURLToPath } from 'node:url';
import { chromiumArgs, findChromium, missingChromiumMessage } from '@cairn/tooling/chromium';
import { compareScreenshots } from '@cairn/tooling/screenshotComparator';
import { storyBaselinePath } from '@cairn/tooling/vrReport';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';

const configDir = fileURLToPath(new URL('.', import.meta.url));

// Every story of every package is a browser test in the system Chromium (Playwright cannot download
// its own browser here): it renders, fails on accessibility violations (addon-a11y, test: 'error'),
// and is compared with its committed baseline screenshot (vitest.setup.ts). Update baselines with
// `npm run test:visual:update`, or for some stories only:
//   npx vitest run --project storybook <path filter> -u   (the filter before -u: -u takes a value)
// Every story drawn under the default scheme and theme is also measured for contrast under each other
// scheme x theme on the same page (vitest.setup.ts), so `npm test` checks every combination. The fuller
// sweep (npm run test:a11y:themes) reruns every story, play function and every axe rule under another
// theme x scheme: CAIRN_STORY_GLOBALS=theme=dark,colorScheme=legacy, without screenshots.
const storyGlobals = Object.fromEntries(
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: read by vitest itself, never inside a turbo task.
  (process.env.CAIRN_STORY_GLOBALS ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]),
);
const sweepingThemes = Object.keys(storyGlobals).length > 0;

const chromium = findChromium();
if (!chromium) console.warn(`The storybook project cannot run here. ${missingChromiumMessage()}`);

export default defineProject({
  plugins: [storybookTest({ configDir, initialGlobals: storyGlobals })],
  // Pre-bundle every dependency the stories reach before the first test: a dependency discovered
  // mid-run makes Vite reload the page, which kills the test frame that was loading.
  optimizeDeps: {
    entries: [
      fileURLToPath(new URL('../packages/*/src/**/*.stories.tsx', import.meta.url)),
      `${configDir}preview.tsx`,
    ],
    // Imported only by the JavaScript the vanilla-extract plugin generates from *.css.ts files, which the
    // entry scan never sees: on a cold cache (every fresh clone) Vite found it mid-run, reloaded, and the
    // story frame that was loading never became ready.
    // The panel's own dependencies, which its page stories reach through lazily loaded pages: named here,
    // a dependency cache made without them is rebuilt at start instead of being extended mid-run.
    include: [
      '@vanilla-extract/recipes/createRuntimeFn',
      // Imported by vitest.setup.ts (the contrast check), which the entry scan does not reach.
      'axe-core',
      '@tanstack/react-query',
      'ky',
      'wouter',
      'wouter/memory-location',
      'zod',
    ],
  },
  test: {
    name: 'storybook',
    // After the unit projects and before e2e (groupOrder 2), so story frames and jsdom workers do not
    // compete for the two cores.
    sequence: { groupOrder: 1 },
    // A page story boots the whole panel (guard, frame, lazy page, fixture calls) before its play
    // function, axe and the screenshot: on a busy two-core machine that passes the browser default of 15 s.
    testTimeout: 60_000,
    setupFiles: [fileURLToPath(new URL('./vitest.setup.ts', import.meta.url))],
    provide: { compareScreenshots: !sweepingThemes },
    // One fixed viewport and scale, so baselines do not depend on the machine's display.
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        // Looked up, not required, while the config loads: every `vitest run` reads this file, and a
        // machine without Chromium must still run the unit projects (the warning above says why the
        // storybook project then fails to launch).
        launchOptions: { executablePath: chromium, args: chromiumArgs },
        // A fixed zone and locale too: stories show times and numbers as the viewer's browser would, and
        // a baseline must not depend on the machine's settings.
        contextOptions: { deviceScaleFactor: 1, timezoneId: 'UTC', locale: 'en-US' },
      }),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1200, height: 900 },
      expect: {
        toMatchScreenshot: {
          // Every pixel whose colour moved counts (see tooling/screenshotComparator.ts): the default lets a
          // token change of one shade pass every baseline.
          comparatorName: 'cairnStrict',
          comparators: { cairnStrict: compareScreenshots },
          // `__screenshots__/Button/Primary-1-chromium-linux.png` rather than Vitest's default folder named
          // after the test file (`Button.stories.tsx/`): Storybook's stories glob would take a folder
          // called `*.stories.tsx` for a stories file and fail to read it.
          // tooling/vr-report.ts finds the before image of a failed comparison through the same function.
          resolveScreenshotPath: storyBaselinePath,
        },
      },
    },
  },
});

declare module 'vitest/browser' {
  interface ScreenshotComparatorRegistry {
    cairnStrict: { allowedMismatchedPixels?: number };
  }
}
