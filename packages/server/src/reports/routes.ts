import {
  clickLogQuerySchema,
  type ErrorItem,
  entityStatsQuerySchema,
  MESSAGES,
  PROFIT_METRICS,
  REPORT_PATHS,
  type ReportFilters,
  reportQuerySchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { UserWithSecrets } from '../auth/users.ts';
import type { AppContext } from '../context.ts';
import { adminOnlyAccess } from '../entities/service.ts';
import { HttpError, parseInput } from '../http.ts';
import { entityRoutesOptions } from '../permissions/options.ts';
import type { EntityDimension } from './dimensions.ts';
import { EntityNames, entityTable } from './names.ts';
import { ReportService } from './service.ts';

// The report routes. A plain user sees the events of the campaigns their campaign permission reaches
// (and without one, no report at all); a hide-profit user gets the profit metrics stripped by the api
// plugin's filter, and may not sort or group by what would reveal them.

const isProfitMetric = (metric: string) => (PROFIT_METRICS as readonly string[]).includes(metric);

function conversionFilterErrors(filters: ReportFilters): ErrorItem[] {
  if (!filters.conversion_status) return [];
  return [{ message: 'Conversion statuses are hidden', detail: { field: 'filter[conversion_status]' } }];
}

function refuseProfit(errors: ErrorItem[]): void {
  if (errors.length === 0) return;
  throw new HttpError(403, {
    message: `${MESSAGES.permissionDenied}: profit figures are hidden for your account`,
    errors,
  });
}

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard): void {
  // Names are kept a minute and forgotten at any entity change (here or, on many nodes, announced).
  const names = new EntityNames(ctx.store, 60_000).follow(ctx.changes);
  const service = new ReportService(ctx.events, ctx.store, ctx.config.now, { names });
  const access = entityRoutesOptions(ctx).access ?? adminOnlyAccess;

  /** The ids of a kind the user may read; null: all of them. A kind without permission answers 403. */
  const readableIds = async (user: UserWithSecrets, kind: EntityDimension): Promise<number[] | null> => {
    const condition = await access.scope(user, kind);
    if (!condition) return null;
    const rows = await ctx.store.query<{ id: number }>(
      `SELECT t.id FROM ${entityTable(kind)} t WHERE ${condition.sql}`,
      condition.params,
    );
    return rows.map((row) => Number(row.id));
  };

  app.get(REPORT_PATHS.report, async (request) => {
    const user = guard.requireUser(request);
    const query = parseInput(reportQuerySchema, request.query);
    if (user.hideProfit) {
      const errors = conversionFilterErrors(query.filters);
      if (query.levels.some((level) => isProfitMetric(level.sort))) {
        errors.push({ message: 'Cannot sort by a hidden metric', detail: { field: 'sort' } });
      }
      if (query.levels.some((level) => level.dimension === 'conversion_status')) {
        errors.push({ message: 'Conversion statuses are hidden', detail: { field: 'groupBy' } });
      }
      refuseProfit(errors);
    }
    return service.report(query, { campaignIds: await readableIds(user, 'campaign') });
  });

  app.get(REPORT_PATHS.clicks, async (request) => {
    const user = guard.requireUser(request);
    const query = parseInput(clickLogQuerySchema, request.query);
    if (user.hideProfit) refuseProfit(conversionFilterErrors(query.filters));
    return service.clicks(query, { campaignIds: await readableIds(user, 'campaign') });
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
    await access.authorize(user, query.kind, 'read');
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
