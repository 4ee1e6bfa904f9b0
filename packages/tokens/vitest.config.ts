import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [vanillaExtractPlugin()],
  test: {
    name: 'tokens',
    // Pure math and data by default; DOM tests opt into jsdom with a `@vitest-environment jsdom` comment.
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
