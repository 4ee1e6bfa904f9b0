import { describe, expect, it } from 'vitest';
import { preferredLanguage, referrerDomain } from './headers.ts';

describe('preferredLanguage', () => {
  it.each([
    ['en-US,en;q=0.9', 'en-us', 'en'],
    ['de;q=0.5, pt-BR;q=0.9, en-US;q=0.8', 'pt-br', 'pt'],
    ['fr;q=0.8, it;q=0.8', 'fr', 'fr'],
    ['*;q=1, es;q=0.1', 'es', 'es'],
    ['en;q=0, nl;q=0.2', 'nl', 'nl'],
    ['zh-Hant-TW, zh;q=0.5', 'zh-tw', 'zh'],
    ['zh-Hant', 'zh', 'zh'],
    ['es-419', 'es-419', 'es'],
    ['EN_gb', 'en-gb', 'en'],
    ['en;level=1;q=0.4, de;q=0.3', 'en', 'en'],
    ['en;q=abc, de;q=0.3', 'de', 'de'],
    ['x-klingon, i-default, tlh;q=0.1', 'tlh', 'tlh'],
  ])('%s -> %s', (header, tag, base) => {
    expect(preferredLanguage(header)).toEqual({ tag, base });
  });

  it('answers nothing for empty, wildcard-only or unusable headers', () => {
    for (const header of ['', '*', 'en;q=0', '12-34', ';;;', ',,,']) {
      expect(preferredLanguage(header)).toEqual({ tag: '', base: '' });
    }
  });

  it('looks only at the start of a very long header', () => {
    expect(preferredLanguage(`${'xx-zz;q=0.1,'.repeat(30)}de`).tag).toBe('xx-zz');
  });
});

describe('referrerDomain', () => {
  it.each([
    ['https://www.example.com/path?q=1#top', 'example.com'],
    ['HTTP://WWW.Example.COM', 'example.com'],
    ['https://user:secret@news.example.org:8443/a', 'news.example.org'],
    ['https://www2.example.com/', 'www2.example.com'],
    ['https://example.com./', 'example.com'],
    ['https://[2001:DB8::1]:443/', '2001:db8::1'],
    ['http://203.0.113.7/landing', '203.0.113.7'],
    ['android-app://com.google.android.gm/', 'com.google.android.gm'],
    ['https://bücher.example/', 'xn--bcher-kva.example'],
    ['https://www.example.com\\evil', 'example.com'],
  ])('%s -> %s', (referrer, domain) => {
    expect(referrerDomain(referrer)).toBe(domain);
  });

  it('answers nothing for what is not an absolute URL with a host', () => {
    for (const referrer of [
      '',
      'example.com',
      '/relative',
      'about:blank',
      'https://',
      'https://ex ample.com',
      'https://[::1',
      '://x',
    ]) {
      expect(referrerDomain(referrer)).toBe('');
    }
  });
});
