import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/entities.ts';
import { rawGet, uploadLanderFile } from '../../test-support/landerFiles.ts';
import type { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// What a visitor's browser gets from /lp/: types, caching headers and revalidation, ranges, compression,
// index pages, and a 404 for anything that is not a plain path inside a folder.

const CSS = `body { margin: 0 }\n${'.block { padding: 4px; color: black }\n'.repeat(60)}`;
const IMAGE = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));

describe('serving hosted landers', () => {
  let cairn: RunningCairn;
  let browser: TestBrowser;
  const get = (path: string, headers: Record<string, string> = {}) => rawGet(cairn.url, path, headers);

  beforeAll(async () => {
    ({ cairn, browser } = await signedInAdmin());
    const zip = zipSync({
      'index.html': strToU8('<h1>Offer</h1>'),
      'css/site.css': strToU8(CSS),
      'img/photo.png': new Uint8Array(IMAGE),
      'sub/index.html': strToU8('<p>sub</p>'),
      'empty/readme.txt': strToU8('no index here'),
      'run.php': strToU8('<?php echo "ran"; ?>'),
    });
    expect((await uploadLanderFile(cairn.url, browser, 'shop', 'shop.zip', zip)).body.saved).toBe(6);
    await uploadLanderFile(cairn.url, browser, 'other', 'secret.html', strToU8('other folder'), false);
  });
  afterAll(async () => {
    await cairn.close();
  });

  it('serves files with their types and validators, and answers revalidation with 304', async () => {
    const page = await get('/lp/shop/index.html');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('public, no-cache');
    const etag = page.headers.etag ?? '';
    const lastModified = page.headers['last-modified'] ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();

    expect((await get('/lp/shop/index.html', { 'if-none-match': etag })).status).toBe(304);
    expect((await get('/lp/shop/index.html', { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await get('/lp/shop/index.html', { 'if-none-match': '"stale"' })).status).toBe(200);

    const image = await get('/lp/shop/img/photo.png');
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.body.equals(IMAGE)).toBe(true);
    // Never run: a PHP file is bytes to download.
    const php = await get('/lp/shop/run.php');
    expect(php.headers['content-type']).toBe('application/octet-stream');
    expect(php.body.toString()).toBe('<?php echo "ran"; ?>');
  });

  it('answers byte ranges with 206, and an unsatisfiable one with 416', async () => {
    const part = await get('/lp/shop/img/photo.png', { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${IMAGE.length}`);
    expect(part.body.equals(IMAGE.subarray(10, 20))).toBe(true);
    const tail = await get('/lp/shop/img/photo.png', { range: 'bytes=-5' });
    expect(tail.body.equals(IMAGE.subarray(IMAGE.length - 5))).toBe(true);
    const beyond = await get('/lp/shop/img/photo.png', { range: 'bytes=5000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${IMAGE.length}`);
  });

  it('compresses text for clients that accept it, with brotli first', async () => {
    const brotli = await get('/lp/shop/css/site.css', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(CSS);
    expect(brotli.body.length).toBeLessThan(CSS.length);

    const gzip = await get('/lp/shop/css/site.css', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(CSS);
    expect(gzip.headers.etag).not.toBe(brotli.headers.etag);
    expect(
      (
        await get('/lp/shop/css/site.css', {
          'accept-encoding': 'gzip',
          'if-none-match': gzip.headers.etag ?? '',
        })
      ).status,
    ).toBe(304);

    const plain = await get('/lp/shop/css/site.css');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(CSS);
    // Images are not compressed again.
    const image = await get('/lp/shop/img/photo.png', { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
  });

  it('serves index.html for a folder and lists no directory', async () => {
    const bare = await get('/lp/shop?clickid=abc');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/lp/shop/?clickid=abc');
    expect((await get('/lp/shop/')).body.toString()).toBe('<h1>Offer</h1>');
    expect((await get('/lp/shop/sub/')).body.toString()).toBe('<p>sub</p>');
    expect((await get('/lp/shop/sub')).headers.location).toBe('/lp/shop/sub/');
    expect((await get('/lp/shop/empty/')).status).toBe(404);
    expect((await get('/lp/shop/empty')).status).toBe(404);
    expect((await get('/lp/nothing/')).status).toBe(404);
  });

  it('answers 404 for every path outside the folder, however it is spelt', async () => {
    for (const path of [
      '/lp/shop/../other/secret.html',
      '/lp/shop/%2e%2e/other/secret.html',
      '/lp/shop/%2E%2E/other/secret.html',
      '/lp/shop/..%2fother%2fsecret.html',
      '/lp/shop/%2e%2e%2fother%2fsecret.html',
      '/lp/shop/..%5cother%5csecret.html',
      '/lp/shop/sub/..%2f..%2fother/secret.html',
      '/lp/%2e%2e/other/secret.html',
      '/lp/..%2fother/secret.html',
      '/lp/shop/index.html%00',
      '/lp/shop/%00/index.html',
      '/lp/shop//etc/passwd',
      '/lp/shop/%2fetc%2fpasswd',
      '/lp//etc/passwd',
      '/lp/shop/./index.html',
      '/lp/shop/C:%5cwindows',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString(), path).not.toContain('other folder');
    }
    // A broken percent-encoding is refused by the router before any lookup.
    expect((await get('/lp/shop/%E0%A4%A')).status).toBe(400);
  });
});
