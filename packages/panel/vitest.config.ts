import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [vanillaExtractPlugin(), react()],
  define: {
    __PANEL_VERSION__: JSON.stringify('0.0.0-test'),
    __PANEL_COMMIT__: JSON.stringify('test'),
    __PANEL_BUILD_TIME__: JSON.stringify('2026-01-01T00:00:00.000Z'),
  },
  test: {
    name: 'panel',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    // Component tests render the whole app; on a loaded two-core machine a few seconds are normal.
    testTimeout: 20_000,
  },
});
