import {
  type ColumnChoice,
  columnChoiceSchema,
  USER_COLUMN_TABLES_MAX,
  USER_COLUMNS_PATH,
  type UserColumnsResponse,
  userColumnsPutRequestSchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { parseInput, validationError } from '../http.ts';
import type { Sql } from '../store/config/port.ts';

// The caller's own column choices per table (the panel's column editors), kept so they follow the user
// to any browser. Only the caller's rows are read or written: the user comes from the session or key.

async function choicesOf(sql: Sql, userId: number): Promise<UserColumnsResponse> {
  const rows = await sql.query<{ table_key: string; choice: string }>(
    'SELECT table_key, choice FROM user_columns WHERE user_id = $1 ORDER BY table_key',
    [userId],
  );
  const tables: Record<string, ColumnChoice> = {};
  for (const row of rows) {
    // A row that no longer reads as a choice is left out: the table shows its defaults.
    const parsed = columnChoiceSchema.safeParse(JSON.parse(row.choice));
    if (parsed.success) tables[row.table_key] = parsed.data;
  }
  return { tables };
}

export function columnRoutes(
  app: FastifyInstance,
  { ctx, guard }: Pick<FeatureOptions, 'ctx' | 'guard'>,
): void {
  app.get(USER_COLUMNS_PATH, async (request, reply): Promise<UserColumnsResponse> => {
    const user = guard.requireUser(request);
    reply.header('cache-control', 'no-store');
    return choicesOf(ctx.store, user.id);
  });

  app.put(USER_COLUMNS_PATH, async (request): Promise<UserColumnsResponse> => {
    const user = guard.requireUser(request);
    const { table, choice } = parseInput(userColumnsPutRequestSchema, request.body);
    return ctx.store.transaction(async (tx) => {
      await tx.execute('DELETE FROM user_columns WHERE user_id = $1 AND table_key = $2', [user.id, table]);
      if (choice) {
        const [count] = await tx.query<{ kept: number | bigint }>(
          'SELECT COUNT(*) AS kept FROM user_columns WHERE user_id = $1',
          [user.id],
        );
        if (Number(count?.kept ?? 0) >= USER_COLUMN_TABLES_MAX) {
          throw validationError([
            {
              message: `Column choices are kept for at most ${USER_COLUMN_TABLES_MAX} tables`,
              detail: { field: 'table' },
            },
          ]);
        }
        await tx.execute(
          'INSERT INTO user_columns (user_id, table_key, choice, updated_at) VALUES ($1, $2, $3, $4)',
          [user.id, table, JSON.stringify(choice), ctx.config.now()],
        );
      }
      return choicesOf(tx, user.id);
    });
  });
}
