import {
  ENTITY_LIST_SPECS,
  type EntityCsvImportResponse,
  type EntityCsvKind,
  entityCsvPath,
  entityPath,
  type OfferImportResponse,
} from '@cairn/contract';
import type { ServerDetail } from '@cairn/ui';
import type { z } from 'zod';
import type { ApiClient, CallResult } from '../http/client.ts';
import type { EntitySchemas } from './entitySchemas.ts';
import type { Item, ManagedKind } from './types.ts';

// The entity calls of the REST shape every kind shares (DESIGN.md), validated by the contract's schemas.
// A list renders before any of them is needed: the schemas (and zod) are a chunk of their own
// (entitySchemas.ts), whose download each call starts as it sends, so it arrives with the answer.

const loadSchemas = () => import('./entitySchemas.ts');

function entitySchema<T>(pick: (schemas: EntitySchemas) => z.ZodType<T>): () => Promise<z.ZodType<T>> {
  const loading = loadSchemas();
  // Reported by the call, if its answer needs the schema; a failed call never asks for it.
  loading.catch(() => {});
  return () => loading.then(pick);
}

/** What a kind's list may sort and filter by, without the rest of its contract (and zod). */
export function listSpecOf(kind: ManagedKind) {
  return ENTITY_LIST_SPECS[kind];
}

export interface ListPage {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/** Query parameters of `GET /api/{kind}`, already in their wire form (`sort=name:asc`, `groupId=3`). */
export type ListParams = Record<string, string | number>;

export function fetchList(client: ApiClient, kind: ManagedKind, params: ListParams, signal?: AbortSignal) {
  return client.get<ListPage>(entityPath.list(kind), {
    query: params,
    schema: entitySchema((schemas) => schemas.listSchemaOf(kind) as unknown as z.ZodType<ListPage>),
    ...(signal ? { signal } : {}),
  });
}

export function fetchItem(client: ApiClient, kind: ManagedKind, id: number, signal?: AbortSignal) {
  return client.get<Item>(entityPath.item(kind, id), {
    schema: entitySchema((schemas) => schemas.itemSchemaOf(kind)),
    ...(signal ? { signal } : {}),
  });
}

export function createItem(client: ApiClient, kind: ManagedKind, input: unknown) {
  return client.post<Item>(entityPath.list(kind), {
    json: input,
    schema: entitySchema((schemas) => schemas.itemSchemaOf(kind)),
  });
}

export function updateItem(client: ApiClient, kind: ManagedKind, id: number, input: unknown) {
  return client.put<Item>(entityPath.item(kind, id), {
    json: input,
    schema: entitySchema((schemas) => schemas.itemSchemaOf(kind)),
  });
}

export function archiveItem(client: ApiClient, kind: ManagedKind, id: number) {
  return client.post<Item>(entityPath.archive(kind, id), {
    schema: entitySchema((schemas) => schemas.itemSchemaOf(kind)),
  });
}

export function restoreItem(client: ApiClient, kind: ManagedKind, id: number) {
  return client.post<Item>(entityPath.restore(kind, id), {
    schema: entitySchema((schemas) => schemas.itemSchemaOf(kind)),
  });
}

export function deleteItem(client: ApiClient, kind: ManagedKind, id: number) {
  return client.delete(entityPath.item(kind, id), {
    schema: entitySchema((schemas) => schemas.deleteResponseSchema),
  });
}

export function massUpdate(
  client: ApiClient,
  kind: ManagedKind,
  ids: number[],
  changes: Record<string, unknown>,
) {
  return client.patch(entityPath.mass(kind), {
    json: { ids, changes },
    schema: entitySchema((schemas) => schemas.massUpdateResponseSchema),
  });
}

/**
 * Bulk offer import. A report with line errors comes back as a 2xx listing `errors`, which the client calls a
 * partial error; the report is the answer either way.
 */
export async function importOffers(
  client: ApiClient,
  text: string,
): Promise<CallResult<OfferImportResponse>> {
  const result = await client.post(entityPath.offerImport, {
    json: { text },
    schema: entitySchema((schemas) => schemas.offerImportResponseSchema),
  });
  if (result.status === 'partial-error') {
    const { offerImportResponseSchema } = await loadSchemas();
    const report = offerImportResponseSchema.safeParse(result.body);
    if (report.success) return { status: 'ok', data: report.data, httpStatus: result.httpStatus };
  }
  return result;
}

/** A list's CSV read back: like the offer import, a report with refused lines is the answer either way. */
export async function importEntityCsv(
  client: ApiClient,
  kind: EntityCsvKind,
  text: string,
): Promise<CallResult<EntityCsvImportResponse>> {
  const result = await client.post(entityCsvPath(kind), {
    json: { text },
    schema: entitySchema((schemas) => schemas.entityCsvImportResponseSchema),
  });
  if (result.status === 'partial-error') {
    const { entityCsvImportResponseSchema } = await loadSchemas();
    const report = entityCsvImportResponseSchema.safeParse(result.body);
    if (report.success) return { status: 'ok', data: report.data, httpStatus: result.httpStatus };
  }
  return result;
}

export function fetchTrafficSourceTemplates(client: ApiClient) {
  return client.get(entityPath.trafficSourceTemplates, {
    schema: entitySchema((schemas) => schemas.trafficSourceTemplatesResponseSchema),
  });
}

export function fetchAffiliateNetworkTemplates(client: ApiClient) {
  return client.get(entityPath.affiliateNetworkTemplates, {
    schema: entitySchema((schemas) => schemas.affiliateNetworkTemplatesResponseSchema),
  });
}

/** The query-key roots, so a change can refresh every list and option set of a kind at once. */
export const entityQueryKeys = {
  all: (kind: ManagedKind) => ['entity', kind] as const,
  list: (kind: ManagedKind, params: ListParams) => ['entity', kind, 'list', params] as const,
  item: (kind: ManagedKind, id: number) => ['entity', kind, 'item', id] as const,
  options: (kind: ManagedKind, groupKind: string | undefined) =>
    ['entity', kind, 'options', groupKind ?? ''] as const,
  templates: ['entity', 'traffic_source', 'templates'] as const,
  networkTemplates: ['entity', 'affiliate_network', 'templates'] as const,
};

/** The message and the per-field errors of a failed call (`errors[].detail.field`, SPEC.md section 5). */
export interface CallProblem {
  message: string;
  errors: { message: string; field?: string; detail?: ServerDetail }[];
}

interface ErrorBody {
  message?: string;
  errors?: { message: string; detail?: unknown }[];
}

/** `{ message?, errors?: [{ message, detail? }] }`, or nothing when the body has another shape. */
function errorBodyOf(body: unknown): ErrorBody {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isRecord(body)) return {};
  const { message, errors } = body;
  if (message !== undefined && typeof message !== 'string') return {};
  const summary = message === undefined ? {} : { message };
  if (errors === undefined) return summary;
  if (!Array.isArray(errors)) return {};
  const entries: NonNullable<ErrorBody['errors']> = [];
  for (const entry of errors) {
    if (!isRecord(entry) || typeof entry.message !== 'string') return {};
    entries.push({ message: entry.message, detail: entry.detail });
  }
  return { ...summary, errors: entries };
}

function isServerDetail(detail: unknown): detail is ServerDetail {
  if (typeof detail === 'string') return true;
  if (Array.isArray(detail)) return detail.every((line) => typeof line === 'string');
  return (
    typeof detail === 'object' &&
    detail !== null &&
    Object.values(detail).every((value) => typeof value === 'string')
  );
}

export function problemOf(result: { message: string; body?: unknown }): CallProblem {
  const body = errorBodyOf(result.body);
  const errors = (body.errors ?? []).map((error) => {
    const detail = error.detail;
    const field =
      typeof detail === 'object' && detail !== null && 'field' in detail && typeof detail.field === 'string'
        ? detail.field
        : undefined;
    if (field) return { message: error.message, field };
    // A list detail (the items that still use something) is shown under its message.
    return isServerDetail(detail) ? { message: error.message, detail } : { message: error.message };
  });
  // With the errors listed one by one, the body's own summary leads; the client's extracted text
  // would repeat them.
  const message = errors.length > 0 && body.message ? body.message : result.message;
  return { message, errors };
}
