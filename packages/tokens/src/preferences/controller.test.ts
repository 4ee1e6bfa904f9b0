// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FONT_SETTINGS_DEBOUNCE_MS, MORE_CONTRAST_QUERY, STORAGE_KEYS } from '../constants.ts';
import type { FontId } from '../fonts/fonts.ts';
import type { TokensLogger } from '../logger.ts';
import { allThemeClassNames, moreContrastClassNames, themeClassNames } from '../theme/classes.ts';
import { applyDisplayPreferences } from './apply.ts';
import { createDisplayPreferencesController } from './controller.ts';

// jsdom implements no media queries; this stands in for the system's prefers-color-scheme switch, and for
// its prefers-contrast switch.
class SystemColourScheme extends EventTarget {
  matches: boolean;
  constructor(prefersDark: boolean) {
    super();
    this.matches = prefersDark;
  }
  change(prefersDark: boolean) {
    this.matches = prefersDark;
    this.dispatchEvent(new Event('change'));
  }
}

function recordingLogger() {
  const messages: string[] = [];
  const logger: TokensLogger = { warn: (message) => messages.push(message) };
  return { logger, messages };
}

function setup(prefersDark: boolean, logger?: TokensLogger, prefersMoreContrast = false) {
  const system = new SystemColourScheme(prefersDark);
  const systemContrast = new SystemColourScheme(prefersMoreContrast);
  const loadedFonts: FontId[] = [];
  const controller = createDisplayPreferencesController({
    root: document.documentElement,
    storage: localStorage,
    matchMedia: (query) =>
      (query === MORE_CONTRAST_QUERY ? systemContrast : system) as unknown as MediaQueryList,
    logger,
    loadFont: async (font) => {
      loadedFonts.push(font);
      return 'loaded';
    },
    measureScale: (font) => (font === 'fira-code' ? 0.833 : 1),
  });
  return { system, systemContrast, controller, loadedFonts };
}

const root = () => document.documentElement;

describe('display preferences', () => {
  beforeEach(() => {
    localStorage.clear();
    root().className = '';
    root().removeAttribute('style');
  });
  afterEach(() => vi.useRealTimers());

  it('follows the system theme when nothing is stored', () => {
    setup(true).controller.dispose();
    expect(root().classList.contains(themeClassNames.default.dark)).toBe(true);
    expect(root().dataset.theme).toBe('dark');
  });

  it('lets a stored theme win over the system preference', () => {
    localStorage.setItem(STORAGE_KEYS.theme, '"light"');
    localStorage.setItem(STORAGE_KEYS.colorScheme, '"creative"');
    const { controller } = setup(true);
    expect(controller.current()).toMatchObject({ theme: 'light', colorScheme: 'creative' });
    expect(root().classList.contains(themeClassNames.creative.light)).toBe(true);
    controller.dispose();
  });

  it('re-applies the stored theme when the system preference changes', () => {
    localStorage.setItem(STORAGE_KEYS.theme, '"dark"');
    const { system, controller } = setup(false);
    root().className = ''; // something else clobbered the root meanwhile
    system.change(true);
    expect(root().classList.contains(themeClassNames.default.dark)).toBe(true);
    system.change(false);
    expect(controller.current().theme).toBe('dark');
    expect(root().classList.contains(themeClassNames.default.dark)).toBe(true);
    controller.dispose();
  });

  it('follows system changes while no theme is stored and tells subscribers', () => {
    const { system, controller } = setup(false);
    const seen: string[] = [];
    const unsubscribe = controller.subscribe(() => seen.push(controller.current().theme));
    system.change(true);
    expect(controller.current().theme).toBe('dark');
    controller.setColorScheme('creative');
    unsubscribe();
    system.change(false);
    expect(seen).toEqual(['dark', 'dark']);
    expect(controller.current().theme).toBe('light');
    controller.dispose();
  });

  it('saves a toggled theme and keeps exactly one theme class', () => {
    const { controller } = setup(false);
    const { toggleTheme } = controller;
    toggleTheme();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('"dark"');
    controller.setColorScheme('legacy');
    const themeClasses = [...root().classList].filter((name) =>
      Object.values(themeClassNames).some((byTheme) => Object.values(byTheme).includes(name)),
    );
    expect(themeClasses).toEqual([themeClassNames.legacy.dark]);
    controller.dispose();
  });

  it('ignores a bad stored value and uses the default instead', () => {
    const { logger, messages } = recordingLogger();
    localStorage.setItem(STORAGE_KEYS.colorScheme, '"neon"');
    localStorage.setItem(STORAGE_KEYS.fontSizeDelta, '"huge"');
    const { controller } = setup(false, logger);
    expect(controller.current()).toMatchObject({ colorScheme: 'default', fontSizeDelta: 0 });
    expect(messages).toContain('Ignoring invalid stored colorScheme');
    controller.dispose();
  });

  it('rejects and logs an invalid font or scheme, keeping the current one', () => {
    const { logger, messages } = recordingLogger();
    const { controller } = setup(false, logger);
    controller.setFont('Wingdings');
    controller.setColorScheme('neon');
    expect(controller.current()).toMatchObject({ font: 'vela-sans', colorScheme: 'default' });
    expect(messages).toEqual(['Invalid font rejected', 'Invalid colour scheme rejected']);
    expect(localStorage.getItem(STORAGE_KEYS.font)).toBeNull();
    controller.dispose();
  });

  it('follows the system more-contrast preference while none is stored, over the chosen scheme', () => {
    localStorage.setItem(STORAGE_KEYS.colorScheme, '"legacy"');
    const { systemContrast, controller } = setup(false, undefined, true);
    expect(controller.current().contrast).toBe('more');
    expect(root().classList.contains(moreContrastClassNames.legacy.light)).toBe(true);
    expect(root().dataset.contrast).toBe('more');
    const seen: string[] = [];
    controller.subscribe(() => seen.push(controller.current().contrast));
    systemContrast.change(false);
    expect(seen).toEqual(['standard']);
    expect(root().classList.contains(themeClassNames.legacy.light)).toBe(true);
    expect(root().classList.contains(moreContrastClassNames.legacy.light)).toBe(false);
    controller.dispose();
  });

  it('saves a chosen contrast, which then wins over the system and keeps one theme class', () => {
    const { system, systemContrast, controller } = setup(false);
    controller.setContrast('more');
    expect(localStorage.getItem(STORAGE_KEYS.contrast)).toBe('"more"');
    system.change(true);
    systemContrast.change(false);
    expect(controller.current()).toMatchObject({ theme: 'dark', contrast: 'more' });
    expect([...root().classList].filter((name) => allThemeClassNames.includes(name))).toEqual([
      moreContrastClassNames.default.dark,
    ]);
    controller.setContrast('standard');
    expect(root().classList.contains(themeClassNames.default.dark)).toBe(true);
    controller.dispose();
  });

  it('rejects and logs an invalid contrast, keeping the current one', () => {
    const { logger, messages } = recordingLogger();
    localStorage.setItem(STORAGE_KEYS.contrast, '"maximum"');
    const { controller } = setup(false, logger, true);
    expect(messages).toContain('Ignoring invalid stored contrast');
    controller.setContrast('less');
    expect(messages).toContain('Invalid contrast rejected');
    expect(controller.current().contrast).toBe('more');
    controller.dispose();
  });

  it('debounces font settings, then applies family, clamped delta and measured scale', async () => {
    vi.useFakeTimers();
    const { controller, loadedFonts } = setup(false);
    await vi.runAllTimersAsync();
    loadedFonts.length = 0;

    controller.setFont('inter');
    controller.setFontSizeDelta(4);
    controller.setFont('fira-code');
    controller.setFontSizeDelta(99);
    vi.advanceTimersByTime(FONT_SETTINGS_DEBOUNCE_MS - 1);
    expect(root().style.getPropertyValue('--cairn-font-size-delta')).toBe('0');

    await vi.advanceTimersByTimeAsync(1);
    await controller.settled();
    expect(loadedFonts).toEqual(['fira-code']);
    expect(root().style.getPropertyValue('--cairn-font-size-delta')).toBe('10');
    expect(root().style.getPropertyValue('--cairn-font-scale')).toBe('0.833');
    expect(root().style.getPropertyValue('--cairn-font-family')).toMatch(/^'Fira Code', /);
    expect(localStorage.getItem(STORAGE_KEYS.fontSizeDelta)).toBe('10');
    controller.dispose();
  });
});

describe('applyDisplayPreferences', () => {
  it('logs an invalid scheme or font from untyped callers and applies defaults', () => {
    const { logger, messages } = recordingLogger();
    const element = document.createElement('div');
    applyDisplayPreferences(
      element,
      { theme: 'dark', colorScheme: 'neon' as never, font: 'nope' as never, fontSizeDelta: -30 },
      logger,
    );
    expect(messages).toEqual(['Invalid colour scheme, using the default', 'Invalid font rejected']);
    expect(element.className).toBe(themeClassNames.default.dark);
    expect(element.style.getPropertyValue('--cairn-font-size-delta')).toBe('-10');
    expect(element.style.getPropertyValue('--cairn-font-family')).toMatch(/^'Vela Sans', /);
  });

  it('lays the high-contrast class over the scheme, and logs a contrast it does not know', () => {
    const { logger, messages } = recordingLogger();
    const element = document.createElement('div');
    const preferences = { theme: 'dark', colorScheme: 'creative', font: 'inter', fontSizeDelta: 0 } as const;
    applyDisplayPreferences(element, { ...preferences, contrast: 'more' }, logger);
    expect(element.className).toBe(moreContrastClassNames.creative.dark);
    applyDisplayPreferences(element, { ...preferences, contrast: 'ultra' as never }, logger);
    expect(element.className).toBe(themeClassNames.creative.dark);
    expect(messages).toEqual(['Invalid contrast, using the default']);
  });
});
