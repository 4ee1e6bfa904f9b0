import { QueryClient } from '@tanstack/react-query';

export const queryGcTimeMs = 30 * 60 * 1000;

/** SPEC.md section 7: results kept 30 minutes after last use, no refetch on focus, no retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: queryGcTimeMs, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
