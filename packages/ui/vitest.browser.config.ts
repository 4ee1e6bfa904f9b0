import { chromiumArgs, findChromium } from '@cairn/tooling/chromium';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import type { BrowserCommand } from 'vitest/node';

/**
 * Switches the page between normal and forced colours (Windows contrast themes), as Playwright emulates
 * them: no browser API lets a page turn the mode on for itself, and jsdom knows no media features at all.
 */
const emulateForcedColors: BrowserCommand<[active: boolean]> = async (context, active) => {
  if (context.provider.name !== 'playwright')
    throw new Error('emulateForcedColors needs the playwright provider');
  // The command context of the playwright provider (its types are declared by @vitest/browser-playwright).
  await (context as unknown as { page: import('playwright').Page }).page.emulateMedia({
    forcedColors: active ? 'active' : 'none',
  });
};

// The ui tests that need a real browser's layout and media features (*.browser.test.tsx), in the system
// Chromium as the storybook project runs; everything else stays in the jsdom project (vitest.config.ts).
export default defineProject({
  plugins: [vanillaExtractPlugin(), react()],
  test: {
    name: 'ui-browser',
    include: ['src/**/*.browser.test.{ts,tsx}'],
    // With the stories (group 1): after the jsdom projects, so browsers do not compete with their workers.
    sequence: { groupOrder: 1 },
    // As the stories' project: a browser shares the machine with the rest of the suite, and clicks wait for it.
    testTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath: findChromium(), args: chromiumArgs },
        contextOptions: { deviceScaleFactor: 1 },
      }),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1200, height: 900 },
      commands: { emulateForcedColors },
    },
  },
});

declare module 'vitest/browser' {
  interface BrowserCommands {
    emulateForcedColors: (active: boolean) => Promise<void>;
  }
}
