import {
  MESSAGES,
  REPORT_VALUES_PATH,
  REPORT_VALUES_READ,
  type ReportRow,
  type ReportValuesResponse,
  reportValuesQuerySchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput } from '../http.ts';
import { EntityNames } from '../reports/names.ts';
import { ReportService } from '../reports/service.ts';

// The values a dimension took in a period, for the filters' type-ahead pickers: one level of the
// report engine (same scope, same campaigns the caller reads), most clicked first, so a picker offers
// what can match and a filter is never chosen blind.

/** Kept when the value or its name holds the text, ignoring case. */
function matches(row: ReportRow, q: string): boolean {
  if (q === '') return true;
  const wanted = q.toLowerCase();
  return row.name.toLowerCase().includes(wanted) || String(row.value).toLowerCase().includes(wanted);
}

export async function reportValuesPlugin(
  app: FastifyInstance,
  { ctx, guard, reads: { readableIds } }: FeatureOptions,
): Promise<void> {
  const names = new EntityNames(ctx.store, 60_000).follow(ctx.changes);
  const service = new ReportService(ctx.events, ctx.store, ctx.config.now, { names });

  app.get(REPORT_VALUES_PATH, async (request): Promise<ReportValuesResponse> => {
    const user = guard.requireUser(request);
    const query = parseInput(reportValuesQuerySchema, request.query);
    if (user.hideProfit && (query.dimension === 'conversion_status' || query.filters.conversion_status)) {
      throw new HttpError(403, {
        message: `${MESSAGES.permissionDenied}: profit figures are hidden for your account`,
        errors: [{ message: 'Conversion statuses are hidden', detail: { field: 'dimension' } }],
      });
    }
    const answer = await service.report(
      {
        ...query,
        // The most clicked values, the rest folded into one "others" row that says there are more.
        levels: [
          {
            dimension: query.dimension,
            sort: 'clicks',
            order: 'desc',
            limit: REPORT_VALUES_READ,
            offset: 0,
            others: true,
          },
        ],
      },
      { campaignIds: await readableIds(user, 'campaign') },
    );
    // The "others" row (value null) is what lay beyond the values read.
    const read = answer.rows.filter((row) => row.value !== null);
    const kept = read.filter((row) => matches(row, query.q));
    return {
      values: kept.slice(0, query.limit).map((row) => ({
        value: row.value as string | number,
        name: row.name,
        clicks: row.metrics.clicks,
      })),
      more: kept.length > query.limit || read.length < answer.rows.length,
    };
  });
}
