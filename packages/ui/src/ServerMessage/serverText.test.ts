import { describe, expect, it } from 'vitest';
import { sanitizeServerText } from './sanitize.ts';
import { escapedTextHtml, formatDetail, plainTextHtml } from './serverText.ts';

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

describe('plainTextHtml', () => {
  // Whatever the sanitiser would make of text without markup, the fast path must make too: it is the
  // same text, parsed the same way, so a message looks the same whichever path showed it.
  it.each([
    '',
    'Wrong username or password',
    '  leading and trailing  ',
    ' \n\t ',
    'Two\nlines',
    'See https://status.example/x?a=1. Or www.example.org, then (https://b.example)',
    'a > b and "quotes" and \'single\'',
    'non-breaking\u00a0space, é, 🙂, \u200b',
  ])('gives what the sanitiser gives for %j', (text) => {
    expect(plainTextHtml(text)).toBe(sanitizeServerText(text));
  });

  it('leaves to the sanitiser what an HTML parser would not read as plain text', () => {
    for (const text of [
      '<b>x</b>',
      'http://x.example/<not-a-tag',
      'a &amp; b',
      'a & b',
      'CR\r\nLF',
      'nul\0',
      '\fform feed',
    ]) {
      expect(plainTextHtml(text)).toBeUndefined();
    }
  });

  it('escapes what it shows', () => {
    expect(escapedTextHtml('<img src=x onerror=alert(1)> & www.example.org')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; &amp; <a href="https://www.example.org" target="_blank" ' +
        'rel="noopener noreferrer">www.example.org</a>',
    );
  });
});
