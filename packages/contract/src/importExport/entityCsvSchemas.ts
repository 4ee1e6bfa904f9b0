import { z } from 'zod';
import { ENTITY_CSV_MAX_CHARS } from './entityCsv.ts';

// The entity CSV import's request and answer (the columns are in entityCsv.ts).

export const entityCsvImportRequestSchema = z.object({
  text: z
    .string()
    .min(1, 'The file is empty')
    .max(ENTITY_CSV_MAX_CHARS, `At most ${ENTITY_CSV_MAX_CHARS} characters`),
});
export type EntityCsvImportRequest = z.infer<typeof entityCsvImportRequestSchema>;

export const entityCsvImportResponseSchema = z.object({
  created: z.array(z.object({ line: z.number().int(), id: z.number().int(), name: z.string() })),
  updated: z.array(z.object({ line: z.number().int(), id: z.number().int(), name: z.string() })),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type EntityCsvImportResponse = z.infer<typeof entityCsvImportResponseSchema>;
