import { describe, expect, it } from 'vitest';
import { capitalize } from './text.ts';

describe('capitalize', () => {
  it('upper-cases the first character only', () => {
    expect(capitalize('traffic source')).toBe('Traffic source');
    expect(capitalize('TV and desktop')).toBe('TV and desktop');
    expect(capitalize('archive')).toBe('Archive');
  });

  it('leaves an empty text empty', () => {
    expect(capitalize('')).toBe('');
  });
});
