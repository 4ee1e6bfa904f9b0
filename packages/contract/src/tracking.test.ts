import { describe, expect, it } from 'vitest';
import { DEFAULT_URL_CUSTOMIZATION, urlCustomizationSchema } from './tracking.ts';

const messages = (input: unknown) => {
  const result = urlCustomizationSchema.safeParse(input);
  return (result.error?.issues ?? []).map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);
};

describe('URL customization', () => {
  it('defaults to the tracker paths and a plain 404 for clicks with nowhere to go', () => {
    expect(DEFAULT_URL_CUSTOMIZATION).toEqual({
      clickPath: '/click',
      postbackPath: '/postback',
      conversionPixelPath: '/conversion.gif',
      fallbackUrl: '',
    });
  });

  it('takes paths of up to three segments and an http(s) fallback, trimmed', () => {
    expect(
      urlCustomizationSchema.parse({
        clickPath: ' /go ',
        postbackPath: '/r/cb.v2',
        conversionPixelPath: '/img/a/t.png',
        fallbackUrl: ' https://example.com/sorry?from=tracker ',
      }),
    ).toEqual({
      clickPath: '/go',
      postbackPath: '/r/cb.v2',
      conversionPixelPath: '/img/a/t.png',
      fallbackUrl: 'https://example.com/sorry?from=tracker',
    });
  });

  it('refuses paths that are not plain segments, or that reach into the panel and its API', () => {
    for (const path of ['go', '/', '/go/', '/a b', '/go?x=1', '/%2e', '/a/b/c/d', '/../x', '/é']) {
      expect(messages({ clickPath: path }), path).toEqual([
        expect.stringMatching(/^clickPath: (Start with \/|A segment cannot be)/),
      ]);
    }
    for (const path of ['/panel', '/api/click', '/updates', '/lp/x']) {
      expect(messages({ postbackPath: path })).toEqual([
        'postbackPath: The panel, its API and hosted landers use paths starting with /panel, /api, /updates, /lp',
      ]);
    }
    expect(messages({ clickPath: `/${'a'.repeat(64)}` })).toEqual([
      'clickPath: A path is at most 64 characters',
    ]);
  });

  it("refuses an endpoint on another endpoint's path, or two endpoints on one path", () => {
    expect(messages({ clickPath: '/postback' })).toEqual(["clickPath: /postback is another endpoint's path"]);
    expect(messages({ conversionPixelPath: '/click/hop' })).toEqual([
      "conversionPixelPath: /click/hop is another endpoint's path",
    ]);
    expect(messages({ clickPath: '/go', postbackPath: '/go' })).toEqual([
      'postbackPath: /go is already the click path',
    ]);
    expect(messages({ clickPath: '/go', conversionPixelPath: '/go/hop' })).toEqual([
      'conversionPixelPath: /go/hop is already the double meta refresh hop of the click path',
    ]);
    expect(messages({ postbackPath: '/cb', conversionPixelPath: '/cb' })).toEqual([
      'conversionPixelPath: /cb is already the postback path',
    ]);
  });

  it('refuses a fallback that is not an http(s) address, and unknown fields', () => {
    for (const url of [
      'example.com',
      'javascript:alert(1)',
      'ftp://example.com/',
      'https://',
      'https://a b.com/',
    ]) {
      expect(messages({ fallbackUrl: url }), url).toEqual([
        'fallbackUrl: Enter an http(s) address, or leave it empty for a plain 404 page',
      ]);
    }
    expect(messages({ hopPath: '/h' })).toEqual([expect.stringMatching(/Unrecognized key/)]);
  });
});
