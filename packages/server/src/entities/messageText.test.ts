import { entityPath, type OfferImportResponse } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../test-support/entities.ts';
import type { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { messageValue } from './messageText.ts';

// The panel renders server messages as sanitized HTML and turns bare URLs into links (the pattern below is
// the one of packages/ui's ServerMessage). Names are user data: in a message they must stay text.
const LINK_START = /\b(?:https?:\/\/|www\.)/i;
const HOSTILE = '<a href="https://evil.example">x</a>';
const ESCAPED = '&lt;a href=&quot;https\u2060://evil.example&quot;&gt;x&lt;/a&gt;';

let cairn: RunningCairn;
let browser: TestBrowser;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
});
afterAll(async () => {
  await cairn.close();
});

describe('messageValue', () => {
  it('escapes markup and breaks every link start, and nothing else', () => {
    expect(messageValue(HOSTILE)).toBe(ESCAPED);
    expect(messageValue(`O'Brien & "Sons" <b>`)).toBe('O&#39;Brien &amp; &quot;Sons&quot; &lt;b&gt;');
    expect(messageValue('&amp;')).toBe('&amp;amp;');
    for (const name of [
      'https://evil.example/win',
      'WWW.evil.example',
      'go HTTP://a.example or www.b.example',
    ]) {
      expect(messageValue(name)).not.toMatch(LINK_START);
      expect(messageValue(name).replaceAll('\u2060', '')).toBe(name);
    }
    expect(messageValue('Keto DE 2.0 (www-less), http-ish: fine')).toBe(
      'Keto DE 2.0 (www-less), http-ish: fine',
    );
  });
});

describe('messages built from names', () => {
  it('refuse a delete with the names escaped, in the message and its details', async () => {
    const offer = await kindClient(browser, 'offer').make({ name: HOSTILE, url: 'https://o.example/' });
    await kindClient(browser, 'campaign').make({
      name: 'https://evil.example/win',
      flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
    });
    const refused = await kindClient(browser, 'offer').remove(offer.id);
    expect(refused.status).toBe(409);
    const body = refused.json<{ message: string; errors: { message: string; detail: string[] }[] }>();
    expect(body.message).not.toContain('<a');
    expect(body.message).toContain(
      `Offer "${ESCAPED}" is still used by 1 campaign (https\u2060://evil.example/win)`,
    );
    expect(body.message).not.toMatch(LINK_START);
    expect(body.errors).toEqual([
      { message: 'Used by 1 campaign', detail: ['https\u2060://evil.example/win'] },
    ]);
  });

  it('report import lines with what the line said escaped', async () => {
    const text = [
      `first;https://a.example/;no;1;USD;no;;${HOSTILE}`,
      'second;https://b.example/;no;1;USD;no;;;www.evil.example',
      'third;https://c.example/;maybe',
      'fourth;https://d.example/?s={<b>x</b>};yes',
    ].join('\n');
    const report = (await browser.post(entityPath.offerImport, { text })).json<OfferImportResponse>();
    expect(report.errors).toEqual([
      { line: 1, message: `Offer group "${ESCAPED}" not found` },
      { line: 2, message: 'Affiliate network "www\u2060.evil.example" not found' },
      { line: 3, message: 'Auto "maybe" is not yes or no' },
      { line: 4, message: expect.stringContaining('url: Unknown macro {&lt;b&gt;x&lt;/b&gt;}') },
    ]);
  });

  it('refuse a mass edit with what was sent escaped', async () => {
    const offer = await kindClient(browser, 'offer').make({ name: 'mass target', url: 'https://o.example/' });
    const refused = await kindClient(browser, 'offer').mass([offer.id], { '<i>x</i>': true, notes: 'n' });
    expect(refused.status).toBe(400);
    const body = refused.json<{ message: string; errors: { message: string }[] }>();
    expect(body.message).toContain('&quot;&lt;i&gt;x&lt;/i&gt;&quot;');
    expect(JSON.stringify(body)).not.toContain('<i>');
  });
});
