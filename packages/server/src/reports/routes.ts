import { Readable } from 'node:stream';
import {
  CLICK_LOG_COLUMNS,
  type ClickDetailResponse,
  clickDetailParamsSchema,
  clickLogQuerySchema,
  conversionListQuerySchema,
  type ErrorItem,
  entityStatsQuerySchema,
  isCustomEventMetric,
  MESSAGES,
  PROFIT_METRICS,
  REPORT_METRICS,
  REPORT_PATHS,
  type ReportFilters,
  type ReportQuery,
  reportExportQuerySchema,
  reportQuerySchema,
  XLSX_MEDIA_TYPE,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { isBetaEnabled } from '../beta/flags.ts';
import { clickTimeOf } from '../events/clickId.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput } from '../http.ts';
import { readStatsSettings } from '../settings/stats.ts';
import { checkComparable, comparisonQuery, refuseCompare, withComparison } from './compare.ts';
import { csvHeader, csvLines, csvTotal } from './export.ts';
import { listConversions } from './logs/conversionLog.ts';
import { EntityNames } from './names.ts';
import { ReportService } from './service.ts';
import { xlsxStream } from './xlsx.ts';

// The report routes. A plain user sees the events of the campaigns their campaign permission reaches
// (and without one, no report at all); a hide-profit user gets the profit metrics stripped by the api
// plugin's filter, and may not sort or group by what would reveal them.

const isProfitMetric = (metric: string) => (PROFIT_METRICS as readonly string[]).includes(metric);

function conversionFilterErrors(filters: ReportFilters): ErrorItem[] {
  if (!filters.conversion_status) return [];
  return [{ message: 'Conversion statuses are hidden', detail: { field: 'filter[conversion_status]' } }];
}

/** What a hide-profit user may not sort or group a report by. */
function hiddenReportErrors(query: ReportQuery): ErrorItem[] {
  const errors = conversionFilterErrors(query.filters);
  if (query.levels.some((level) => isProfitMetric(level.sort))) {
    errors.push({ message: 'Cannot sort by a hidden metric', detail: { field: 'sort' } });
  }
  if (query.levels.some((level) => level.dimension === 'conversion_status')) {
    errors.push({ message: 'Conversion statuses are hidden', detail: { field: 'groupBy' } });
  }
  return errors;
}

function refuseProfit(errors: ErrorItem[]): void {
  if (errors.length === 0) return;
  throw new HttpError(403, {
    message: `${MESSAGES.permissionDenied}: profit figures are hidden for your account`,
    errors,
  });
}

export async function reportsPlugin(
  app: FastifyInstance,
  { ctx, guard, reads: { authorizeRead, readableIds } }: FeatureOptions,
): Promise<void> {
  // Names are kept a minute and forgotten at any entity change (here or, on many nodes, announced).
  const names = new EntityNames(ctx.store, 60_000).follow(ctx.changes);
  const service = new ReportService(ctx.events, ctx.store, ctx.config.now, { names });

  app.get(REPORT_PATHS.report, async (request) => {
    const user = guard.requireUser(request);
    const query = parseInput(reportQuerySchema, request.query);
    if (user.hideProfit) refuseProfit(hiddenReportErrors(query));
    const viewer = { campaignIds: await readableIds(user, 'campaign') };
    if (!query.compare) return service.report(query, viewer);
    if (!isBetaEnabled(ctx, 'report_period_comparison')) {
      refuseCompare('Compare with another period is a beta feature this installation has not turned on');
    }
    checkComparable(query);
    const current = await service.report(query, viewer);
    const other = comparisonQuery(query, current);
    if (!other) refuseCompare('This period has no previous period to compare with');
    return withComparison(current, await service.report(other, viewer));
  });

  // The whole report as CSV or XLSX, streamed as the store produces its rows (export.ts, xlsx.ts). The answer is not
  // JSON, so the api plugin's profit filter never sees it: a hide-profit user's columns are chosen here.
  app.get(REPORT_PATHS.reportExport, async (request, reply) => {
    const user = guard.requireUser(request);
    const query = parseInput(reportExportQuerySchema, request.query);
    if (user.hideProfit) {
      const errors = hiddenReportErrors(query);
      if (query.metrics?.some(isProfitMetric)) {
        errors.push({ message: 'Cannot export a hidden metric', detail: { field: 'metrics' } });
      }
      refuseProfit(errors);
    }
    const viewer = { campaignIds: await readableIds(user, 'campaign') };
    // Without a choice, every metric the user may see but the custom event slots: thirty columns that
    // are empty on most installations are asked for by name (the panel sends its chosen columns).
    const metrics =
      query.metrics ??
      REPORT_METRICS.filter(
        (metric) => !isCustomEventMetric(metric) && (!user.hideProfit || !isProfitMetric(metric)),
      );
    const shape = {
      levels: query.levels.map((level) => level.dimension),
      metrics,
      currency: (await readStatsSettings(ctx.store)).baseCurrency,
    };
    async function* csv(): AsyncGenerator<string> {
      yield csvHeader(shape);
      for await (const part of service.exportRows(query, viewer)) {
        yield 'rows' in part ? csvLines(shape, part.rows) : csvTotal(shape, part.totals);
      }
    }
    const name = ['report', ...shape.levels, query.range.preset].join('-').replace(/[^A-Za-z0-9-]+/g, '-');
    const xlsx = query.format === 'xlsx';
    return reply
      .type(xlsx ? XLSX_MEDIA_TYPE : 'text/csv; charset=utf-8')
      .headers({
        'cache-control': 'no-store',
        'content-disposition': `attachment; filename="${name}.${query.format}"`,
      })
      .send(
        Readable.from(
          xlsx ? xlsxStream(shape, service.exportRows(query, viewer), new Date(ctx.config.now())) : csv(),
        ),
      );
  });

  app.get(REPORT_PATHS.clicks, async (request) => {
    const user = guard.requireUser(request);
    const query = parseInput(clickLogQuerySchema, request.query);
    if (user.hideProfit) refuseProfit(conversionFilterErrors(query.filters));
    return service.clicks(query, { campaignIds: await readableIds(user, 'campaign') });
  });

  // One click for the click log's detail: every column, found by id like the log's search (so within the
  // campaigns the caller reads: another's click is as unknown as a mistyped id), and its conversions.
  app.get(REPORT_PATHS.click, async (request, reply): Promise<ClickDetailResponse> => {
    const user = guard.requireUser(request);
    const { clickId } = parseInput(clickDetailParamsSchema, request.params);
    const campaignIds = await readableIds(user, 'campaign');
    const query = clickLogQuerySchema.parse({ clickId, columns: CLICK_LOG_COLUMNS.join(','), limit: '1' });
    const [click] = (await service.clicks(query, { campaignIds })).rows;
    if (!click) throw new HttpError(404, { message: `${MESSAGES.notFound}: no click ${clickId}` });
    reply.header('cache-control', 'no-store');
    const conversions = await listConversions(ctx.events, ctx.store, {
      query: conversionListQuerySchema.parse({ preset: 'all_time', limit: '500' }),
      campaignIds,
      now: ctx.config.now,
      showDeliveryDetail: user.role !== 'user',
      hideProfit: user.hideProfit,
      click: { id: clickId, time: clickTimeOf(clickId) ?? 0 },
    });
    return { click, conversions: conversions.rows.reverse() };
  });

  app.get(REPORT_PATHS.entityStats, async (request) => {
    const user = guard.requireUser(request);
    const query = parseInput(entityStatsQuerySchema, request.query);
    if (user.hideProfit) {
      const errors = conversionFilterErrors(query.filters);
      if (query.sortBy && isProfitMetric(query.sortBy)) {
        errors.push({ message: 'Cannot sort by a hidden metric', detail: { field: 'sortBy' } });
      }
      refuseProfit(errors);
    }
    await authorizeRead(user, query.kind);
    const kindIds = await readableIds(user, query.kind);
    // The numbers next to a list come from the user's campaigns only; a user who may read offers but
    // no campaign sees the list with zeros rather than no list.
    let campaignIds: readonly number[] | null = kindIds;
    if (query.kind !== 'campaign') {
      campaignIds = await readableIds(user, 'campaign').catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 403) return [];
        throw error;
      });
    }
    return service.entityStats(query, { campaignIds }, kindIds);
  });
}
