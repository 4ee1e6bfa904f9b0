import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type CallProblem, problemOf } from '../../entities/api.ts';
import type { CallResult } from '../../http/client.ts';

/**
 * A settings form's save: `pending` while the call runs, the server's refusal kept as `problem` (and per
 * field through `fieldError`) until the next save, and on success the saved values put into the
 * section's query, which starts the form again from them (the forms are keyed by their saved values).
 */
export function useSettingsSave<T>(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<CallProblem>();
  const [pending, setPending] = useState(false);

  const save = async (call: () => Promise<CallResult<T>>): Promise<CallResult<T>> => {
    setPending(true);
    const result = await call();
    setPending(false);
    if (result.status !== 'ok') {
      setProblem(problemOf(result));
      return result;
    }
    setProblem(undefined);
    queryClient.setQueryData(queryKey, result);
    return result;
  };
  const fieldError = (field: string) => problem?.errors.find((error) => error.field === field)?.message;

  return { save, pending, problem, fieldError };
}
