import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@cairn/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from './http.ts';

/**
 * What the built panel may load: its own scripts, styles, fonts and API (same-origin files; no inline
 * script, no eval, no data: or remote URL; checked in Chromium against the build). The one inline thing
 * it needs is the <style> element Radix dialogs inject to lock page scrolling, whose text carries the
 * measured scrollbar width (so no hash can name it); inline style attributes stay refused. No plugins, no
 * <base> to re-point relative URLs, no framing, and forms post only here.
 */
export const PANEL_CSP = [
  "default-src 'self'",
  "style-src-elem 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

// The panel must not be framed by other sites (clickjacking on its buttons), sniffed into another
// content type, or leak its URLs (which carry ids and filters) as a referrer to other origins.
function panelHeaders(reply: FastifyReply): void {
  reply.header('x-frame-options', 'DENY');
  reply.header('content-security-policy', PANEL_CSP);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
}

/** The panel plugin: the built app, its fonts and the redirects into it. */
export async function panelPlugin(app: FastifyInstance, options: PanelOptions): Promise<void> {
  const { panelDir, fontsDir } = options;
  const panelBuilt = fs.existsSync(path.join(panelDir, 'index.html'));
  app.addHook('onSend', async (_request, reply) => panelHeaders(reply));

  // The query string goes along (SPEC.md section 2): `/?a=1` is `/panel/?a=1`.
  const intoPanel = async (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(`/panel/${queryOf(request.url)}`, 302);
  app.get('/', intoPanel);
  app.get('/panel', intoPanel);

  // Faces that ship in no npm package (Liberation Mono) come with the panel's build; an operator may drop
  // other files in the data dir (kept across panel rebuilds), which are served first.
  fs.mkdirSync(fontsDir, { recursive: true });
  const builtFonts = path.join(panelDir, 'fonts');
  app.register(fastifyStatic, {
    root: fs.existsSync(builtFonts) ? [fontsDir, builtFonts] : fontsDir,
    prefix: '/panel/fonts/',
    decorateReply: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=86400');
    },
  });

  if (panelBuilt) {
    app.register(fastifyStatic, {
      root: panelDir,
      prefix: '/panel/',
      setHeaders(reply, filePath) {
        // Hashed asset names never change content; index.html must be revalidated to pick up new builds.
        const fileName = path.basename(filePath);
        reply.header(
          'cache-control',
          fileName === 'index.html'
            ? 'no-cache'
            : filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
        );
      },
    });
  } else {
    app.get('/panel/*', async (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          `The Cairn panel is not built: ${panelDir} has no index.html. Run \`npm run build\` and restart.\n`,
        ),
    );
  }
}

export interface PanelOptions {
  panelDir: string;
  fontsDir: string;
}

/**
 * Answers what no route took. Set on the root instance (Fastify keeps one not-found handler per prefix),
 * it gives browser page addresses the panel's index.html and everything else a JSON 404.
 */
export function panelFallback(app: FastifyInstance, options: PanelOptions): void {
  const indexFile = path.join(options.panelDir, 'index.html');
  const panelBuilt = fs.existsSync(indexFile);
  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = pathOf(request.url);
    const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
    // Client-side routes (no file extension) under /panel/ get the app; missing files stay 404s. A page
    // address outside /panel/ (a bookmark like /campaigns?x=1#rows) gets the app too: the panel moves it
    // under /panel/ itself, which is the only place the fragment is known.
    if (
      panelBuilt &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !lastSegment.includes('.') &&
      (urlPath.startsWith('/panel/') || isPanelAddressOutsideBase(urlPath, request.headers.accept))
    ) {
      panelHeaders(reply);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(indexFile));
    }
    return reply.code(404).send({ message: `${MESSAGES.notFound}: ${request.method} ${urlPath}` });
  });
}

/** Paths the server answers itself; anything else a browser navigates to may be a panel address. */
const serverOwnedPaths = ['/api', '/updates', '/click', '/postback'];

/** The `?...` part of a request target, or ''. */
function queryOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? '' : url.slice(query);
}

function isPanelAddressOutsideBase(urlPath: string, accept: string | undefined): boolean {
  if (!accept?.includes('text/html')) return false;
  return !serverOwnedPaths.some((base) => urlPath === base || urlPath.startsWith(`${base}/`));
}
