import '@testing-library/jest-dom/vitest';
// The stand-ins for the layout and pointer APIs jsdom lacks (ResizeObserver, pointer capture, ...).
import '@cairn/tooling/jsdom-setup';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
