import type { z } from 'zod';

type Schemas = typeof import('./responseSchemas.ts');
type SchemaName = { [Name in keyof Schemas]: Schemas[Name] extends z.ZodType ? Name : never }[keyof Schemas];

/**
 * A schema of responseSchemas.ts as a client call's `schema` option: fetched with the first answer it
 * checks (see CallOptions.schema), so the calls around the first screen keep zod out of its chunk.
 */
export function responseSchema<Name extends SchemaName>(name: Name): () => Promise<Schemas[Name]> {
  return () => import('./responseSchemas.ts').then((schemas) => schemas[name]);
}
