import type { z } from 'zod';
import type { PARQUET_MEDIA_TYPE } from '../importExport/events.ts';
import type { XLSX_MEDIA_TYPE } from '../reports/report.ts';

// The route catalogue: every `/api` and `/updates` route the server registers, described once from the
// same zod schemas the server validates with. The OpenAPI document is generated from it, and a server
// test fails when a registered route is missing here (or a catalogued one is not registered).

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call a route: anybody; any signed-in caller (a session or an API key); an admin (role admin or
 * super_admin); or only a signed-in session (account security and key creation never ride on a key).
 */
export type RouteAccess = 'public' | 'user' | 'admin' | 'session';

/** The media types of answers that are files rather than JSON. */
export type FileMediaType =
  | 'text/html'
  | 'application/zip'
  | 'text/csv'
  | typeof XLSX_MEDIA_TYPE
  | typeof PARQUET_MEDIA_TYPE;

export interface ApiRoute {
  method: HttpMethod;
  /** As the server registers it: `:name` marks a path parameter. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  access: RouteAccess;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer's body; absent for answers that are not JSON (see `produces`). */
  response?: z.ZodType;
  /** The success status; 200 unless said. */
  status?: 200 | 201;
  /** A success answer that is not JSON, e.g. the documentation page or a zip download; a list when a query parameter chooses. */
  produces?: FileMediaType | readonly FileMediaType[];
  /** A request body of raw bytes rather than JSON (a file upload). */
  consumes?: 'application/octet-stream';
  /** Refusals beyond the ones every route of its access level can answer (400, 401, 402, 403, 404, 429). */
  errors?: Partial<Record<number, string>>;
  /** Names under which the body and response schemas go in the document's components, shared by routes. */
  bodyName?: string;
  responseName?: string;
  bodyExample?: unknown;
  responseExample?: unknown;
}

/** A catalogued route's path in OpenAPI's template syntax: `/api/offer/:id` is `/api/offer/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The names of a path's parameters, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
}
