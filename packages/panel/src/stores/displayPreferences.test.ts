import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDisplayPreferencesStore } from './displayPreferences.ts';
import { systemColorScheme } from './systemColorScheme.testing.ts';

function createStore() {
  return createDisplayPreferencesStore({
    root: document.documentElement,
    storage: localStorage,
    matchMedia: (query) => window.matchMedia(query),
    loadFont: async () => 'loaded',
    measureScale: () => 1,
    logger: { warn: vi.fn() },
    debounceMs: 0,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('display preferences store', () => {
  it('applies, saves and announces each change', async () => {
    const store = createStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setTheme('dark');
    store.setColorScheme('creative');
    store.setFont('inter');
    store.setFontSizeDelta(4);
    store.setContrast('more');
    await store.settled();
    expect(store.getSnapshot()).toEqual({
      theme: 'dark',
      colorScheme: 'creative',
      font: 'inter',
      fontSizeDelta: 4,
      contrast: 'more',
    });
    expect(listener).toHaveBeenCalledTimes(5);
    expect(document.documentElement.dataset).toMatchObject({
      theme: 'dark',
      colorScheme: 'creative',
      font: 'inter',
      contrast: 'more',
    });
    expect(createStore().getSnapshot()).toMatchObject({
      theme: 'dark',
      colorScheme: 'creative',
      font: 'inter',
    });
    store.dispose();
  });

  it('clamps the size delta and refuses unknown values', async () => {
    const store = createStore();
    store.setFontSizeDelta(25);
    store.setColorScheme('neon');
    store.setFont('Comic Sans');
    await store.settled();
    expect(store.getSnapshot()).toMatchObject({
      fontSizeDelta: 10,
      colorScheme: 'default',
      font: 'vela-sans',
    });
    store.setFontSizeDelta(-25);
    expect(store.getSnapshot().fontSizeDelta).toBe(-10);
    store.toggleTheme();
    const toggled = store.getSnapshot().theme;
    store.toggleTheme();
    expect(store.getSnapshot().theme).not.toBe(toggled);
    store.dispose();
  });

  it('announces the theme the system switches to while none is stored', () => {
    const system = systemColorScheme(false);
    const store = createDisplayPreferencesStore({
      root: document.documentElement,
      storage: localStorage,
      matchMedia: system.matchMedia,
      loadFont: async () => 'loaded',
      measureScale: () => 1,
      logger: { warn: vi.fn() },
    });
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getSnapshot().theme).toBe('light');
    system.setDark(true);
    expect(listener).toHaveBeenCalled();
    expect(store.getSnapshot().theme).toBe('dark');
    store.dispose();
  });
});
