import { STATIC_FONT_BASE_PATH } from '@cairn/tokens/data';
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { mergeConfig } from 'vite';

// One Storybook over every package: any `*.stories.tsx` under a package's src/ shows up here and, through
// .storybook/vitest.config.ts, becomes a visual-regression and accessibility test.
const config: StorybookConfig = {
  stories: ['../packages/*/src/**/*.mdx', '../packages/*/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // react-docgen-typescript needs the TypeScript JS API, which TypeScript 7 (native) no longer ships.
  typescript: { reactDocgen: 'react-docgen' },
  core: { disableTelemetry: true },
  // The faces of a family no npm package ships point at the panel's static font folder; served at the same
  // path here, stories and baselines render the shipped files rather than whatever the host has installed.
  staticDirs: [{ from: '../packages/panel/public/fonts', to: STATIC_FONT_BASE_PATH }],
  viteFinal: (viteConfig) => mergeConfig(viteConfig, { plugins: [vanillaExtractPlugin()] }),
};

export default config;
