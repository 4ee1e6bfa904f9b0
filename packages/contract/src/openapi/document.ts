import { z } from 'zod';
import { API_KEY_HEADER } from '../apiKeys.ts';
import { errorBodySchema, licenseErrorBodySchema } from '../errors.ts';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../paths.ts';
import { BACKUP_ROUTES } from './backupRoutes.ts';
import { CONFIG_BUNDLE_ROUTES } from './bundleRoutes.ts';
import { type ApiRoute, openApiPath, pathParameters } from './catalogue.ts';
import { COST_SYNC_ROUTES } from './costSyncRoutes.ts';
import { DATA_ROUTES } from './dataRoutes.ts';
import { ENTITY_ROUTES } from './entityRoutes.ts';
import { EVENT_EXPORT_ROUTES } from './eventExportRoutes.ts';
import { BETA_ROUTES, FEEDBACK_ROUTES } from './feedbackRoutes.ts';
import { INTEGRATION_ROUTES } from './integrationRoutes.ts';
import { LANDER_FILES_ROUTES } from './landerFilesRoutes.ts';
import { LP_PROTECT_ROUTES } from './lpProtectRoutes.ts';
import { SYSTEM_ROUTES } from './routes.ts';
import { SAVED_REPORT_ROUTES } from './savedReportRoutes.ts';
import { SPLIT_TEST_ROUTES } from './splitTestRoutes.ts';
import { TLS_ROUTES } from './tlsRoutes.ts';
import { TRIGGER_ROUTES } from './triggerRoutes.ts';

/** Every `/api` and `/updates` route the server registers. */
export const API_ROUTES: readonly ApiRoute[] = [
  ...SYSTEM_ROUTES,
  ...DATA_ROUTES,
  ...FEEDBACK_ROUTES,
  ...BETA_ROUTES,
  ...TLS_ROUTES,
  ...BACKUP_ROUTES,
  ...EVENT_EXPORT_ROUTES,
  ...CONFIG_BUNDLE_ROUTES,
  ...LANDER_FILES_ROUTES,
  ...LP_PROTECT_ROUTES,
  ...SPLIT_TEST_ROUTES,
  ...TRIGGER_ROUTES,
  ...SAVED_REPORT_ROUTES,
  ...INTEGRATION_ROUTES,
  ...COST_SYNC_ROUTES,
  ...ENTITY_ROUTES,
];

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

const ID_PATTERN = '^\\d{1,15}$';
const FOLDER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';

/**
 * Builds the OpenAPI 3.1 document from the catalogue. Schemas come from zod 4's own JSON Schema output
 * (draft 2020-12, OpenAPI 3.1's dialect): bodies and queries as the client sends them (`input`: before
 * defaults and transforms), answers as the server sends them (`output`).
 */
export function buildOpenApiDocument(options: { version: string }): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  let defsSeen = 0;

  /** A zod schema as JSON Schema; its own `$defs` (recursive schemas) move to the components. */
  const jsonSchema = (schema: z.ZodType, io: Io): JsonSchema => {
    const converted = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
    }) as JsonSchema;
    delete converted.$schema;
    const defs = converted.$defs as Record<string, JsonSchema> | undefined;
    delete converted.$defs;
    if (!defs) return converted;
    defsSeen += 1;
    const renamed = new Map(
      Object.keys(defs).map((name) => [name, `Def${defsSeen}_${name.replace(/\W/g, '')}`]),
    );
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value === null || typeof value !== 'object') return value;
      const out: JsonSchema = {};
      for (const [key, field] of Object.entries(value)) {
        const local = key === '$ref' && typeof field === 'string' ? /^#\/\$defs\/(.+)$/.exec(field) : null;
        out[key] = local ? `#/components/schemas/${renamed.get(local[1] ?? '')}` : rewrite(field);
      }
      return out;
    };
    for (const [name, def] of Object.entries(defs))
      components[renamed.get(name) ?? name] = rewrite(def) as JsonSchema;
    return rewrite(converted) as JsonSchema;
  };

  /** A schema under its shared name in the components (converted once), or inline without one. */
  const schemaRef = (schema: z.ZodType, io: Io, name: string | undefined): JsonSchema => {
    if (!name) return jsonSchema(schema, io);
    components[name] ??= jsonSchema(schema, io);
    return { $ref: `#/components/schemas/${name}` };
  };

  const queryParameters = (schema: z.ZodType): JsonSchema[] => {
    const query = jsonSchema(schema, 'input');
    const properties = query.properties as Record<string, JsonSchema> | undefined;
    const required = new Set((query.required as string[] | undefined) ?? []);
    const named = Object.entries(properties ?? {}).map(([name, property]) => ({
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
      schema: property,
    }));
    // Parameters beyond the named ones (`filter[<dimension>]=...`): one free-form object, exploded.
    if (query.additionalProperties !== undefined && query.additionalProperties !== false) {
      named.push({
        name: 'more',
        in: 'query',
        required: false,
        description: 'Further parameters, e.g. `filter[<dimension>]=v1,v2`',
        schema: { type: 'object', additionalProperties: query.additionalProperties as JsonSchema },
        ...{ style: 'form', explode: true },
      });
    }
    return named;
  };

  const operation = (route: ApiRoute, operationId: string): JsonSchema => {
    const params = pathParameters(route.path);
    const parameters = [
      ...params.map((name) => ({
        name,
        in: 'path',
        required: true,
        // Ids are numbers; a lander-files folder is a name.
        schema: { type: 'string', pattern: name === 'folder' ? FOLDER_PATTERN : ID_PATTERN },
      })),
      ...(route.query ? queryParameters(route.query) : []),
    ];
    const status = String(route.status ?? 200);
    const produces = route.produces === undefined ? [] : [route.produces].flat();
    const success: JsonSchema = {
      description: produces.includes('text/html')
        ? 'The page'
        : produces.length > 1
          ? 'The file, in the format asked for'
          : produces.includes('text/csv')
            ? 'The CSV file'
            : produces.length > 0
              ? 'The zip file'
              : 'Done',
    };
    if (produces.length > 0) {
      success.content = Object.fromEntries(
        produces.map((type) => [
          type,
          {
            schema: {
              type: 'string',
              ...(type === 'text/html' || type === 'text/csv' ? {} : { contentMediaType: type }),
            },
          },
        ]),
      );
    } else if (route.response) {
      success.content = {
        'application/json': {
          schema: schemaRef(route.response, 'output', route.responseName),
          ...(route.responseExample !== undefined ? { example: route.responseExample } : {}),
        },
      };
    } else success.content = { 'application/json': { schema: { type: 'object' } } };
    const responses: JsonSchema = { [status]: success };
    const unsafe = route.method !== 'GET';
    if (route.body || route.query || params.length > 0)
      responses['400'] = { $ref: '#/components/responses/BadRequest' };
    if (route.access !== 'public') {
      responses['401'] = { $ref: '#/components/responses/Unauthorized' };
      responses['402'] = { $ref: '#/components/responses/LicenseRequired' };
      responses['429'] = { $ref: '#/components/responses/TooManyRequests' };
    }
    if (route.access !== 'public' || unsafe) responses['403'] = { $ref: '#/components/responses/Forbidden' };
    if (params.length > 0) responses['404'] = { $ref: '#/components/responses/NotFound' };
    if (unsafe) responses['410'] = { $ref: '#/components/responses/DemoMode' };
    for (const [code, description] of Object.entries(route.errors ?? {})) {
      responses[code] = {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    const security: JsonSchema[] =
      route.access === 'public'
        ? []
        : route.access === 'session'
          ? [{ session: [] }]
          : [{ apiKey: [] }, { session: [] }];
    const accessNote = {
      public: 'No sign-in needed.',
      user: 'Any signed-in caller: a session or an API key.',
      admin: 'Admins only (role admin or super_admin), by session or API key.',
      session: 'A signed-in session only; API keys are refused (401).',
    }[route.access];
    return {
      operationId,
      summary: route.summary,
      description: [route.description, accessNote].filter(Boolean).join('\n\n'),
      tags: [route.tag],
      security,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.consumes
        ? {
            requestBody: {
              required: true,
              content: { [route.consumes]: { schema: { type: 'string', contentMediaType: route.consumes } } },
            },
          }
        : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: schemaRef(route.body, 'input', route.bodyName),
                  ...(route.bodyExample !== undefined ? { example: route.bodyExample } : {}),
                },
              },
            },
          }
        : {}),
      responses,
    };
  };

  const paths: Record<string, Record<string, JsonSchema>> = {};
  const operationIds = new Set<string>();
  for (const route of API_ROUTES) {
    const base = `${route.method.toLowerCase()}${openApiPath(route.path)
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('')}`;
    let operationId = base;
    for (let n = 2; operationIds.has(operationId); n += 1) operationId = `${base}${n}`;
    operationIds.add(operationId);
    const template = openApiPath(route.path);
    paths[template] = { ...paths[template], [route.method.toLowerCase()]: operation(route, operationId) };
  }

  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  components.Error ??= jsonSchema(errorBodySchema, 'output');
  components.LicenseError ??= jsonSchema(licenseErrorBodySchema, 'output');
  const tags = [...new Set(API_ROUTES.map((route) => route.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cairn API',
      version: options.version,
      description: [
        'The API the Cairn panel uses, open to scripts. Send `Api-Key: <key>` (Settings > Public API) on every request:',
        "a key acts as its user, with that user's permissions and hide-profit rule, needs no CSRF token, and is throttled",
        'per key (429 with Retry-After). A read-only key is refused (403) on every method but GET.',
        'Money is in integer micro-units (1 unit = 1 000 000).',
      ].join(' '),
    },
    tags,
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: API_KEY_HEADER,
          description: 'An API key from Settings > Public API',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `The panel's session cookie; unsafe methods also need the ${XSRF_HEADER} header echoing the ${XSRF_COOKIE} cookie.`,
        },
      },
      responses: {
        BadRequest: {
          description: 'The input is invalid; `errors[].detail.field` names each field',
          content: errorContent,
        },
        Unauthorized: { description: 'No valid session or API key', content: errorContent },
        LicenseRequired: {
          description: 'No valid licence',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/LicenseError' } } },
        },
        Forbidden: {
          description: 'Not allowed: role, permission, read-only key, or a missing CSRF token',
          content: errorContent,
        },
        NotFound: { description: 'No such item (or not one the caller may see)', content: errorContent },
        DemoMode: { description: 'Refused in demo mode', content: errorContent },
        TooManyRequests: {
          description: "Past the API key's rate",
          headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
          content: errorContent,
        },
      },
    },
  };
}
