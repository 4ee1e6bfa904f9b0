import type { LanderFolderContents, LanderFolderList, LanderUploadResult } from '@cairn/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app/App.tsx';
import { renderApp } from '../app/renderApp.tsx';
import { fakeServer, json, on, type Route, signedInAs, testServices } from '../app/testing.ts';
import { createApiClient } from '../http/client.ts';
import { previewDocument } from './TextEditorDialog.tsx';

// The Files page against a fake server: folders and their files, uploads with progress and per-file
// results, the folder actions refused while a lander uses it, and the editor's sandboxed preview.

const folder = (name: string, change: Partial<LanderFolderList['folders'][number]> = {}) => ({
  name,
  files: 2,
  bytes: 2048,
  modifiedAt: '2026-11-22T10:00:00.000Z',
  usedBy: [],
  url: `https://trk.example/lp/${name}/`,
  ...change,
});

const list: LanderFolderList = {
  folders: [folder('spring', { usedBy: [{ id: 3, name: 'Spring lander' }] }), folder('summer')],
  usedBytes: 4096,
  quotaBytes: 500 * 1024 * 1024,
  fileMaxBytes: 10 * 1024 * 1024,
  uploadMaxBytes: 50 * 1024 * 1024,
};

const contents = (name: string): LanderFolderContents => ({
  folder: folder(name),
  files: [
    {
      path: 'index.html',
      size: 1536,
      contentType: 'text/html; charset=utf-8',
      modifiedAt: '2026-11-22T10:00:00.000Z',
    },
    { path: 'img/hero.png', size: 512, contentType: 'image/png', modifiedAt: '2026-11-22T10:00:00.000Z' },
  ],
});

const routes: Route[] = [
  ...signedInAs(),
  on('GET', '/api/lander-files', () => json(list)),
  on('GET', '/api/lander-files/spring', () => json(contents('spring'))),
  on('GET', '/api/lander-files/summer', () => json(contents('summer'))),
];

/** An XMLHttpRequest that hands the request to the fake server and reports the whole body as sent. */
function fakeXhrFor(fetch: typeof globalThis.fetch) {
  return () => {
    const headers = new Headers();
    let method = 'GET';
    let url = '';
    let answer: Response | undefined;
    const xhr = {
      upload: { onprogress: null as ((event: ProgressEvent) => void) | null },
      onload: null as (() => void) | null,
      onerror: null,
      onabort: null,
      responseType: 'arraybuffer',
      withCredentials: false,
      status: 0,
      statusText: '',
      response: null as ArrayBuffer | null,
      open: (m: string, u: string) => {
        method = m;
        url = u;
      },
      setRequestHeader: (name: string, value: string) => headers.set(name, value),
      getAllResponseHeaders: () =>
        [...(answer?.headers ?? [])].map(([name, value]) => `${name}: ${value}`).join('\r\n'),
      abort: () => undefined,
      send: (body: Blob | null) => {
        void (async () => {
          const size = body?.size ?? 0;
          xhr.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size } as ProgressEvent);
          answer = await fetch(new URL(url, 'http://localhost').toString(), { method, headers, body });
          xhr.status = answer.status;
          xhr.response = await answer.arrayBuffer();
          xhr.onload?.();
        })();
      },
    };
    return xhr as unknown as XMLHttpRequest;
  };
}

function renderWithUploads(extra: Route[]) {
  const server = fakeServer(...extra, ...routes);
  const client = createApiClient({
    fetch: server.fetch,
    createXhr: fakeXhrFor(server.fetch),
    logger: { error: vi.fn() },
  });
  const services = testServices(server.fetch, { client });
  render(<App services={services} location={memoryLocation({ path: '/panel/files' })} />);
  return server;
}

describe('Files page', { timeout: 20_000 }, () => {
  it('lists the folders and the chosen folder’s files with size, type and modified time', async () => {
    renderApp('/files', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Files' })).toBeInTheDocument();
    const folders = await screen.findByRole('navigation', { name: 'Folders' });
    expect(within(folders).getByRole('button', { name: /spring/ })).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByText('index.html')).toBeInTheDocument();
    expect(screen.getByText('1.5 KB')).toBeInTheDocument();
    expect(screen.getByText('image/png')).toBeInTheDocument();
    // A folder a lander uses says so and cannot be renamed or deleted.
    expect(screen.getByText(/Used by Spring lander/)).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Folder spring' });
    expect(within(section).getAllByRole('button', { name: 'Delete' })[0]).toBeDisabled();

    await userEvent.click(within(folders).getByRole('button', { name: /summer/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'summer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download zip' })).toHaveAttribute(
      'href',
      '/api/lander-files/summer/zip',
    );
  });

  it('uploads chosen files and lists what was saved and what was refused', async () => {
    const uploaded: string[] = [];
    const result: LanderUploadResult = {
      results: [
        { name: 'lander/index.html', outcome: 'saved', path: 'index.html', size: 120, message: 'Saved' },
        {
          name: '../evil.php',
          outcome: 'refused',
          path: null,
          size: 9,
          message: 'The name climbs out of the folder (..)',
        },
      ],
      saved: 1,
      refused: 1,
    };
    renderWithUploads([
      on('POST', '/api/lander-files/spring/upload', (request) => {
        uploaded.push(new URL(request.url).searchParams.get('name') ?? '');
        return json(result);
      }),
    ]);
    const input = await screen.findByLabelText('Files to upload');
    await userEvent.upload(input, new File(['PK'], 'lander.zip', { type: 'application/zip' }));
    expect(await screen.findByText('1 saved, 1 refused.')).toBeInTheDocument();
    expect(uploaded).toEqual(['lander.zip']);
    const table = screen.getByRole('grid', { name: 'Upload results' });
    expect(within(table).getByText('../evil.php')).toBeInTheDocument();
    expect(within(table).getByText('The name climbs out of the folder (..)')).toBeInTheDocument();
  });

  it('previews HTML with the folder as its base, in a frame that runs no scripts', () => {
    expect(previewDocument('spring', '<link href="site.css">')).toBe(
      '<base href="/lp/spring/"><link href="site.css">',
    );
  });
});
