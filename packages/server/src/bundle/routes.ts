import {
  BUNDLE_KINDS,
  CONFIG_BUNDLE_MAX_BYTES,
  CONFIG_BUNDLE_PATHS,
  type ConfigBundle,
  type ConfigImportResponse,
  configExportQuerySchema,
  configExportWithSecretsSchema,
  configImportQuerySchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { entityServiceOf } from '../entities/routes.ts';
import type { FeatureOptions } from '../feature.ts';
import { parseInput } from '../http.ts';
import { entityRoutesOptions } from '../permissions/options.ts';
import { SETTINGS_CHANGE } from '../tracking/runtime.ts';
import { exportBundle } from './export.ts';
import { importBundle } from './import.ts';

/** The configuration bundle for admins (Settings > Import/Export): one JSON document out, and back in. */
export async function configBundlePlugin(
  api: FastifyInstance,
  { ctx, guard }: FeatureOptions,
): Promise<void> {
  const { entities, service } = entityServiceOf(ctx, entityRoutesOptions(ctx));

  api.get(CONFIG_BUNDLE_PATHS.export, async (request): Promise<ConfigBundle> => {
    const user = guard.requireAdmin(request);
    const { kinds } = parseInput(configExportQuerySchema, request.query);
    const bundle = await exportBundle(ctx.store, entities, ctx.config.now(), kinds);
    await guard.audit(user.id, 'config_exported', { kinds: kinds ?? ['all'] });
    return bundle;
  });

  // A POST so the passphrase travels in the body, never in a URL that proxies and logs keep.
  api.post(CONFIG_BUNDLE_PATHS.export, async (request): Promise<ConfigBundle> => {
    const user = guard.requireAdmin(request);
    const { kinds, passphrase } = parseInput(configExportWithSecretsSchema, request.body);
    const bundle = await exportBundle(ctx.store, entities, ctx.config.now(), kinds, {
      passphrase,
      encryptionKey: ctx.keys.encryption,
    });
    await guard.audit(user.id, 'config_exported', { kinds: kinds ?? ['all'], secrets: true });
    return bundle;
  });

  api.post(
    CONFIG_BUNDLE_PATHS.import,
    { bodyLimit: CONFIG_BUNDLE_MAX_BYTES },
    async (request): Promise<ConfigImportResponse> => {
      const user = guard.requireAdmin(request);
      const query = parseInput(configImportQuerySchema, request.query);
      const outcome = await importBundle(
        { store: ctx.store, entities, service, now: ctx.config.now, encryptionKey: ctx.keys.encryption },
        user,
        request.body,
        query,
      );
      // Announced after the commit, kinds in the order they refer to each other, so the routing table
      // never holds a campaign whose offers it has not yet read.
      for (const kind of BUNDLE_KINDS) await service.announce(kind, outcome.written.get(kind) ?? []);
      if (outcome.settingsChanged) await ctx.changes.emit(SETTINGS_CHANGE, 0);
      return outcome.response;
    },
  );
}
