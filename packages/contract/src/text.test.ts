import { describe, expect, it } from 'vitest';
import { encodeText, truncateText } from './text.ts';

describe('well-formed text', () => {
  it('cuts by code point: a pair split by the cap is dropped whole', () => {
    const value = `${'a'.repeat(255)}😀tail`;
    const cut = truncateText(value, 256);
    expect(cut).toBe('a'.repeat(255));
    expect(cut.isWellFormed()).toBe(true);
    expect(truncateText(`${'a'.repeat(254)}😀`, 256)).toBe(`${'a'.repeat(254)}😀`);
    expect(truncateText('short', 256)).toBe('short');
  });

  it('encodes lone surrogates as U+FFFD instead of throwing', () => {
    expect(() => encodeURIComponent('x\ud83d')).toThrow();
    expect(encodeText('x\ud83d')).toBe('x%EF%BF%BD');
    expect(encodeText('\ude00y')).toBe('%EF%BF%BDy');
    expect(encodeText('a b😀')).toBe(encodeURIComponent('a b😀'));
  });
});
