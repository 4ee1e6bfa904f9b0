import type { FastifyInstance } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { registerLpProtectRoutes } from './lpProtectRoutes.ts';
import { registerStatsSettingsRoutes } from './statsRoutes.ts';
import { registerUrlCustomizationRoutes } from './urlCustomizationRoutes.ts';

/**
 * The installation's settings pages that are not a feature's own: stats (zone, currency), URL names and
 * LP protect.
 */
export async function settingsPlugin(api: FastifyInstance, { ctx, guard }: FeatureOptions): Promise<void> {
  registerStatsSettingsRoutes(api, ctx, guard);
  registerUrlCustomizationRoutes(api, ctx, guard);
  registerLpProtectRoutes(api, ctx, guard);
}
