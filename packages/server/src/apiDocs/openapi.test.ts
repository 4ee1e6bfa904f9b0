import {
  API_KEY_PATHS,
  API_PATHS,
  CLICK_API_PATHS,
  CONVERSION_API_PATHS,
  COST_API_PATHS,
  entityPath,
  REPORT_PATHS,
  STATS_SETTINGS_PATHS,
} from '@cairn/contract';
import { API_ROUTES, OPENAPI_PATHS, openApiPath } from '@cairn/contract/openapi';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type CallResult, startTestCairn, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { API_DOC_CSP } from './routes.ts';

// The published description against the real server: every registered `/api` and `/updates` route is in
// it (and nothing else), it is valid OpenAPI 3.1, and real answers match the schemas it gives them.

type Json = Record<string, unknown>;

describe('OpenAPI document', () => {
  let cairn: RunningCairn;
  let admin: TestBrowser;
  let document: Json;

  beforeAll(async () => {
    cairn = await startTestCairn();
    admin = new TestBrowser(cairn.url);
    expect((await admin.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
    // Public: fetched without any session.
    const answer = await new TestBrowser(cairn.url).get(OPENAPI_PATHS.document);
    expect(answer.status).toBe(200);
    document = answer.json<Json>();
  });
  afterAll(async () => {
    await cairn.close();
  });

  it('lists every registered /api and /updates route, and no other', () => {
    const registered = cairn.routes
      .filter(
        ({ method, url }) =>
          // HEAD is the automatic twin of every GET.
          method !== 'HEAD' &&
          /^\/(api|updates)(\/|$)/.test(url) &&
          // The reference page's assets are files of an npm package, not API routes.
          !url.startsWith(OPENAPI_PATHS.pageAssets),
      )
      .map(({ method, url }) => `${method} ${url}`);
    expect(registered.length).toBeGreaterThan(80);
    const catalogued = API_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(catalogued).size).toBe(catalogued.length);
    expect([...registered].sort()).toEqual([...catalogued].sort());

    const documented = Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      registered
        .map((route) => {
          const [method, path] = route.split(' ');
          return `${method} ${openApiPath(path ?? '')}`;
        })
        .sort(),
    );
  });

  it('is valid OpenAPI 3.1 with both security schemes and resolvable references', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const schemes = (document.components as Json).securitySchemes as Json;
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'Api-Key' });
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const pointer = ref.slice('"$ref":"#/'.length, -1).split('/');
      let target: unknown = document;
      for (const part of pointer) target = (target as Json | undefined)?.[part];
      expect(target, ref).toBeDefined();
    }
  });

  it('describes real answers: list, get, report, settings, account, keys, costs, conversions and the Click API', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const components = document.components as Json;
    const check = (method: string, path: string, answer: CallResult) => {
      const operation = (document.paths as Record<string, Record<string, Json>>)[path]?.[method];
      const status = String(answer.status);
      let response = (operation?.responses as Json | undefined)?.[status] as Json | undefined;
      const shared = typeof response?.$ref === 'string' ? response.$ref.split('/').at(-1) : undefined;
      if (shared) response = (components.responses as Json)[shared] as Json;
      const content = response?.content as Json | undefined;
      const schema = (content?.['application/json'] as Json | undefined)?.schema as Json | undefined;
      expect(schema, `${method} ${path} ${status}`).toBeDefined();
      const validate = ajv.compile({ ...schema, components });
      expect(validate(answer.body) ? [] : validate.errors, `${method} ${path}`).toEqual([]);
    };

    const offer = await admin.post(entityPath.list('offer'), {
      name: 'documented',
      url: 'https://o.example/',
    });
    check('post', '/api/offer', offer);
    const id = offer.json<{ id: number }>().id;
    check('get', '/api/offer', await admin.get(entityPath.list('offer')));
    check('get', '/api/offer/{id}', await admin.get(entityPath.item('offer', id)));
    check('post', '/api/offer/{id}/archive', await admin.post(entityPath.archive('offer', id)));
    check('get', '/api/user', await admin.get(entityPath.list('user')));
    check(
      'get',
      REPORT_PATHS.report,
      await admin.get(`${REPORT_PATHS.report}?groupBy=campaign,day&preset=all_time`),
    );
    check('get', STATS_SETTINGS_PATHS.stats, await admin.get(STATS_SETTINGS_PATHS.stats));
    check('get', STATS_SETTINGS_PATHS.columns, await admin.get(STATS_SETTINGS_PATHS.columns));
    check('get', API_PATHS.role, await admin.get(API_PATHS.role));
    check('get', API_PATHS.health, await admin.get(API_PATHS.health));
    check(
      'post',
      API_KEY_PATHS.list,
      await admin.post(API_KEY_PATHS.list, { name: 'doc', scope: 'read_only' }),
    );
    check('get', API_KEY_PATHS.list, await admin.get(API_KEY_PATHS.list));
    check('post', CLICK_API_PATHS.token, await admin.post(CLICK_API_PATHS.token, {}));
    check('get', CLICK_API_PATHS.settings, await admin.get(CLICK_API_PATHS.settings));
    check('delete', CLICK_API_PATHS.token, await admin.call('DELETE', CLICK_API_PATHS.token));
    // The cost of a campaign with no clicks is refused with the shared error answer.
    check(
      'post',
      COST_API_PATHS.update,
      await admin.post(COST_API_PATHS.update, {
        campaignId: 999_999,
        from: '2026-01-01',
        to: '2026-01-01',
        costMicros: 1,
      }),
    );
    check(
      'post',
      CONVERSION_API_PATHS.list,
      await admin.post(CONVERSION_API_PATHS.list, { conversions: [{ clickId: 'no-such-click' }] }),
    );
    // A refusal matches the shared error answer too.
    check('get', '/api/offer/{id}', await admin.get(entityPath.item('offer', 999_999)));
  });

  it('offers the report export as CSV or XLSX, chosen by format', () => {
    const paths = document.paths as Record<string, Json>;
    const operation = paths[openApiPath(REPORT_PATHS.reportExport)]?.get as Json;
    const format = (operation.parameters as Json[]).find((parameter) => parameter.name === 'format');
    expect(format?.schema).toMatchObject({ enum: ['csv', 'xlsx'] });
    const success = (operation.responses as Record<string, Json>)['200'] as Json;
    expect(Object.keys(success.content as Json)).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });

  it('serves the reference page and its assets from this server only', async () => {
    const visitor = new TestBrowser(cairn.url);
    const page = await visitor.get(OPENAPI_PATHS.page);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toBe(API_DOC_CSP);
    expect(API_DOC_CSP).not.toMatch(/https?:|\*|unsafe-eval/);
    expect(API_DOC_CSP).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(page.text).not.toMatch(/https?:\/\//);
    expect(page.text).not.toMatch(/<script>/);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBe(3);
    for (const asset of assets) {
      expect(asset.startsWith(OPENAPI_PATHS.pageAssets)).toBe(true);
      const answer = await visitor.get(asset);
      expect(answer.status, asset).toBe(200);
      expect(answer.text.length).toBeGreaterThan(100);
    }
    const init = await visitor.get(`${OPENAPI_PATHS.pageAssets}init.js`);
    expect(init.text).toContain(OPENAPI_PATHS.document);
    expect(init.text).toContain('validatorUrl: null');
    // Only the files the page loads: the package's other files (source maps, its own index.html) are not served.
    for (const unserved of ['swagger-ui-bundle.js.map', 'index.html', 'package.json', '../package.json']) {
      expect((await visitor.get(`${OPENAPI_PATHS.pageAssets}${unserved}`)).status, unserved).toBe(404);
    }
  });
});
