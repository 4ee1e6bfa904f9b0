import { describe, expect, it } from 'vitest';
import { formatDetail } from './sanitize.ts';

describe('formatDetail', () => {
  it('writes each shape of server detail as lines', () => {
    expect(formatDetail('Name is taken')).toBe('Name is taken');
    expect(formatDetail(['first', 'second'])).toBe('first\nsecond');
    expect(formatDetail({ name: 'too long', weight: 0, tags: ['a', 'b'] })).toBe(
      'name: too long\nweight: 0\ntags: a, b',
    );
    expect(formatDetail([{ field: 'url' }, 3])).toBe('{"field":"url"}\n3');
  });

  it('takes any body field: scalars are written out, nothing gives an empty string', () => {
    const fromBody: unknown = JSON.parse('{"detail": 404}').detail;
    expect(formatDetail(fromBody)).toBe('404');
    expect(formatDetail(true)).toBe('true');
    expect(formatDetail(undefined)).toBe('');
    expect(formatDetail(null)).toBe('');
    expect(formatDetail([])).toBe('');
    expect(formatDetail({})).toBe('');
    expect(formatDetail(() => 'x')).toBe('');
  });
});
