import {
  COST_API_PATHS,
  type CostUpdateResponse,
  costUpdateRequestSchema,
  type ErrorItem,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit.ts';
import { ENTITY_DEFINITIONS } from '../entities/kinds/index.ts';
import type { TrackingEvent } from '../events/event.ts';
import { lacksRate, toBaseMicros } from '../events/money.ts';
import type { FeaturePlugin } from '../feature.ts';
import { HttpError, parseInput, validationError } from '../http.ts';
import { permissionAccess } from '../permissions/access.ts';
import { resolveRange } from '../reports/timeRange.ts';
import { readStatsSettings } from '../settings/stats.ts';
import type { ConfigStore } from '../store/config/port.ts';
import { SerialQueue } from '../store/serialQueue.ts';
import { NoClicksError, setCost } from './costChanges.ts';

// POST /api/costs: a campaign's cost over a range, set by a buyer, a script or a cost sync. Updates run
// one at a time across the installation: each reads what the clicks cost, which must include what the
// update before it wrote, so every update stores its changes (journal, then event store) before the
// next one starts.

interface ClusterLock {
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
}

const hasClusterLock = (store: ConfigStore): store is ConfigStore & ClusterLock =>
  typeof (store as Partial<ClusterLock>).withLock === 'function';

const COST_LOCK = 'cost-update';

export const costsPlugin: FeaturePlugin = async (api: FastifyInstance, { ctx, guard }) => {
  const access = permissionAccess(ctx.store, ENTITY_DEFINITIONS);
  const queue = new SerialQueue('cost update queue');
  api.addHook('onClose', () => queue.close());
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> =>
    queue.run(() => (hasClusterLock(ctx.store) ? ctx.store.withLock(COST_LOCK, work) : work()));

  const { recorder } = ctx.tracking;
  const journal = async (changes: readonly TrackingEvent[]) => {
    for (const change of changes) recorder.stage(change);
    recorder.commit();
  };

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

    const result = await oneAtATime(async () => {
      // Clicks still in this node's journal count; a click arriving meanwhile is after the range's end.
      await recorder.flushNow();
      const end = Math.min(to, ctx.config.now() + 1);
      if (end <= from) {
        throw validationError([{ message: 'The range has not begun yet', detail: { field: 'from' } }]);
      }
      try {
        const set = await setCost(ctx.events, journal, {
          campaignId: update.campaignId,
          from,
          to: end,
          costMicros,
          token: update.token,
        });
        // Stored before the next update reads what the clicks cost.
        await recorder.flushNow();
        return { ...set, end };
      } catch (error) {
        if (error instanceof NoClicksError) {
          throw validationError([{ message: error.message, detail: { field: 'from' } }]);
        }
        throw error;
      }
    });
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
