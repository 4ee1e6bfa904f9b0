import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCairn, TestBrowser, tempDir } from '../test-support/server.ts';
import type { RunningCairn } from './index.ts';
import { PANEL_CSP } from './panel.ts';

const running: RunningCairn[] = [];
async function start(options: Parameters<typeof startTestCairn>[0] = {}): Promise<RunningCairn> {
  const cairn = await startTestCairn(options);
  running.push(cairn);
  return cairn;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((cairn) => cairn.close()));
});

function builtPanel(): string {
  const panelDir = tempDir('cairn-panel-');
  fs.writeFileSync(path.join(panelDir, 'index.html'), '<!doctype html><title>Cairn</title>');
  return panelDir;
}

describe('panel', () => {
  it('sends the same frame and content-security headers with index.html wherever it is served', async () => {
    const cairn = await start({ panelDir: builtPanel() });
    const browser = new TestBrowser(cairn.url);
    const html = { headers: { accept: 'text/html,*/*' } };
    const pages = {
      index: await browser.get('/panel/', html),
      route: await browser.get('/panel/campaigns/edit/12?x=1', html),
      outside: await browser.get('/offers?sort[name]=asc', html),
    };
    for (const [where, page] of Object.entries(pages)) {
      expect({ where, status: page.status, text: page.text }).toEqual({
        where,
        status: 200,
        text: '<!doctype html><title>Cairn</title>',
      });
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('content-security-policy')).toBe(PANEL_CSP);
    }
  });

  it('allows only its own origin, no plugins, no <base>, no framing and no inline script or eval', () => {
    const directives = new Map(
      PANEL_CSP.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources.join(' ')];
      }),
    );
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    // Scripts fall back to default-src: same-origin files only.
    for (const name of ['script-src', 'script-src-elem', 'script-src-attr', 'style-src-attr', 'style-src'])
      expect(directives.has(name)).toBe(false);
    expect(PANEL_CSP).not.toMatch(/unsafe-eval|data:|https?:|\*/);
  });

  it('keeps the query string when it redirects into the panel', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    const cases: [string, string][] = [
      ['/', '/panel/'],
      ['/?a=1&b=two%20words', '/panel/?a=1&b=two%20words'],
      ['/panel', '/panel/'],
      ['/panel?returnTo=%2Foffers&x[y]=1', '/panel/?returnTo=%2Foffers&x[y]=1'],
    ];
    for (const [from, to] of cases) {
      const answer = await browser.get(from);
      expect({ from, status: answer.status, location: answer.headers.get('location') }).toEqual({
        from,
        status: 302,
        location: to,
      });
    }
  });
});
