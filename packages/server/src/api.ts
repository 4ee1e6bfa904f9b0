import type { FastifyInstance } from 'fastify';
import { accountPlugin } from './account/routes.ts';
import { apiDocsPlugin } from './apiDocs/routes.ts';
import { apiKeysPlugin } from './apiKeys/routes.ts';
import type { GuardWithHooks } from './auth/guard.ts';
import { backupPlugin } from './backup/routes.ts';
import { betaPlugin } from './beta/routes.ts';
import { configBundlePlugin } from './bundle/routes.ts';
import { clickApiPlugin } from './clickApi/routes.ts';
import type { AppContext } from './context.ts';
import { conversionsPlugin } from './conversions/apiRoutes.ts';
import { costSyncPlugin } from './costSync/routes.ts';
import { costsPlugin } from './costs/routes.ts';
import { diagnosticsPlugin } from './diagnostics/routes.ts';
import { registerEntityRoutes } from './entities/routes.ts';
import { eventExportPlugin } from './eventExport/routes.ts';
import type { FeatureOptions, FeaturePlugin } from './feature.ts';
import { integrationsPlugin } from './integrations/routes.ts';
import { landerFilesPlugin } from './landerFiles/routes.ts';
import { monitorPlugin } from './monitor/routes.ts';
import { installHideProfitFilter } from './permissions/hideProfit.ts';
import { entityRoutesOptions, hidesProfitFor, readAccess } from './permissions/options.ts';
import { reportsPlugin } from './reports/routes.ts';
import { reportValuesPlugin } from './reportValues/routes.ts';
import { retentionPlugin } from './retention/routes.ts';
import { savedReportsPlugin } from './savedReports/routes.ts';
import { settingsPlugin } from './settings/plugin.ts';
import { splitTestsPlugin } from './splitTests/routes.ts';
import { systemPlugin } from './system/routes.ts';
import { tlsPlugin } from './tls/routes.ts';
import { triggersPlugin } from './triggers/routes.ts';

export interface ApiPluginOptions {
  ctx: AppContext;
  guard: GuardWithHooks;
}

/** Each feature of the panel's API, one plugin apiece, in the order their routes are registered. */
const FEATURES: readonly FeaturePlugin[] = [
  systemPlugin,
  accountPlugin,
  apiKeysPlugin,
  apiDocsPlugin,
  monitorPlugin,
  clickApiPlugin,
  conversionsPlugin,
  costsPlugin,
  reportsPlugin,
  reportValuesPlugin,
  splitTestsPlugin,
  settingsPlugin,
  retentionPlugin,
  tlsPlugin,
  backupPlugin,
  eventExportPlugin,
  configBundlePlugin,
  landerFilesPlugin,
  diagnosticsPlugin,
  betaPlugin,
  triggersPlugin,
  integrationsPlugin,
  costSyncPlugin,
  savedReportsPlugin,
];

/**
 * The panel's JSON API (`/api/*`, `/updates/*`): sessions, CSRF, licence, hide-profit and every route that
 * needs them. Its hooks are encapsulated here, so the tracking endpoints never pay for them; the feature
 * plugins registered inside inherit them.
 */
export async function apiPlugin(api: FastifyInstance, { ctx, guard }: ApiPluginOptions): Promise<void> {
  api.addHook('onRequest', guard.onRequest);
  api.addHook('onSend', guard.onSend);
  installHideProfitFilter(api, hidesProfitFor(guard));
  // The access policy is built once: entity routes, reports and the conversion log all decide by it.
  const entities = entityRoutesOptions(ctx);
  const options: FeatureOptions = { ctx, guard, reads: readAccess(ctx.store, entities.access) };
  await api.register(async (scope) => registerEntityRoutes(scope, ctx, guard, entities));
  for (const feature of FEATURES) await api.register(feature, options);
}
