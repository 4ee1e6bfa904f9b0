import {
  type ClearSummary,
  clearRequestSchema,
  type ErrorItem,
  RETENTION_PATHS,
  type RetentionSettings,
  retentionSettingsSchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit.ts';
import type { AppContext } from '../context.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput, validationError } from '../http.ts';
import { readRetentionSettings, saveRetentionSettings } from '../settings/retention.ts';
import { readStatsSettings } from '../settings/stats.ts';
import { clearNow, describeClear, type RetentionDeps } from './job.ts';
import { today } from './plan.ts';

// The auto-clearing settings and the manual clear, for admins only: clearing loses the click log and
// the details of the cleared events for good.

/** Field errors for campaign ids that name no campaign. */
async function unknownCampaigns(
  ctx: AppContext,
  ids: readonly number[],
  field: (index: number) => string,
): Promise<ErrorItem[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const rows = await ctx.store.query<{ id: number }>(
    `SELECT id FROM campaigns WHERE id IN (${unique.map((_, index) => `$${index + 1}`).join(', ')})`,
    unique,
  );
  const known = new Set(rows.map((row) => Number(row.id)));
  return ids.flatMap((id, index) =>
    known.has(id) ? [] : [{ message: `No campaign with id ${id}`, detail: { field: field(index) } }],
  );
}

export async function retentionPlugin(api: FastifyInstance, { ctx, guard }: FeatureOptions): Promise<void> {
  const deps: RetentionDeps = { store: ctx.store, events: ctx.events, now: ctx.config.now };

  api.get(RETENTION_PATHS.settings, async (request): Promise<RetentionSettings> => {
    guard.requireAdmin(request);
    return readRetentionSettings(ctx.store);
  });

  api.put(RETENTION_PATHS.settings, async (request): Promise<RetentionSettings> => {
    const user = guard.requireAdmin(request);
    const settings = parseInput(retentionSettingsSchema, request.body);
    const errors = await unknownCampaigns(
      ctx,
      settings.exceptions.map((exception) => exception.campaignId),
      (index) => `exceptions.${index}.campaignId`,
    );
    if (errors.length > 0) throw validationError(errors);
    const before = await readRetentionSettings(ctx.store);
    await ctx.store.transaction(async (tx) => {
      await saveRetentionSettings(tx, settings);
      await recordAudit(tx, ctx.config.now(), {
        userId: user.id,
        action: 'retention_settings_changed',
        details: { before, after: settings },
      });
    });
    return settings;
  });

  /** The clear a request asks for, checked: a known day up to today, known campaigns. */
  const checkedClear = async (body: unknown) => {
    const request = parseInput(clearRequestSchema, body);
    const { timezone } = await readStatsSettings(ctx.store);
    const errors: ErrorItem[] = [];
    if (request.before > today(timezone, ctx.config.now())) {
      errors.push({ message: 'Pick today or an earlier day', detail: { field: 'before' } });
    }
    errors.push(...(await unknownCampaigns(ctx, request.campaignIds, (index) => `campaignIds.${index}`)));
    if (errors.length > 0) throw validationError(errors);
    return { request, ...(await describeClear(deps, request)) };
  };

  api.post(RETENTION_PATHS.preview, async (request): Promise<ClearSummary> => {
    guard.requireAdmin(request);
    const { scope, summary } = await checkedClear(request.body);
    return { ...summary, ...(await ctx.events.countClearable(scope)) };
  });

  api.post(RETENTION_PATHS.clear, async (request): Promise<ClearSummary> => {
    const user = guard.requireAdmin(request);
    const { scope, summary } = await checkedClear(request.body);
    const counts = await clearNow(deps, scope);
    if (counts === null) {
      throw new HttpError(409, { message: 'Clearing is running already; try again once it has finished' });
    }
    const result = { ...summary, ...counts };
    await recordAudit(ctx.store, ctx.config.now(), {
      userId: user.id,
      action: 'raw_events_cleared',
      details: { ...result },
    });
    return result;
  });
}
