import '@testing-library/jest-dom/vitest';
// The stand-ins for the layout and pointer APIs jsdom lacks (ResizeObserver, pointer capture, ...).
import '@cairn/tooling/jsdom-setup';
import { preloadPopups } from '@cairn/ui';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// The first render of a lazily loaded page transforms its module graph, which on a busy two-core
// machine can take over the default second; waits give up at 10 s instead.
configure({ asyncUtilTimeout: 10_000 });

// Node's Request (undici) cannot resolve a relative URL, while a browser resolves it against the page.
// The client keeps the spec's empty base address, so tests give Request the page's base like a browser does.
const NodeRequest = globalThis.Request;
globalThis.Request = class PageRelativeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
} as typeof Request;

// The ui's menus and selects fetch their popups' code after the first paint, their triggers painted
// before it. A test that holds a trigger across that moment would click one React has just replaced,
// which no person can do; these tests are about the popups once there (the ui tests cover before).
beforeAll(() => preloadPopups());

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
