import {
  CLICK_API_PATHS,
  type ClickApiSettings,
  type ClickApiTokenResponse,
  TRACKING_PATHS,
} from '@cairn/contract';
import { recordAudit } from '../audit.ts';
import type { FeaturePlugin } from '../feature.ts';
import { SETTINGS_CHANGE } from '../tracking/runtime.ts';
import { createClickApiToken, readClickApiToken, removeClickApiToken } from './token.ts';

// Settings > Click API, for admins: make a token (shown once; the one before stops working) or turn the
// API off. Each change is audit-logged and announced, so every node's endpoint reads it again.

export const clickApiPlugin: FeaturePlugin = async (api, { ctx, guard }) => {
  const settingsNow = async (): Promise<ClickApiSettings> => {
    const createdAt = (await readClickApiToken(ctx.store))?.createdAt ?? null;
    return { enabled: createdAt !== null, createdAt, path: TRACKING_PATHS.clickApi };
  };

  api.get(CLICK_API_PATHS.settings, async (request): Promise<ClickApiSettings> => {
    guard.requireAdmin(request);
    return settingsNow();
  });

  api.post(CLICK_API_PATHS.token, async (request): Promise<ClickApiTokenResponse> => {
    const user = guard.requireAdmin(request);
    const made = await ctx.store.transaction(async (tx) => {
      const token = await createClickApiToken(tx, ctx.config.now());
      await recordAudit(tx, ctx.config.now(), { userId: user.id, action: 'click_api_token_created' });
      return token;
    });
    await ctx.changes.emit(SETTINGS_CHANGE, 0);
    return { enabled: true, createdAt: made.createdAt, path: TRACKING_PATHS.clickApi, token: made.token };
  });

  api.delete(CLICK_API_PATHS.token, async (request): Promise<ClickApiSettings> => {
    const user = guard.requireAdmin(request);
    await ctx.store.transaction(async (tx) => {
      await removeClickApiToken(tx);
      await recordAudit(tx, ctx.config.now(), { userId: user.id, action: 'click_api_turned_off' });
    });
    await ctx.changes.emit(SETTINGS_CHANGE, 0);
    return settingsNow();
  });
};
