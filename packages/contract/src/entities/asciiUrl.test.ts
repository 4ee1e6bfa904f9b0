import { describe, expect, it } from 'vitest';
import { urlCustomizationSchema } from '../tracking.ts';
import { asciiUrl, hasMacroBeforePath } from './asciiUrl.ts';
import { trackedUrlSchema } from './macros.ts';
import { offerInputSchema } from './offer.ts';

const messages = (value: string): string[] =>
  (trackedUrlSchema.safeParse(value).error?.issues ?? []).map((issue) => issue.message);

describe('URLs are kept in their ASCII form', () => {
  it('writes an IDN host in punycode and percent-encodes Unicode in path, query and fragment', () => {
    expect(trackedUrlSchema.parse('https://пример.рф/путь?q=значение#якорь')).toBe(
      'https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C?q=%D0%B7%D0%BD%D0%B0%D1%87%D0%B5%D0%BD%D0%B8%D0%B5#%D1%8F%D0%BA%D0%BE%D1%80%D1%8C',
    );
    expect(trackedUrlSchema.parse('https://Bücher.example')).toBe('https://xn--bcher-kva.example/');
  });

  it('keeps macros as written wherever they are allowed, braces not percent-encoded', () => {
    expect(trackedUrlSchema.parse('https://пример.рф/{offer_id}/ä?c={clickid}&s={t1}#{t2}')).toBe(
      'https://xn--e1afmkfd.xn--p1ai/{offer_id}/%C3%A4?c={clickid}&s={t1}#{t2}',
    );
    expect(trackedUrlSchema.parse('https://offer.example/?sub={clickid}&geo={country_code}')).toBe(
      'https://offer.example/?sub={clickid}&geo={country_code}',
    );
    // Text that looks like the stand-in used for macros meanwhile is no macro and stays as it is.
    expect(asciiUrl('https://a.example/cairnmacro0q/{t1}?x=cairnmacro1q')).toBe(
      'https://a.example/cairnmacro0q/{t1}?x=cairnmacro1q',
    );
    expect(offerInputSchema.parse({ name: 'o', url: 'https://bücher.example/?c={clickid}' }).url).toBe(
      'https://xn--bcher-kva.example/?c={clickid}',
    );
  });

  it('stores the fallback URL in punycode too', () => {
    expect(urlCustomizationSchema.parse({ fallbackUrl: ' https://пример.рф ' }).fallbackUrl).toBe(
      'https://xn--e1afmkfd.xn--p1ai/',
    );
    expect(urlCustomizationSchema.parse({ fallbackUrl: '' }).fallbackUrl).toBe('');
  });
});

describe('macros before the path', () => {
  it('are refused: a visitor value would pick the host, an open redirect', () => {
    for (const url of [
      'https://{t1}/',
      'https://x{t1}.com/',
      '{t1}',
      '{t1}/path',
      'https://{t1}',
      'https://user:{t2}@x.example/',
      'https://x.example:{t3}/',
      'http{t1}://x.example/',
    ]) {
      expect(hasMacroBeforePath(url), url).toBe(true);
      expect(messages(url), url).toContain(
        'Macros can only be in the path, query or fragment of a URL, not in its scheme or host',
      );
    }
  });

  it('are allowed from the path on', () => {
    for (const url of [
      'https://x.example/{t1}',
      'https://x.example?c={clickid}',
      'https://x.example#{t1}',
      'https://x.example\\{t1}',
    ]) {
      expect(hasMacroBeforePath(url), url).toBe(false);
    }
    expect(messages('https://x.example/{t1}?c={clickid}')).toEqual([]);
  });
});
