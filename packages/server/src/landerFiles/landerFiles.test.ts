import fs from 'node:fs';
import path from 'node:path';
import {
  LANDER_FILES_PATHS,
  type LanderFolderContents,
  type LanderFolderList,
  landerFilesPath,
} from '@cairn/contract';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { rawGet, uploadLanderFile } from '../../test-support/landerFiles.ts';
import type { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// The panel's side of hosted landers against a real server: uploads (zips with hostile entries among
// them), folders in use, renames, moves, the text editor and the zip download.

const SYMLINK_MODE = 0o120777;

describe('hosted lander files', () => {
  let cairn: RunningCairn;
  let browser: TestBrowser;
  const upload = (folder: string, name: string, bytes: Uint8Array, unzip = true) =>
    uploadLanderFile(cairn.url, browser, folder, name, bytes, unzip);
  const folderPath = (template: string, folder: string) => landerFilesPath(template, folder);

  beforeAll(async () => {
    ({ cairn, browser } = await signedInAdmin({
      landerFileMaxBytes: 64 * 1024,
      landerUploadMaxBytes: 256 * 1024,
      landerQuotaBytes: 512 * 1024,
    }));
  });
  afterAll(async () => {
    await cairn.close();
  });

  it('unpacks a zip, refusing and reporting entries that would leave the folder or are links', async () => {
    const zip = zipSync({
      'lander/index.html': strToU8('<h1>Hello</h1>'),
      'lander/css/site.css': strToU8('h1 { color: red }'),
      '../evil.html': strToU8('outside'),
      'lander/../../evil2.html': strToU8('outside'),
      '/etc/cron.d/evil': strToU8('absolute'),
      'lander\\..\\evil3.html': strToU8('backslash'),
      'lander/link': [strToU8('/etc/passwd'), { os: 3, attrs: SYMLINK_MODE << 16 }],
      '__MACOSX/lander/._index.html': strToU8('x'),
    });
    const answer = await upload('promo', 'lander.zip', zip);
    expect(answer.status).toBe(200);
    const outcomes = Object.fromEntries(
      answer.body.results.map((r) => [r.name, `${r.outcome}: ${r.message}`]),
    );
    expect(outcomes).toEqual({
      'lander/index.html': 'saved: Saved',
      'lander/css/site.css': 'saved: Saved',
      '../evil.html': 'refused: The name climbs out of the folder (..)',
      'lander/../../evil2.html': 'refused: The name climbs out of the folder (..)',
      '/etc/cron.d/evil': 'refused: The name is an absolute path',
      'lander\\..\\evil3.html': 'refused: The name holds a backslash',
      'lander/link': 'refused: A symbolic link: refused',
      '__MACOSX/lander/._index.html': 'refused: macOS metadata: skipped',
    });
    expect(answer.body).toMatchObject({ saved: 2, refused: 6 });

    // The zip's one top folder is dropped; nothing else is stored anywhere, in the store or on disk.
    const contents = (
      await browser.get(folderPath(LANDER_FILES_PATHS.folder, 'promo'))
    ).json<LanderFolderContents>();
    expect(contents.files.map((file) => [file.path, file.contentType, file.size])).toEqual([
      ['css/site.css', 'text/css; charset=utf-8', 17],
      ['index.html', 'text/html; charset=utf-8', 14],
    ]);
    const stored = await cairn.store.query<{ folder: string; path: string }>(
      'SELECT folder, path FROM lander_files ORDER BY path',
    );
    expect(stored).toEqual([
      { folder: 'promo', path: 'css/site.css' },
      { folder: 'promo', path: 'index.html' },
    ]);
    for (const name of ['evil.html', 'evil2.html', 'evil3.html']) {
      expect(fs.existsSync(path.join(cairn.config.dataDir, name))).toBe(false);
      expect(fs.existsSync(path.join(path.dirname(cairn.config.dataDir), name))).toBe(false);
    }
    const served = await rawGet(cairn.url, '/lp/promo/');
    expect(served.status).toBe(200);
    expect(served.body.toString()).toBe('<h1>Hello</h1>');
  });

  it('refuses files over the per-file limit and uploads over the upload limit', async () => {
    const big = await upload('limits', 'big.js', new Uint8Array(65 * 1024), false);
    expect(big.body.results).toEqual([
      expect.objectContaining({
        name: 'big.js',
        outcome: 'refused',
        message: 'Larger than the 0.1 MB a file may be',
      }),
    ]);
    const tooLarge = await fetch(
      `${cairn.url}${folderPath(LANDER_FILES_PATHS.upload, 'limits')}?name=a.bin`,
      {
        method: 'POST',
        headers: {
          cookie: browser.cookieHeader(),
          'x-xsrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN') ?? ''),
          'content-type': 'application/octet-stream',
        },
        body: new Uint8Array(300 * 1024),
      },
    );
    expect(tooLarge.status).toBe(413);
  });

  it('keeps the quota across uploads', async () => {
    // 512 KB in all: 9 files of 60 KB pass it on the ninth.
    const results = [];
    for (let index = 0; index < 9; index++) {
      results.push(
        (await upload('quota', `f${index}.bin`, new Uint8Array(60 * 1024), false)).body.results[0],
      );
    }
    expect(results.slice(0, 8).every((result) => result?.outcome === 'saved')).toBe(true);
    expect(results[8]).toMatchObject({ outcome: 'refused', message: 'Over the 0.5 MB quota for all files' });
    const list = (await browser.get(LANDER_FILES_PATHS.folders)).json<LanderFolderList>();
    expect(list.usedBytes).toBeLessThanOrEqual(list.quotaBytes);
    expect(await browser.call('DELETE', folderPath(LANDER_FILES_PATHS.folder, 'quota'))).toMatchObject({
      status: 200,
    });
  });

  it('refuses to rename or delete a folder while a lander uses it', async () => {
    expect((await browser.post(LANDER_FILES_PATHS.folders, { name: 'used' })).status).toBe(201);
    const lander = await kindClient(browser, 'landing').make({
      name: 'hosted',
      url: `${cairn.url}/lp/used/?clickid={clickid}`,
    });
    const list = (await browser.get(LANDER_FILES_PATHS.folders)).json<LanderFolderList>();
    expect(list.folders.find((folder) => folder.name === 'used')?.usedBy).toEqual([
      { id: lander.id, name: 'hosted' },
    ]);

    const deleted = await browser.call('DELETE', folderPath(LANDER_FILES_PATHS.folder, 'used'));
    expect(deleted.status).toBe(409);
    expect(deleted.json<{ message: string }>().message).toBe(
      'Cannot delete this folder: lander hosted uses it',
    );
    expect(
      (
        await browser.call('PATCH', folderPath(LANDER_FILES_PATHS.folder, 'used'), {
          body: { name: 'other' },
        })
      ).status,
    ).toBe(409);

    await browser.call('DELETE', `/api/landing/${lander.id}`);
    expect((await browser.call('DELETE', folderPath(LANDER_FILES_PATHS.folder, 'used'))).status).toBe(200);
  });

  it('renames folders, moves files, edits text and downloads a folder as a zip', async () => {
    await upload('draft', 'index.html', strToU8('<p>v1</p>'), false);
    const renamed = await browser.call('PATCH', folderPath(LANDER_FILES_PATHS.folder, 'draft'), {
      body: { name: 'final' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'final',
      files: 1,
      url: expect.stringMatching(/\/lp\/final\/$/),
    });
    expect((await rawGet(cairn.url, '/lp/draft/index.html')).status).toBe(404);

    const moved = await browser.post(folderPath(LANDER_FILES_PATHS.move, 'final'), {
      from: 'index.html',
      to: 'old/page.html',
    });
    expect(moved.json<LanderFolderContents>().files.map((file) => file.path)).toEqual(['old/page.html']);
    expect(
      (
        await browser.post(folderPath(LANDER_FILES_PATHS.move, 'final'), {
          from: 'old/page.html',
          to: '../x.html',
        })
      ).status,
    ).toBe(400);

    const saved = await browser.put(folderPath(LANDER_FILES_PATHS.file, 'final'), {
      path: 'index.html',
      text: '<p>v2</p>',
    });
    expect(saved.json()).toMatchObject({
      path: 'index.html',
      text: '<p>v2</p>',
      contentType: 'text/html; charset=utf-8',
    });
    const read = await browser.get(`${folderPath(LANDER_FILES_PATHS.file, 'final')}?path=index.html`);
    expect(read.json()).toMatchObject({ text: '<p>v2</p>' });
    expect(
      (await browser.put(folderPath(LANDER_FILES_PATHS.file, 'final'), { path: 'x.png', text: '' })).status,
    ).toBe(415);

    const zip = await fetch(`${cairn.url}${folderPath(LANDER_FILES_PATHS.zip, 'final')}`, {
      headers: { cookie: browser.cookieHeader() },
    });
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toBe('attachment; filename="final.zip"');
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['index.html', 'old/page.html']);
    expect(Buffer.from(entries['index.html'] ?? []).toString()).toBe('<p>v2</p>');

    const removed = await browser.call(
      'DELETE',
      `${folderPath(LANDER_FILES_PATHS.file, 'final')}?path=old%2Fpage.html`,
    );
    expect(removed.status).toBe(200);

    // Each change is in the audit log, by folder name.
    const audited = await cairn.store.query<{ action: string }>(
      "SELECT DISTINCT action FROM audit_log WHERE action LIKE 'lander_%' ORDER BY action",
    );
    expect(audited.map((row) => row.action)).toEqual([
      'lander_file_deleted',
      'lander_file_moved',
      'lander_file_saved',
      'lander_files_uploaded',
      'lander_folder_created',
      'lander_folder_deleted',
      'lander_folder_renamed',
    ]);
  });

  it('answers only admins', async () => {
    const anonymous = await fetch(`${cairn.url}${LANDER_FILES_PATHS.folders}`);
    expect(anonymous.status).toBe(401);
  });
});
