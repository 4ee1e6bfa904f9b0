import { type SplitTestResponse, splitTestPath, splitTestResponseSchema } from '@cairn/contract';
import type { DateRangeValue } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services.ts';
import { periodParams } from '../reports/period.ts';

// The split-test view's one call: a campaign's rotating offers and landers over the period.

export function useSplitTest(campaignId: number, period: DateRangeValue) {
  const { client } = useServices();
  const params = periodParams(period);
  return useQuery({
    queryKey: ['split-test', campaignId, params],
    queryFn: async ({ signal }): Promise<SplitTestResponse> => {
      const result = await client.get(splitTestPath(campaignId), {
        query: params,
        schema: splitTestResponseSchema,
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
  });
}
