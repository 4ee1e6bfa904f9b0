import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// A test file may opt into the node environment (`// @vitest-environment node`): one that compiles the
// styles runs esbuild, which jsdom's globals break. It gets no DOM and so none of the DOM's stand-ins.
if (typeof document !== 'undefined') {
  // The stand-ins for the layout and pointer APIs jsdom lacks (ResizeObserver, pointer capture, ...).
  await import('@cairn/tooling/jsdom-setup');
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
