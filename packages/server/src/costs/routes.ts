import {
  COST_API_PATHS,
  type CostUpdateResponse,
  costUpdateRequestSchema,
  type ErrorItem,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit.ts';
import { ENTITY_DEFINITIONS } from '../entities/kinds/index.ts';
import { lacksRate, toBaseMicros } from '../events/money.ts';
import type { FeaturePlugin } from '../feature.ts';
import { HttpError, parseInput, validationError } from '../http.ts';
import { permissionAccess } from '../permissions/access.ts';
import { resolveRange } from '../reports/timeRange.ts';
import { readStatsSettings } from '../settings/stats.ts';
import { NoClicksError } from './costChanges.ts';
import { type CostUpdated, costUpdaterOf, RangeNotBegunError } from './service.ts';

// POST /api/costs: a campaign's cost over a range, set by a buyer, a script or a cost sync, through the
// app's one cost updater (service.ts), so updates run one at a time across the installation.

export const costsPlugin: FeaturePlugin = async (api: FastifyInstance, { ctx, guard }) => {
  const access = permissionAccess(ctx.store, ENTITY_DEFINITIONS);
  const updater = costUpdaterOf(ctx, api);

  api.post(COST_API_PATHS.update, async (request): Promise<CostUpdateResponse> => {
    const user = guard.requireUser(request);
    const update = parseInput(costUpdateRequestSchema, request.body);
    await access.authorize(user, 'campaign', 'write', update.campaignId);
    const [campaign] = await ctx.store.query<{ id: number }>('SELECT id FROM campaigns WHERE id = $1', [
      update.campaignId,
    ]);
    if (!campaign) throw new HttpError(404, { message: `Campaign ${update.campaignId} not found` });

    const stats = await readStatsSettings(ctx.store);
    const rates = { base: stats.baseCurrency, rates: stats.rates };
    const currency = update.currency ?? stats.baseCurrency;
    const errors: ErrorItem[] = [];
    if (lacksRate(currency, rates)) {
      errors.push({
        message: `No rate for ${currency}: add one under Settings > Stats, or give the cost in ${stats.baseCurrency}`,
        detail: { field: 'currency' },
      });
    }
    const range = resolveRange(
      { preset: 'custom', from: update.from, to: update.to },
      update.timezone ?? stats.timezone,
      ctx.config.now(),
    );
    const from = range.from ?? 0;
    const to = range.to ?? 0;
    if (errors.length > 0) throw validationError(errors);
    const costMicros = toBaseMicros(update.costMicros, currency, rates);

    let result: CostUpdated;
    try {
      result = await updater.set({
        campaignId: update.campaignId,
        from,
        to,
        costMicros,
        token: update.token,
      });
    } catch (error) {
      if (error instanceof NoClicksError || error instanceof RangeNotBegunError) {
        throw validationError([{ message: error.message, detail: { field: 'from' } }]);
      }
      throw error;
    }
    await recordAudit(ctx.store, ctx.config.now(), {
      userId: user.id,
      action: 'cost_updated',
      entityKind: 'campaign',
      entityId: update.campaignId,
      details: {
        from: new Date(from).toISOString(),
        to: new Date(result.end).toISOString(),
        token: update.token,
        costMicros,
        previousCostMicros: result.previousCostMicros,
        clicks: result.clicks,
        changedClicks: result.changedClicks,
        via: guard.stateOf(request).auth.kind,
      },
    });
    return {
      from: new Date(from).toISOString(),
      to: new Date(result.end).toISOString(),
      clicks: result.clicks,
      previousCostMicros: result.previousCostMicros,
      costMicros: result.costMicros,
      currency: stats.baseCurrency,
      changedClicks: result.changedClicks,
    };
  });
};
