import { BETA_PATH, type BetaSettings, betaSettingsSchema } from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit.ts';
import type { FeatureOptions } from '../feature.ts';
import { parseInput } from '../http.ts';
import { SETTING_BETA_FEATURES } from '../settings/keys.ts';
import { setSetting } from '../settings/store.ts';
import { SETTINGS_CHANGE } from '../tracking/runtime.ts';
import { readBetaSettings } from './flags.ts';

// Settings > Beta: everyone signed in reads the switches (the panel shows a beta feature's controls by
// them); only admins change them, audit-logged, and every node follows on the settings change signal.

export async function betaPlugin(api: FastifyInstance, { ctx, guard }: FeatureOptions): Promise<void> {
  api.get(BETA_PATH, async (request): Promise<BetaSettings> => {
    guard.requireUser(request);
    return ctx.beta.current();
  });

  api.put(BETA_PATH, async (request): Promise<BetaSettings> => {
    const user = guard.requireAdmin(request);
    const settings = parseInput(betaSettingsSchema, request.body);
    const before = await readBetaSettings(ctx.store);
    await ctx.store.transaction(async (tx) => {
      await setSetting(tx, SETTING_BETA_FEATURES, JSON.stringify(settings));
      await recordAudit(tx, ctx.config.now(), {
        userId: user.id,
        action: 'beta_features_changed',
        details: { before, after: settings },
      });
    });
    // Resolves once this node's flags are read again, so the answer and the next request agree.
    await ctx.changes.emit(SETTINGS_CHANGE, 0);
    return ctx.beta.current();
  });
}
