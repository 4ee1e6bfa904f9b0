import {
  COST_SYNC_PATHS,
  type CostSyncMapping,
  type CostSyncMappingList,
  type CostSyncResult,
  type CostSyncRunList,
  costSyncMappingInputSchema,
  costSyncRequestSchema,
  type IntegrationPlatform,
  type SourceCampaignList,
  sourceCampaignsQuerySchema,
} from '@cairn/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit.ts';
import { scheduleJob, withJobLock } from '../cluster/jobs.ts';
import { costUpdaterOf } from '../costs/service.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput, validationError } from '../http.ts';
import { IntegrationStore } from '../integrations/store.ts';
import { OutboundRefused } from '../outbound/guard.ts';
import { SpendError } from './adapter.ts';
import { SPEND_ADAPTERS, spendBaseUrl } from './platforms.ts';
import { CostSync } from './service.ts';
import { CostSyncStore, type MappingRecord, presentMapping } from './store.ts';

// Cost sync (admins only): campaigns mapped to a campaign at a traffic source, "sync now", the recent
// syncs, and the source's campaigns for picking one. The scheduled sync (CAIRN_COST_SYNC_INTERVAL_MINUTES)
// and "sync now" share one job name, so one sync runs at a time across the nodes.

export const COST_SYNC_JOB = 'cost-sync';
const RUNS_LISTED = 100;
const noStore = { 'cache-control': 'no-store' };

export async function costSyncPlugin(api: FastifyInstance, { ctx, guard }: FeatureOptions): Promise<void> {
  const { now } = ctx.config;
  const mappings = new CostSyncStore(ctx.store);
  const integrations = new IntegrationStore(ctx.store, ctx.keys.encryption);
  const baseUrlOf = (platform: IntegrationPlatform) => spendBaseUrl(ctx.config, platform);
  const sync = new CostSync({
    ctx,
    updater: costUpdaterOf(ctx, api),
    days: ctx.config.costSyncDays,
    baseUrlOf,
  });

  if (ctx.config.costSyncIntervalMinutes > 0) {
    const job = scheduleJob(
      ctx.store,
      COST_SYNC_JOB,
      ctx.config.costSyncIntervalMinutes * 60_000,
      async () => {
        await sync.run(null);
      },
      (error) => ctx.logger.error({ err: error }, 'cost sync failed'),
    );
    api.addHook('onClose', () => job.stop());
  }

  const idOf = (request: FastifyRequest, what: string): number => {
    const id = Number((request.params as Record<string, string>).id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, { message: `No such ${what}` });
    return id;
  };
  const existing = async (request: FastifyRequest): Promise<MappingRecord> => {
    const found = await mappings.mapping(idOf(request, 'cost sync mapping'));
    if (!found) throw new HttpError(404, { message: 'No such cost sync mapping' });
    return found;
  };
  const platformOf = async (accountId: number): Promise<IntegrationPlatform> =>
    (await integrations.account(accountId))?.platform ?? 'meta';
  const present = async (id: number): Promise<CostSyncMapping> => {
    const record = (await mappings.mapping(id)) as MappingRecord;
    return presentMapping(record, await platformOf(record.accountId));
  };

  /** The input checked against what it names: the campaign, the account, and what its source needs. */
  const checked = async (body: unknown) => {
    const input = parseInput(costSyncMappingInputSchema, body);
    const [campaign] = await ctx.store.query('SELECT id FROM campaigns WHERE id = $1', [input.campaignId]);
    if (!campaign) {
      throw validationError([
        { message: `Campaign ${input.campaignId} not found`, detail: { field: 'campaignId' } },
      ]);
    }
    const account = await integrations.account(input.accountId);
    if (!account) {
      throw validationError([{ message: 'No such integration account', detail: { field: 'accountId' } }]);
    }
    const adapter = SPEND_ADAPTERS[account.platform];
    if (!adapter) {
      throw validationError([
        { message: `${account.platform} has no cost sync`, detail: { field: 'accountId' } },
      ]);
    }
    if (adapter.needsSourceAccount && input.sourceAccountId === '') {
      throw validationError([{ message: 'Give the ad account id', detail: { field: 'sourceAccountId' } }]);
    }
    if (!adapter.reportsZones && input.zoneTokenSlot !== null) {
      throw validationError([
        {
          message: 'This source reports no zones: leave the zone token empty',
          detail: { field: 'zoneTokenSlot' },
        },
      ]);
    }
    return input;
  };
  const audit = (userId: number, action: string, id: number, details: Record<string, unknown>) =>
    recordAudit(ctx.store, now(), { userId, action, entityKind: 'cost_sync_mapping', entityId: id, details });

  api.get(COST_SYNC_PATHS.mappings, async (request, reply): Promise<CostSyncMappingList> => {
    guard.requireAdmin(request);
    reply.headers(noStore);
    const platforms = new Map((await integrations.accounts()).map((one) => [one.id, one.platform]));
    return {
      items: (await mappings.mappings()).map((one) =>
        presentMapping(one, platforms.get(one.accountId) ?? 'meta'),
      ),
    };
  });

  api.post(COST_SYNC_PATHS.mappings, async (request, reply): Promise<CostSyncMapping> => {
    const user = guard.requireAdmin(request);
    const input = await checked(request.body);
    const id = await mappings.create(input, now());
    await audit(user.id, 'cost_sync_mapping_created', id, { ...input });
    reply.code(201);
    return present(id);
  });

  api.put(COST_SYNC_PATHS.mapping, async (request): Promise<CostSyncMapping> => {
    const user = guard.requireAdmin(request);
    const previous = await existing(request);
    const input = await checked(request.body);
    await mappings.update(previous.id, input, now());
    await audit(user.id, 'cost_sync_mapping_updated', previous.id, { ...input });
    return present(previous.id);
  });

  api.delete(COST_SYNC_PATHS.mapping, async (request) => {
    const user = guard.requireAdmin(request);
    const previous = await existing(request);
    await mappings.remove(previous.id);
    await audit(user.id, 'cost_sync_mapping_deleted', previous.id, { campaignId: previous.campaignId });
    return { ok: true };
  });

  api.post(COST_SYNC_PATHS.sync, async (request): Promise<CostSyncResult> => {
    const user = guard.requireAdmin(request);
    const { mappingId } = parseInput(costSyncRequestSchema, request.body ?? {});
    if (mappingId !== null && !(await mappings.mapping(mappingId))) {
      throw new HttpError(404, { message: 'No such cost sync mapping' });
    }
    const locked = await withJobLock(ctx.store, COST_SYNC_JOB, () => sync.run(mappingId));
    if (!locked.ran)
      throw new HttpError(409, { message: 'A cost sync is running already; try again shortly' });
    await recordAudit(ctx.store, now(), {
      userId: user.id,
      action: 'cost_sync_run',
      entityKind: 'cost_sync_mapping',
      entityId: mappingId ?? 0,
      details: { runs: locked.value.map((run) => ({ mappingId: run.mappingId, outcome: run.outcome })) },
    });
    return { runs: locked.value };
  });

  api.get(COST_SYNC_PATHS.runs, async (request, reply): Promise<CostSyncRunList> => {
    guard.requireAdmin(request);
    reply.headers(noStore);
    return { items: await mappings.runs(RUNS_LISTED) };
  });

  api.get(COST_SYNC_PATHS.sourceCampaigns, async (request): Promise<SourceCampaignList> => {
    guard.requireAdmin(request);
    const accountId = idOf(request, 'integration account');
    const { sourceAccountId } = parseInput(sourceCampaignsQuerySchema, request.query);
    const account = await integrations.token(accountId);
    if (!account) throw new HttpError(404, { message: 'No such integration account' });
    const adapter = SPEND_ADAPTERS[account.platform];
    if (!adapter) throw new HttpError(404, { message: `${account.platform} has no cost sync` });
    try {
      await sync.pace(accountId, adapter);
      return {
        items: await adapter.listCampaigns(sync.http(account.platform), account.token, sourceAccountId),
      };
    } catch (error) {
      // The source's refusal is the answer's message, so the panel can show it beside the picker.
      if (error instanceof SpendError) throw new HttpError(502, { message: error.message });
      if (error instanceof OutboundRefused)
        throw new HttpError(502, { message: `refused: ${error.message}` });
      throw error;
    }
  });
}
