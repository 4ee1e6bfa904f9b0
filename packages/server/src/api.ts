import type { FastifyInstance } from 'fastify';
import { registerAccountRoutes } from './account/routes.ts';
import { registerApiDocRoutes } from './apiDocs/routes.ts';
import { registerApiKeyRoutes } from './apiKeys/routes.ts';
import type { GuardWithHooks } from './auth/guard.ts';
import type { AppContext } from './context.ts';
import { registerConversionApiRoutes } from './conversions/apiRoutes.ts';
import { registerEntityRoutes } from './entities/routes.ts';
import { registerTrackingApiRoutes } from './monitor/routes.ts';
import { installHideProfitFilter } from './permissions/hideProfit.ts';
import { entityRoutesOptions, hidesProfitFor } from './permissions/options.ts';
import { registerReportRoutes } from './reports/routes.ts';
import { registerRetentionRoutes } from './retention/routes.ts';
import { registerStatsSettingsRoutes } from './settings/statsRoutes.ts';
import { registerUrlCustomizationRoutes } from './settings/urlCustomizationRoutes.ts';
import { registerSystemRoutes } from './system/routes.ts';

export interface ApiPluginOptions {
  ctx: AppContext;
  guard: GuardWithHooks;
}

/**
 * The panel's JSON API (`/api/*`, `/updates/*`): sessions, CSRF, licence, hide-profit and every route that
 * needs them. Its hooks are encapsulated here, so the tracking endpoints never pay for them.
 */
export async function apiPlugin(api: FastifyInstance, { ctx, guard }: ApiPluginOptions): Promise<void> {
  api.addHook('onRequest', guard.onRequest);
  api.addHook('onSend', guard.onSend);
  installHideProfitFilter(api, hidesProfitFor(guard));
  registerSystemRoutes(api, ctx, guard);
  registerAccountRoutes(api, ctx, guard);
  registerApiKeyRoutes(api, ctx, guard);
  registerApiDocRoutes(api, ctx);
  registerEntityRoutes(api, ctx, guard, entityRoutesOptions(ctx));
  registerTrackingApiRoutes(api, ctx, guard);
  registerConversionApiRoutes(api, ctx, guard);
  registerReportRoutes(api, ctx, guard);
  registerStatsSettingsRoutes(api, ctx, guard);
  registerUrlCustomizationRoutes(api, ctx, guard);
  registerRetentionRoutes(api, ctx, guard);
}
