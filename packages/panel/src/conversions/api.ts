import {
  CONVERSION_API_PATHS,
  CONVERSION_LIST_LIMIT_MAX,
  type ConversionUploadResponse,
  conversionListResponseSchema,
  conversionUploadResponseSchema,
  type PostbackProcessingSettings,
  postbackProcessingSettingsSchema,
} from '@cairn/contract';
import type { DateRangeValue } from '@cairn/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { useServices } from '../app/services.ts';
import type { ApiClient } from '../http/client.ts';
import { filterParams, type ReportFilters } from '../reports/api.ts';
import { periodParams } from '../reports/period.ts';

// The conversion calls: the log (a cursor page at a time), the bulk upload and the postback-processing
// settings.

/** Every conversion query starts with this, so an upload refreshes each log that shows conversions. */
export const conversionsQueryRoot = ['conversions'] as const;
export const postbackSettingsQueryKey = ['settings', 'postback-processing'] as const;

/**
 * The conversion log for a period and filters (`filter[conversion_status]` is the current status),
 * newest first, as pages of the largest size the API hands out.
 */
export function useConversionLog(period: DateRangeValue, filters: ReportFilters) {
  const { client } = useServices();
  const filter = filterParams(filters);
  const query = useInfiniteQuery({
    queryKey: [...conversionsQueryRoot, periodParams(period), filter],
    queryFn: async ({ pageParam, signal }) => {
      const result = await client.get(CONVERSION_API_PATHS.list, {
        query: {
          ...periodParams(period),
          ...(Object.keys(filter).length > 0 ? { filter } : {}),
          limit: String(CONVERSION_LIST_LIMIT_MAX),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        schema: conversionListResponseSchema,
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.rows) ?? [], [query.data]);
  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  return { query, rows, loadMore };
}

export function uploadConversions(client: ApiClient, text: string) {
  return client.post<ConversionUploadResponse>(CONVERSION_API_PATHS.upload, {
    json: { text },
    schema: conversionUploadResponseSchema,
  });
}

// Answers are read without the write schema's strictness: a field a newer server adds is no error here.
const settingsAnswerSchema = z.object(postbackProcessingSettingsSchema.shape);

export function fetchPostbackSettings(client: ApiClient, signal?: AbortSignal) {
  return client.get<PostbackProcessingSettings>(CONVERSION_API_PATHS.postbackSettings, {
    schema: settingsAnswerSchema,
    ...(signal ? { signal } : {}),
  });
}

export function savePostbackSettings(client: ApiClient, settings: PostbackProcessingSettings) {
  return client.put<PostbackProcessingSettings>(CONVERSION_API_PATHS.postbackSettings, {
    json: settings,
    schema: settingsAnswerSchema,
  });
}
