import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  CLICK_PARAMS,
  filePathProblem,
  folderNameSchema,
  LANDER_FILES_PREFIX,
  type LpProtectSettings,
} from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../http.ts';
import type { ConfigStore } from '../store/config/port.ts';
import { isValidLpKey, LP_KEY_PARAM } from '../tracking/click/lpProtect.ts';
import { isCompressible, isHtml } from './contentTypes.ts';
import { ContentCache, type FileMeta, LanderFileStore } from './store.ts';

// Hosted landers to visitors: `/lp/<folder>/<path>` on every host the server answers, with no session
// or panel hook. Files are bytes: nothing is run on the server, HTML only has its placeholders filled.
// Every request path is decoded and checked segment by segment; anything that is not a plain path inside
// the folder (`..`, `%2e%2e`, NUL, backslashes, empty parts) is a 404, like a file that is not there.

export interface LanderServeOptions {
  store: ConfigStore;
  /** The click path now (Settings > URL customization), for `{click_through_url}`. */
  clickPath: () => string;
  /** Settings > LP protect now: the key lifetime, and what a visit without a valid key gets. */
  lpProtect: () => LpProtectSettings;
  now: () => number;
}

const CLICK_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PLACEHOLDER = /\{(clickid|click_through_url)\}/g;
/** Text smaller than this goes out as it is: compressing would save next to nothing. */
const COMPRESS_FROM = 512;

type Encoding = 'br' | 'gzip';

/** The file path a request names inside its folder, or null for any path that is not a plain one. */
export function requestedFile(url: string): { folder: string; path: string; bare: boolean } | null {
  const rest = pathOf(url).slice(LANDER_FILES_PREFIX.length);
  const [rawFolder = '', ...segments] = rest.split('/');
  const decode = (text: string): string | null => {
    try {
      return decodeURIComponent(text);
    } catch {
      return null;
    }
  };
  const folder = decode(rawFolder);
  if (
    folder === null ||
    !folderNameSchema.safeParse(folder).success ||
    folder !== folderNameSchema.parse(folder)
  ) {
    return null;
  }
  if (segments.length === 0) return { folder, path: '', bare: true };
  const decoded = segments.map(decode);
  if (decoded.some((segment) => segment === null || segment.includes('/'))) return null;
  const parts = decoded as string[];
  // A trailing slash names the folder's index page.
  if (parts[parts.length - 1] === '') parts[parts.length - 1] = 'index.html';
  const path = parts.join('/');
  return filePathProblem(path) === null ? { folder, path, bare: false } : null;
}

function chosenEncoding(request: FastifyRequest): Encoding | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const offers = (name: string) =>
    new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[0-9.]+)?\\s*(,|$)`, 'i').test(accepted);
  if (offers('br')) return 'br';
  if (offers('gzip')) return 'gzip';
  return null;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` within a body of `size` bytes; null when unsatisfiable. */
export function byteRange(header: string, size: number): { start: number; end: number } | null | 'ignore' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or a unit other than bytes: answered with the whole file, as RFC 9110 allows.
  if (!match) return 'ignore';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'ignore';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

const quoted = (text: string) => `"${text}"`;

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function landerFilesEndpoint(options: LanderServeOptions) {
  const files = new LanderFileStore(options.store);
  // Compressed files as stored, by representation; bounded in bytes like the contents' cache.
  const compressed = new ContentCache();

  const fill = (html: Buffer, query: URLSearchParams): Buffer | null => {
    const text = html.toString('utf8');
    if (!PLACEHOLDER.test(text)) return null;
    PLACEHOLDER.lastIndex = 0;
    // Only a well-formed click id is written into the page, so a query cannot inject markup.
    const given = query.get(CLICK_PARAMS.clickId) ?? '';
    const clickId = CLICK_ID.test(given) ? given : '';
    const through = `${options.clickPath()}?${CLICK_PARAMS.lp}=1${clickId ? `&${CLICK_PARAMS.clickId}=${clickId}` : ''}`;
    return Buffer.from(
      text.replace(PLACEHOLDER, (_, name: string) => (name === 'clickid' ? clickId : through)),
    );
  };

  // LP protect for hosted landers: when a protected lander points at the folder, its pages answer only
  // visits carrying a key the tracker signed for that lander (the tracker adds it to the lander URL), as
  // the PHP check does for landers hosted elsewhere. Assets (CSS, images) are not checked: pages load them
  // without the key. A key living longer than the lifetime set now is refused, as if it had expired.
  const admitted = async (folder: string, query: URLSearchParams): Promise<boolean> => {
    const secrets = (await files.landersUsing(folder)).flatMap((lander) => lander.lpProtectKey ?? []);
    if (secrets.length === 0) return true;
    const key = query.get(LP_KEY_PARAM) ?? '';
    const lifetime = options.lpProtect().keyLifetimeMinutes * 60;
    return secrets.some((secret) => isValidLpKey(secret, key, options.now(), lifetime));
  };

  // What Settings > LP protect says a visit without a valid key gets; never cached, as the next visit
  // may carry a key.
  const turnAway = (reply: FastifyReply): FastifyReply => {
    const settings = options.lpProtect();
    if (settings.unprotectedAction === 'redirect' && settings.redirectUrl) {
      return reply
        .code(302)
        .header('cache-control', 'no-store')
        .header('location', settings.redirectUrl)
        .send();
    }
    if (settings.unprotectedAction === 'safePage' && settings.safePageHtml) {
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(settings.safePageHtml);
    }
    return notFound(reply);
  };

  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    meta: FileMeta,
  ): Promise<FastifyReply> => {
    const query = new URLSearchParams(
      request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
    );
    if (isHtml(meta.contentType) && !(await admitted(meta.folder, query))) return turnAway(reply);
    const stored = await files.content(meta);
    if (!stored) return notFound(reply);
    const filled = isHtml(meta.contentType) ? fill(stored, query) : null;
    let body = filled ?? stored;
    let etag = filled
      ? createHash('sha256').update(filled).digest('hex').slice(0, 32)
      : meta.sha256.slice(0, 32);
    const rangeHeader = request.headers.range;
    const compressible = isCompressible(meta.contentType);
    const encoding =
      compressible && !rangeHeader && body.length >= COMPRESS_FROM ? chosenEncoding(request) : null;
    if (encoding) {
      const key = `${etag}:${encoding}`;
      let packed = compressed.get(key);
      if (!packed) {
        packed = compress(body, encoding);
        // Only files as stored are kept; filled pages differ by click.
        if (!filled) compressed.set(key, packed);
      }
      body = packed;
      etag = `${etag}-${encoding}`;
    }
    const lastModified = new Date(Math.floor(meta.modifiedAt / 1000) * 1000);
    reply.headers({
      'content-type': meta.contentType,
      etag: quoted(etag),
      'last-modified': lastModified.toUTCString(),
      // Always revalidated (cheap: a 304), so an edit shows at the next visit.
      'cache-control': filled ? 'private, no-cache' : 'public, no-cache',
      'x-content-type-options': 'nosniff',
      'accept-ranges': encoding || filled ? 'none' : 'bytes',
    });
    if (compressible) reply.header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);

    const ifNoneMatch = request.headers['if-none-match'];
    const since = Date.parse(String(request.headers['if-modified-since'] ?? ''));
    if (
      matchesEtag(ifNoneMatch, quoted(etag)) ||
      (!ifNoneMatch && !filled && since >= lastModified.getTime())
    ) {
      return reply.code(304).send();
    }
    if (rangeHeader && !filled) {
      const ifRange = String(request.headers['if-range'] ?? '');
      const rangeHolds =
        !ifRange || ifRange === quoted(etag) || Date.parse(ifRange) >= lastModified.getTime();
      const range = rangeHolds ? byteRange(rangeHeader, body.length) : 'ignore';
      if (range === null) {
        return reply.code(416).header('content-range', `bytes */${body.length}`).send();
      }
      if (range !== 'ignore') {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
          .send(body.subarray(range.start, range.end + 1));
      }
    }
    return reply.code(200).send(body);
  };

  return async (app: FastifyInstance): Promise<void> => {
    app.get(`${LANDER_FILES_PREFIX}*`, async (request, reply) => {
      const wanted = requestedFile(request.url);
      if (!wanted) return notFound(reply);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const folderUrl = `${LANDER_FILES_PREFIX}${encodeURIComponent(wanted.folder)}`;
      if (wanted.bare) {
        // `/lp/name` → `/lp/name/`, so the page's relative links resolve inside the folder.
        if (!(await files.folder(wanted.folder))) return notFound(reply);
        return reply.code(301).header('location', `${folderUrl}/${query}`).send();
      }
      const meta = await files.meta(wanted.folder, wanted.path);
      if (meta) return serve(request, reply, meta);
      // A sub-folder named without its slash: to its index page, as a web server does; never a listing.
      if (
        !wanted.path.endsWith('index.html') &&
        (await files.meta(wanted.folder, `${wanted.path}/index.html`))
      ) {
        return reply
          .code(301)
          .header('location', `${pathOf(request.url)}/${query}`)
          .send();
      }
      return notFound(reply);
    });
  };
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send('Not found');
}
