import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LP_PROTECT, type LpProtectSettings, lpProtectNode, lpProtectPhp } from '@cairn/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { lpKeyFor } from './lpProtect.ts';

// The checks the panel hands out for landers' own code, run for real against keys the tracker signs: the
// Node.js one as a module a lander's server loads, the PHP one by php when the machine has it.

const SECRET = "lander's-secret\\0123";
const CLICK_ID = '01jq5v2x3c4d5e6f7g8h9jk';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-lp-snippet-'));
const servers: http.Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  fs.rmSync(dir, { recursive: true, force: true });
});

type Check = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

/** A lander served by node:http behind the snippet, as its installation note says. */
async function landerBehind(settings: LpProtectSettings): Promise<string> {
  const file = path.join(dir, `check-${settings.unprotectedAction}.cjs`);
  fs.writeFileSync(file, lpProtectNode(SECRET, settings));
  const check = createRequire(import.meta.url)(file) as Check;
  const server = http.createServer((req, res) => check(req, res, () => res.end('the lander')));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/offer?utm=x`;
}

const visit = (url: string, key?: string) =>
  fetch(key === undefined ? url : `${url}&lpkey=${encodeURIComponent(key)}`, { redirect: 'manual' });

const valid = () => lpKeyFor(SECRET, CLICK_ID, Date.now());
const expired = () => lpKeyFor(SECRET, CLICK_ID, Date.now() - 2 * 3600 * 1000);
const forged = () => {
  const [clickId, expires] = valid().split('.');
  return `${clickId}.${expires}.${lpKeyFor('guessed', CLICK_ID, Date.now()).split('.')[2]}`;
};

describe('the Node.js check', () => {
  it('passes keys the tracker signed and answers 404 to expired, forged and missing ones', async () => {
    const url = await landerBehind(DEFAULT_LP_PROTECT);
    const passed = await visit(url, valid());
    expect(passed.status).toBe(200);
    expect(await passed.text()).toBe('the lander');
    expect(
      await visit(url, lpKeyFor(SECRET, CLICK_ID, Date.now(), 7 * 24 * 3600)).then((r) => r.status),
    ).toBe(200);
    for (const key of [expired(), forged(), undefined, '', 'a.b.c', `${valid()}.x`]) {
      const refused = await visit(url, key);
      expect(refused.status, String(key)).toBe(404);
      expect(await refused.text()).toBe('Not found');
    }
  });

  it('redirects or shows the safe page to visits without a valid key, as set', async () => {
    const redirecting = await landerBehind({
      ...DEFAULT_LP_PROTECT,
      unprotectedAction: 'redirect',
      redirectUrl: 'https://safe.example/?from="lp"',
    });
    const away = await visit(redirecting, forged());
    expect(away.status).toBe(302);
    expect(away.headers.get('location')).toBe('https://safe.example/?from="lp"');
    expect((await visit(redirecting, valid())).status).toBe(200);

    // Quotes, backslashes, a template placeholder: none may break out of the string the snippet holds.
    const page = `<h1>Recipes</h1>\n<script>var s = "it's";</script> $\{x} \\`;
    const safe = await landerBehind({
      ...DEFAULT_LP_PROTECT,
      unprotectedAction: 'safePage',
      safePageHtml: page,
    });
    const shown = await visit(safe, expired());
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await shown.text()).toBe(page);
    expect(await (await visit(safe, valid())).text()).toBe('the lander');
  });
});

const php = (() => {
  try {
    execFileSync('php', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

// Most machines that build Cairn have no php; the PHP check's logic mirrors the Node.js one line for line.
describe.skipIf(!php)('the PHP check (needs php on the PATH)', () => {
  const run = (settings: LpProtectSettings, key: string | undefined) => {
    const file = path.join(dir, 'lander.php');
    fs.writeFileSync(file, `${lpProtectPhp(SECRET, settings)}the lander`);
    const query = key === undefined ? '' : `$_GET['lpkey'] = ${JSON.stringify(key)};`;
    return execFileSync('php', ['-r', `${query} include ${JSON.stringify(file)};`], { encoding: 'utf8' });
  };
  it('passes keys the tracker signed and turns away the others', () => {
    expect(run(DEFAULT_LP_PROTECT, valid())).toBe('the lander');
    for (const key of [expired(), forged(), undefined]) expect(run(DEFAULT_LP_PROTECT, key)).toBe('');
    const page = "<h1>Recipes</h1> '\\' ?>";
    expect(run({ ...DEFAULT_LP_PROTECT, unprotectedAction: 'safePage', safePageHtml: page }, forged())).toBe(
      page,
    );
  });
});
