import { URL_CUSTOMIZATION_PATH, type UrlCustomization, urlCustomizationSchema } from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit.ts';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../http.ts';
import { SETTINGS_CHANGE } from '../tracking/runtime.ts';
import { SETTING_URL_CUSTOMIZATION } from './keys.ts';
import { readUrlCustomization } from './readers.ts';
import { setSetting } from './store.ts';

// Settings > URL customization: the public endpoints' paths and where a click with nowhere to go is sent.
// Everyone signed in reads them, since the campaign form previews its address on the click path; only
// admins change them.

export function registerUrlCustomizationRoutes(api: FastifyInstance, ctx: AppContext, guard: Guard): void {
  api.get(URL_CUSTOMIZATION_PATH, async (request): Promise<UrlCustomization> => {
    guard.requireUser(request);
    return readUrlCustomization(ctx.store);
  });

  api.put(URL_CUSTOMIZATION_PATH, async (request): Promise<UrlCustomization> => {
    const user = guard.requireAdmin(request);
    const settings = parseInput(urlCustomizationSchema, request.body);
    const before = await readUrlCustomization(ctx.store);
    await ctx.store.transaction(async (tx) => {
      await setSetting(tx, SETTING_URL_CUSTOMIZATION, JSON.stringify(settings));
      await recordAudit(tx, ctx.config.now(), {
        userId: user.id,
        action: 'url_customization_changed',
        details: { before, after: settings },
      });
    });
    // Every node answers the new paths (and sends unroutable clicks to the new fallback) once it returns.
    await ctx.changes.emit(SETTINGS_CHANGE, 0);
    return settings;
  });
}
