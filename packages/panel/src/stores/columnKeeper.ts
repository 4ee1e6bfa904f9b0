import {
  type ColumnChoice,
  USER_COLUMNS_PATH,
  type UserColumnsResponse,
  userColumnsResponseSchema,
} from '@cairn/contract';
import type { ColumnChoiceKeeper } from '@cairn/ui';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../http/client.ts';

// The tables' column choices kept on the server for the signed-in user, so they follow the user to any
// browser. All of them come in one answer, read once a session (the query cache is cleared on sign-out);
// each change is sent as it is made and the answer replaces the cached set.

const queryKey = ['userColumns'] as const;

async function fetchChoices(client: ApiClient): Promise<UserColumnsResponse> {
  const answer = await client.get<UserColumnsResponse>(USER_COLUMNS_PATH, {
    schema: userColumnsResponseSchema,
  });
  if (answer.status !== 'ok') throw new Error(answer.message);
  return answer.data;
}

export function serverColumnKeeper(client: ApiClient, queryClient: QueryClient): ColumnChoiceKeeper {
  return {
    async load(table) {
      const { tables } = await queryClient.fetchQuery({
        queryKey,
        queryFn: () => fetchChoices(client),
        staleTime: Number.POSITIVE_INFINITY,
      });
      return tables[table] ?? null;
    },
    save(table, choice: ColumnChoice | null) {
      void client
        .put<UserColumnsResponse>(USER_COLUMNS_PATH, {
          json: { table, choice },
          schema: userColumnsResponseSchema,
        })
        .then((answer) => {
          if (answer.status === 'ok') queryClient.setQueryData(queryKey, answer.data);
        });
    },
  };
}
