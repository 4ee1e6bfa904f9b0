import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { TrackingEvent } from '../events/event.ts';
import type { ConfigStore } from '../store/config/port.ts';
import { SerialQueue } from '../store/serialQueue.ts';
import { type CostChangeResult, type CostTarget, setCost } from './costChanges.ts';

// The cost-update path shared by POST /api/costs and the cost sync. Updates run one at a time across the
// installation: each reads what the clicks cost, which must include what the update before it wrote, so
// every update stores its changes (journal, then event store) before the next one starts. One updater per
// app, so the API and the sync queue behind each other.

interface ClusterLock {
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
}

const hasClusterLock = (store: ConfigStore): store is ConfigStore & ClusterLock =>
  typeof (store as Partial<ClusterLock>).withLock === 'function';

const COST_LOCK = 'cost-update';

/** The range ends before it begins once cut at now: nothing to set yet. */
export class RangeNotBegunError extends Error {}

export interface CostUpdated extends CostChangeResult {
  /** The range's end as applied: never later than now. */
  end: number;
}

export class CostUpdater {
  private readonly ctx: AppContext;
  private readonly queue = new SerialQueue('cost update queue');

  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /** Sets what the clicks `target` names cost (tracker's currency); throws NoClicksError, RangeNotBegunError. */
  async set(target: CostTarget): Promise<CostUpdated> {
    const { ctx } = this;
    const { recorder } = ctx.tracking;
    const journal = async (changes: readonly TrackingEvent[]) => {
      for (const change of changes) recorder.stage(change);
      recorder.commit();
    };
    const work = async (): Promise<CostUpdated> => {
      // Clicks still in this node's journal count; a click arriving meanwhile is after the range's end.
      await recorder.flushNow();
      const end = Math.min(target.to, ctx.config.now() + 1);
      if (end <= target.from) throw new RangeNotBegunError('The range has not begun yet');
      const set = await setCost(ctx.events, journal, { ...target, to: end });
      // Stored before the next update reads what the clicks cost.
      await recorder.flushNow();
      return { ...set, end };
    };
    return this.queue.run(() => (hasClusterLock(ctx.store) ? ctx.store.withLock(COST_LOCK, work) : work()));
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

const updaters = new WeakMap<AppContext, CostUpdater>();

/** The app's one cost updater, closed with the API that first asked for it. */
export function costUpdaterOf(ctx: AppContext, api: FastifyInstance): CostUpdater {
  let updater = updaters.get(ctx);
  if (!updater) {
    const created = new CostUpdater(ctx);
    updater = created;
    updaters.set(ctx, created);
    api.addHook('onClose', async () => {
      updaters.delete(ctx);
      await created.close();
    });
  }
  return updater;
}
