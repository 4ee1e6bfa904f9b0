// Stamped by vite.config.ts at build time for the build-info page.
declare const __PANEL_VERSION__: string;
declare const __PANEL_COMMIT__: string;
declare const __PANEL_BUILD_TIME__: string;
