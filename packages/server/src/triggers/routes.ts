import {
  type DomainAttention,
  type DomainCheckList,
  type TokenListResponse,
  TRIGGER_PATHS,
  type Trigger,
  type TriggerBacktest,
  type TriggerList,
  type TriggerRun,
  type TriggerRunList,
  tokenListQuerySchema,
  triggerBacktestRequestSchema,
  triggerInputSchema,
} from '@cairn/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit.ts';
import { scheduleJob } from '../cluster/jobs.ts';
import { entityServiceOf } from '../entities/routes.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput } from '../http.ts';
import { entityRoutesOptions } from '../permissions/options.ts';
import { ReportService } from '../reports/service.ts';
import { checkDomains, DOMAIN_CHECKS_JOB, type DomainCheckDeps } from './domainChecks.ts';
import { TRIGGERS_JOB, TriggerRunner } from './runner.ts';
import { presentAction, type TriggerRecord, TriggerStore } from './store.ts';

// The panel's side of triggers (admins only): the list, create/edit/delete, a check now, the run
// history, backtests, and what actions keep (token lists per source, domains needing attention). The
// scheduled job checks due triggers every minute on whichever node holds the job lock.

const JOB_INTERVAL_MS = 60_000;
const DOMAIN_CHECKS_INTERVAL_MS = 15 * 60_000;
const RUNS_SHOWN = 50;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function presentTrigger(record: TriggerRecord): Trigger {
  return {
    id: record.id,
    name: record.name,
    enabled: record.enabled,
    dryRun: record.dryRun,
    scope: record.rule.scope,
    window: record.rule.window,
    conditions: record.rule.conditions,
    minClicks: record.rule.minClicks,
    checkEveryMinutes: record.rule.checkEveryMinutes,
    cooldownMinutes: record.rule.cooldownMinutes,
    actions: record.actions.map(presentAction),
    createdAt: iso(record.createdAt) as string,
    updatedAt: iso(record.updatedAt) as string,
    lastCheckedAt: iso(record.lastCheckedAt),
    lastFiredAt: iso(record.lastFiredAt),
    channelError: record.channelError,
  };
}

export async function triggersPlugin(api: FastifyInstance, { ctx, guard }: FeatureOptions): Promise<void> {
  const { now } = ctx.config;
  const triggers = new TriggerStore(ctx.store, ctx.keys.encryption);
  // The entity service the entity routes use, with the same permissions and flow usages.
  const { entities, service } = entityServiceOf(ctx, entityRoutesOptions(ctx));
  const runner = new TriggerRunner({
    store: ctx.store,
    triggers,
    reports: new ReportService(ctx.events, ctx.store, now),
    actions: { ctx, service, entities },
    notify: { outbound: ctx.outbound, key: ctx.keys.encryption },
  });
  const job = scheduleJob(
    ctx.store,
    TRIGGERS_JOB,
    JOB_INTERVAL_MS,
    async () => {
      await runner.runDue(now);
    },
    (error) => ctx.logger.error({ err: error }, 'checking triggers failed'),
  );
  const domainChecks: DomainCheckDeps = {
    store: ctx.store,
    outbound: ctx.outbound,
    clickPath: () => ctx.tracking.engine.settings.paths.click,
    now,
  };
  const domainJob = scheduleJob(
    ctx.store,
    DOMAIN_CHECKS_JOB,
    DOMAIN_CHECKS_INTERVAL_MS,
    async () => {
      await checkDomains(domainChecks);
    },
    (error) => ctx.logger.error({ err: error }, 'checking tracking domains failed'),
  );
  api.addHook('onClose', async () => {
    await Promise.all([job.stop(), domainJob.stop()]);
  });

  const idOf = (request: FastifyRequest): number => {
    const id = Number((request.params as { id: string }).id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, { message: 'No such trigger' });
    return id;
  };
  const existing = async (request: FastifyRequest): Promise<TriggerRecord> => {
    const found = await triggers.find(idOf(request));
    if (!found) throw new HttpError(404, { message: 'No such trigger' });
    return found;
  };
  const noStore = { 'cache-control': 'no-store' };
  const audit = (userId: number, action: string, id: number, details: Record<string, unknown>) =>
    recordAudit(ctx.store, now(), { userId, action, entityKind: 'trigger', entityId: id, details });

  api.get(TRIGGER_PATHS.list, async (request, reply): Promise<TriggerList> => {
    guard.requireAdmin(request);
    reply.headers(noStore);
    return { items: (await triggers.list()).map(presentTrigger) };
  });

  api.post(TRIGGER_PATHS.list, async (request, reply): Promise<Trigger> => {
    const user = guard.requireAdmin(request);
    const input = parseInput(triggerInputSchema, request.body);
    const id = await triggers.create(input, user.id, now());
    await audit(user.id, 'trigger_created', id, {
      name: input.name,
      enabled: input.enabled,
      dryRun: input.dryRun,
    });
    reply.code(201);
    return presentTrigger((await triggers.find(id)) as TriggerRecord);
  });

  api.get(TRIGGER_PATHS.item, async (request, reply): Promise<Trigger> => {
    guard.requireAdmin(request);
    reply.headers(noStore);
    return presentTrigger(await existing(request));
  });

  api.put(TRIGGER_PATHS.item, async (request): Promise<Trigger> => {
    const user = guard.requireAdmin(request);
    const previous = await existing(request);
    const input = parseInput(triggerInputSchema, request.body);
    await triggers.replace(previous, input, now());
    await audit(user.id, 'trigger_updated', previous.id, {
      name: input.name,
      enabled: input.enabled,
      dryRun: input.dryRun,
    });
    return presentTrigger((await triggers.find(previous.id)) as TriggerRecord);
  });

  api.delete(TRIGGER_PATHS.item, async (request) => {
    const user = guard.requireAdmin(request);
    const previous = await existing(request);
    await triggers.remove(previous.id);
    await audit(user.id, 'trigger_deleted', previous.id, { name: previous.name });
    return { ok: true };
  });

  api.post(TRIGGER_PATHS.run, async (request): Promise<TriggerRun> => {
    guard.requireAdmin(request);
    const result = await runner.runNow((await existing(request)).id, now);
    if (result === 'missing') throw new HttpError(404, { message: 'No such trigger' });
    if (result === null)
      throw new HttpError(409, { message: 'Triggers are being checked: try again in a moment' });
    return result;
  });

  api.get(TRIGGER_PATHS.runs, async (request, reply): Promise<TriggerRunList> => {
    guard.requireAdmin(request);
    reply.headers(noStore);
    return { items: await triggers.runs((await existing(request)).id, RUNS_SHOWN) };
  });

  api.post(TRIGGER_PATHS.backtest, async (request): Promise<TriggerBacktest> => {
    guard.requireAdmin(request);
    const trigger = await existing(request);
    const { days } = parseInput(triggerBacktestRequestSchema, request.body);
    return runner.backtest(trigger, days, now());
  });

  api.get(TRIGGER_PATHS.tokenLists, async (request, reply): Promise<TokenListResponse> => {
    guard.requireAdmin(request);
    reply.headers(noStore);
    const query = parseInput(tokenListQuerySchema, request.query);
    const where = ['1 = 1'];
    const params: (string | number)[] = [];
    if (query.name !== undefined) {
      params.push(query.name);
      where.push(`list = $${params.length}`);
    }
    if (query.trafficSourceId !== undefined) {
      params.push(query.trafficSourceId);
      where.push(`traffic_source_id = $${params.length}`);
    }
    const rows = await ctx.store.query<{
      list: string;
      traffic_source_id: number | bigint;
      value: string;
      added_at: number | bigint;
      trigger_id: number | bigint | null;
    }>(
      `SELECT list, traffic_source_id, value, added_at, trigger_id FROM token_lists WHERE ${where.join(' AND ')}
       ORDER BY list, traffic_source_id, value`,
      params,
    );
    return {
      items: rows.map((row) => ({
        list: row.list,
        trafficSourceId: Number(row.traffic_source_id),
        value: row.value,
        addedAt: iso(Number(row.added_at)) as string,
        triggerId: row.trigger_id === null ? null : Number(row.trigger_id),
      })),
    };
  });

  registerDomainCheckRoutes(api, { ctx, guard } as FeatureOptions, domainChecks);

  api.get(TRIGGER_PATHS.attention, async (request, reply): Promise<DomainAttention> => {
    guard.requireAdmin(request);
    reply.headers(noStore);
    const rows = await ctx.store.query<{
      domain_id: number | bigint;
      host: string | null;
      reason: string;
      marked_at: number | bigint;
      trigger_id: number | bigint | null;
    }>(
      `SELECT a.domain_id, d.host, a.reason, a.marked_at, a.trigger_id
       FROM domain_attention a LEFT JOIN domains d ON d.id = a.domain_id ORDER BY a.domain_id`,
    );
    return {
      items: rows.map((row) => ({
        domainId: Number(row.domain_id),
        host: row.host,
        reason: row.reason,
        markedAt: iso(Number(row.marked_at)) as string,
        triggerId: row.trigger_id === null ? null : Number(row.trigger_id),
      })),
    };
  });
}

export function registerDomainCheckRoutes(
  api: FastifyInstance,
  { ctx, guard }: FeatureOptions,
  deps: DomainCheckDeps,
) {
  api.post(TRIGGER_PATHS.domainChecks, async (request): Promise<DomainCheckList> => {
    guard.requireAdmin(request);
    const results = await checkDomains(deps);
    if (results === null)
      throw new HttpError(409, { message: 'Domains are being checked: try again in a moment' });
    return { items: results };
  });

  api.delete(TRIGGER_PATHS.attentionItem, async (request) => {
    const user = guard.requireAdmin(request);
    const id = Number((request.params as { id: string }).id);
    const removed = await ctx.store.execute('DELETE FROM domain_attention WHERE domain_id = $1', [id]);
    if (removed === 0) throw new HttpError(404, { message: 'This domain is not marked' });
    await recordAudit(ctx.store, ctx.config.now(), {
      userId: user.id,
      action: 'domain_attention_cleared',
      entityKind: 'domain',
      entityId: id,
    });
    return { ok: true };
  });
}
