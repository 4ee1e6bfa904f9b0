import http from 'node:http';
import {
  LANDER_FILES_PATHS,
  type LanderUploadResult,
  landerFilesPath,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@cairn/contract';
import type { TestBrowser } from './server.ts';

/** Uploads bytes into a hosted-lander folder as the panel does: the raw body, the name in the query. */
export async function uploadLanderFile(
  baseUrl: string,
  browser: TestBrowser,
  folder: string,
  name: string,
  bytes: Uint8Array,
  unzip = true,
): Promise<{ status: number; body: LanderUploadResult }> {
  const query = new URLSearchParams({ name, unzip: String(unzip) });
  const response = await fetch(`${baseUrl}${landerFilesPath(LANDER_FILES_PATHS.upload, folder)}?${query}`, {
    method: 'POST',
    headers: {
      cookie: browser.cookieHeader(),
      [XSRF_HEADER]: decodeURIComponent(browser.cookies.get(XSRF_COOKIE) ?? ''),
      'content-type': 'application/octet-stream',
    },
    body: Buffer.from(bytes),
  });
  return { status: response.status, body: (await response.json()) as LanderUploadResult };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A GET with the path sent exactly as written (fetch would resolve `..` and decode nothing), and the body
 * as it came over the wire, still compressed.
 */
export function rawGet(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path, method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
