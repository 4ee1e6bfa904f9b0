// The response schemas of the entity calls (api.ts), a chunk of their own with zod: a list renders
// without them, and each call fetches them as it starts.
import { ENTITY_CONTRACTS, listResponseSchema } from '@cairn/contract';
import type { z } from 'zod';
import type { Item, ManagedKind } from './types.ts';

export {
  affiliateNetworkTemplatesResponseSchema,
  deleteResponseSchema,
  entityCsvImportResponseSchema,
  massUpdateResponseSchema,
  offerImportResponseSchema,
  trafficSourceTemplatesResponseSchema,
} from '@cairn/contract';

export type EntitySchemas = typeof import('./entitySchemas.ts');

export function itemSchemaOf(kind: ManagedKind): z.ZodType<Item> {
  return ENTITY_CONTRACTS[kind].schema as unknown as z.ZodType<Item>;
}

const listSchemas = new Map<ManagedKind, z.ZodType>();

/** A page of a kind's list; built once per kind, as every page of every list is checked with it. */
export function listSchemaOf(kind: ManagedKind): z.ZodType {
  let schema = listSchemas.get(kind);
  if (!schema) {
    schema = listResponseSchema(itemSchemaOf(kind));
    listSchemas.set(kind, schema);
  }
  return schema;
}
