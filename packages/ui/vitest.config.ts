import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [vanillaExtractPlugin(), react()],
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Those run in Chromium (vitest.browser.config.ts).
    exclude: ['**/node_modules/**', 'src/**/*.browser.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
  },
});
