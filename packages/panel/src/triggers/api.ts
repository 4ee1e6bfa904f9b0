import {
  TRIGGER_PATHS,
  type Trigger,
  type TriggerBacktest,
  type TriggerList,
  type TriggerRun,
  type TriggerRunList,
  triggerBacktestSchema,
  triggerListSchema,
  triggerPath,
  triggerRunListSchema,
  triggerRunSchema,
  triggerSchema,
} from '@cairn/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services.ts';
import type { CallResult } from '../http/client.ts';

// The calls of the Triggers page (admins only): the list, one trigger's run history, and the changes,
// each of which refreshes both.

export const triggersQueryRoot = ['triggers'] as const;

export function useTriggerList() {
  const { client } = useServices();
  return useQuery({
    queryKey: [...triggersQueryRoot, 'list'],
    queryFn: async ({ signal }): Promise<TriggerList> => {
      const result = await client.get(TRIGGER_PATHS.list, { schema: triggerListSchema, signal });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
  });
}

export function useTriggerRuns(id: number | null) {
  const { client } = useServices();
  return useQuery({
    queryKey: [...triggersQueryRoot, 'runs', id],
    enabled: id !== null,
    queryFn: async ({ signal }): Promise<TriggerRunList> => {
      const result = await client.get(triggerPath(TRIGGER_PATHS.runs, id ?? 0), {
        schema: triggerRunListSchema,
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
  });
}

export function useTriggerActions() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const refreshed = async <T>(result: Promise<CallResult<T>>): Promise<CallResult<T>> => {
    const done = await result;
    await queryClient.invalidateQueries({ queryKey: triggersQueryRoot });
    return done;
  };
  return {
    create: (body: unknown): Promise<CallResult<Trigger>> =>
      refreshed(client.post(TRIGGER_PATHS.list, { json: body, schema: triggerSchema })),
    save: (id: number, body: unknown): Promise<CallResult<Trigger>> =>
      refreshed(client.put(triggerPath(TRIGGER_PATHS.item, id), { json: body, schema: triggerSchema })),
    remove: (id: number) => refreshed(client.delete(triggerPath(TRIGGER_PATHS.item, id))),
    run: (id: number): Promise<CallResult<TriggerRun>> =>
      refreshed(client.post(triggerPath(TRIGGER_PATHS.run, id), { schema: triggerRunSchema })),
    backtest: (id: number, days: number): Promise<CallResult<TriggerBacktest>> =>
      client.post(triggerPath(TRIGGER_PATHS.backtest, id), { json: { days }, schema: triggerBacktestSchema }),
  };
}

/** The server's field messages of a refused save, keyed by field path (`conditions.items.0.value`). */
export function fieldMessages(body: unknown): Record<string, string> {
  const errors = (body as { errors?: { message?: string; detail?: { field?: string } }[] } | undefined)
    ?.errors;
  const messages: Record<string, string> = {};
  for (const error of Array.isArray(errors) ? errors : []) {
    const field = error.detail?.field ?? '';
    if (error.message) messages[field] ??= error.message;
  }
  return messages;
}
