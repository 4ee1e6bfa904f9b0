import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../constants.ts';
import type { TokensLogger } from '../logger.ts';
import {
  colorSchemeSchema,
  fontIdSchema,
  fontSizeDeltaSchema,
  readStoredPreferences,
  themeSchema,
  writeStoredPreference,
} from './storage.ts';

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

function recordingLogger() {
  const messages: string[] = [];
  const logger: TokensLogger = { warn: (message) => messages.push(message) };
  return { logger, messages };
}

describe('readStoredPreferences', () => {
  it('returns nothing when nothing is stored', () => {
    expect(readStoredPreferences(memoryStorage())).toEqual({});
  });

  it('reads valid stored values', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.theme]: '"dark"',
      [STORAGE_KEYS.colorScheme]: '"legacy"',
      [STORAGE_KEYS.font]: '"ibm-plex-mono"',
      [STORAGE_KEYS.fontSizeDelta]: '-4',
    });
    expect(readStoredPreferences(storage)).toEqual({
      theme: 'dark',
      colorScheme: 'legacy',
      font: 'ibm-plex-mono',
      fontSizeDelta: -4,
    });
  });

  it('accepts a bare string as written by older panels', () => {
    expect(readStoredPreferences(memoryStorage({ [STORAGE_KEYS.theme]: 'light' }))).toEqual({
      theme: 'light',
    });
  });

  it('clamps a stored delta beyond the bound', () => {
    expect(readStoredPreferences(memoryStorage({ [STORAGE_KEYS.fontSizeDelta]: '25' }))).toEqual({
      fontSizeDelta: 10,
    });
  });

  it('ignores and logs every bad stored value, keeping the good ones', () => {
    const { logger, messages } = recordingLogger();
    const storage = memoryStorage({
      [STORAGE_KEYS.theme]: '"sepia"',
      [STORAGE_KEYS.colorScheme]: '"neon"',
      [STORAGE_KEYS.font]: '"Comic Sans"',
      [STORAGE_KEYS.fontSizeDelta]: '"big"',
    });
    expect(readStoredPreferences(storage, logger)).toEqual({});
    expect(messages).toEqual([
      'Ignoring invalid stored theme',
      'Ignoring invalid stored colorScheme',
      'Ignoring invalid stored font',
      'Ignoring invalid stored fontSizeDelta',
    ]);

    const mixed = memoryStorage({ [STORAGE_KEYS.theme]: '{"x":1}', [STORAGE_KEYS.font]: '"roboto"' });
    expect(readStoredPreferences(mixed, logger)).toEqual({ font: 'roboto' });
  });

  it('treats unreadable storage as empty', () => {
    const { logger, messages } = recordingLogger();
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readStoredPreferences(blocked, logger)).toEqual({});
    expect(messages).toEqual(['Local storage is not readable']);
  });
});

describe('writeStoredPreference', () => {
  it('writes JSON that reads back as the same value', () => {
    const storage = memoryStorage();
    writeStoredPreference(storage, 'colorScheme', 'creative');
    writeStoredPreference(storage, 'fontSizeDelta', 7);
    expect(storage.map.get(STORAGE_KEYS.colorScheme)).toBe('"creative"');
    expect(readStoredPreferences(storage)).toEqual({ colorScheme: 'creative', fontSizeDelta: 7 });
  });
});

describe('preference schemas', () => {
  it('accept only the names of their list', () => {
    expect(themeSchema.safeParse('dark')).toEqual({ success: true, data: 'dark' });
    expect(colorSchemeSchema.safeParse('creative')).toEqual({ success: true, data: 'creative' });
    expect(fontIdSchema.safeParse('inter')).toEqual({ success: true, data: 'inter' });
    for (const value of ['Dark', 'toString', '', 1, null, undefined, ['dark'], { theme: 'dark' }]) {
      expect(themeSchema.safeParse(value)).toEqual({ success: false });
    }
    expect(colorSchemeSchema.safeParse('light')).toEqual({ success: false });
    expect(fontIdSchema.safeParse('constructor')).toEqual({ success: false });
  });

  it('take a finite number as a delta, rounded and clamped', () => {
    expect(fontSizeDeltaSchema.safeParse(-3)).toEqual({ success: true, data: -3 });
    expect(fontSizeDeltaSchema.safeParse(2.4)).toEqual({ success: true, data: 2 });
    expect(fontSizeDeltaSchema.safeParse(-40)).toEqual({ success: true, data: -10 });
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, '4', null, true]) {
      expect(fontSizeDeltaSchema.safeParse(value)).toEqual({ success: false });
    }
  });
});
