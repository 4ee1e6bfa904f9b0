import { createRequire } from 'node:module';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@cairn/contract';
import { buildOpenApiDocument, OPENAPI_PATHS } from '@cairn/contract/openapi';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { FeatureOptions } from '../feature.ts';

// The OpenAPI document and the interactive reference, both public: they describe the API, never data.
// The page is Swagger UI from its npm package, served from here: no CDN, no remote font, no validator
// badge, so its policy below names no host but this one.

/** The page's policy: its own scripts, styles and API; Swagger UI's icons are data: images. */
export const API_DOC_CSP = [
  "default-src 'self'",
  "img-src 'self' data:",
  // Swagger UI sets a few style attributes as it renders (collapsing sections, syntax colours).
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** The package's files the page loads; the rest of it (source maps, other bundles) stays unserved. */
const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'];
const INIT_SCRIPT = 'init.js';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cairn API</title>
<link rel="stylesheet" href="${OPENAPI_PATHS.pageAssets}swagger-ui.css">
</head>
<body>
<div id="api-reference"></div>
<script src="${OPENAPI_PATHS.pageAssets}swagger-ui-bundle.js"></script>
<script src="${OPENAPI_PATHS.pageAssets}${INIT_SCRIPT}"></script>
</body>
</html>
`;

// A script file rather than an inline one, so the policy needs no 'unsafe-inline' for scripts. "Try it
// out" from a signed-in panel echoes the CSRF cookie as the header, as the panel does.
const INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATHS.document)},
  dom_id: '#api-reference',
  validatorUrl: null,
  deepLinking: true,
  // Tags start closed: with every operation open at once, Swagger UI stopped after the first tag once
  // the API passed about 130 operations (the rest never rendered, with no error).
  docExpansion: 'none',
  requestInterceptor: function (request) {
    var match = document.cookie.match(/(?:^|; )${XSRF_COOKIE}=([^;]*)/);
    if (match) request.headers[${JSON.stringify(XSRF_HEADER)}] = decodeURIComponent(match[1]);
    return request;
  },
});
`;

export async function apiDocsPlugin(api: FastifyInstance, { ctx }: FeatureOptions): Promise<void> {
  const document = JSON.stringify(buildOpenApiDocument({ version: ctx.version }));

  api.get(OPENAPI_PATHS.document, async (_request, reply) => reply.type('application/json').send(document));

  api.get(OPENAPI_PATHS.page, async (_request, reply) =>
    reply.header('content-security-policy', API_DOC_CSP).type('text/html; charset=utf-8').send(PAGE),
  );

  api.get(`${OPENAPI_PATHS.pageAssets}${INIT_SCRIPT}`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INIT),
  );

  api.register(fastifyStatic, {
    root: SWAGGER_UI_DIR,
    prefix: OPENAPI_PATHS.pageAssets,
    decorateReply: false,
    allowedPath: (pathName) => SWAGGER_UI_FILES.includes(pathName.replace(/^\//, '')),
  });
}
