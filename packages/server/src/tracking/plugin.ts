import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export interface TrackingPluginOptions {
  ctx: AppContext;
}

/**
 * The public tracking endpoints (click, lander click, postback). No session, CSRF or hide-profit hook
 * reaches this plugin: its routes answer hostile traffic on the hot path and must stay lean.
 */
export async function trackingPlugin(
  _tracking: FastifyInstance,
  _options: TrackingPluginOptions,
): Promise<void> {}
