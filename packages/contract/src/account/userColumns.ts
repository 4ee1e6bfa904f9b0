import { z } from 'zod';

// The columns each user keeps for a table (an entity list, a report): which are shown and in what order,
// stored on the server so they follow the user to another browser. A table is named by the key the panel
// gives it; the server only bounds what it keeps.

/** `GET` the caller's column choices, `PUT` one table's. */
export const USER_COLUMNS_PATH = '/api/user/columns';

/** Tables one user keeps choices for; more are refused rather than kept without end. */
export const USER_COLUMN_TABLES_MAX = 100;
/** Columns one choice names. */
export const USER_COLUMN_IDS_MAX = 200;

const tableKeySchema = z
  .string()
  .regex(
    /^[A-Za-z0-9_.:-]{1,80}$/,
    'A table key is 1 to 80 letters, digits, dots, dashes, colons or underscores',
  );
const columnIdSchema = z.string().min(1).max(80);

export const columnChoiceSchema = z.object({
  /** Column ids in the user's order; columns left out keep the table's place after them. */
  order: z.array(columnIdSchema).max(USER_COLUMN_IDS_MAX, `At most ${USER_COLUMN_IDS_MAX} columns`),
  /** Columns shown (true) or hidden (false) against the table's default. */
  visibility: z
    .record(columnIdSchema, z.boolean())
    .refine((visibility) => Object.keys(visibility).length <= USER_COLUMN_IDS_MAX, {
      message: `At most ${USER_COLUMN_IDS_MAX} columns`,
    }),
});
export type ColumnChoice = z.infer<typeof columnChoiceSchema>;

export const userColumnsResponseSchema = z.object({
  tables: z.record(tableKeySchema, columnChoiceSchema),
});
export type UserColumnsResponse = z.infer<typeof userColumnsResponseSchema>;

/** One table's choice; `null` forgets it, so the table shows its defaults again. */
export const userColumnsPutRequestSchema = z.object({
  table: tableKeySchema,
  choice: columnChoiceSchema.nullable(),
});
export type UserColumnsPutRequest = z.infer<typeof userColumnsPutRequestSchema>;
