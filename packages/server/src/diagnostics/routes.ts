import os from 'node:os';
import { DIAGNOSTICS_PATH, type Diagnostics } from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { FeatureOptions } from '../feature.ts';
import { nodeFigures } from '../monitor/nodeFigures.ts';
import { maskText, maskValue } from './mask.ts';

// Settings > Feedback's diagnostics bundle: what a maintainer asks for first about a bug report, put
// together on request for an admin to download and attach. The server sends it nowhere.

/** The resolved settings as shown: functions and streams (a clock, the log destination) are no settings. */
function shownConfig(config: AppContext['config']): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(config)) {
    if (typeof value === 'function' || (typeof value === 'object' && value !== null && 'write' in value))
      continue;
    shown[name] = maskValue(name, value);
  }
  return shown;
}

/** The CAIRN_* environment: it names the event store (CAIRN_EVENTS_DB), which the settings above do not. */
function shownEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('CAIRN_'))
    .sort()) {
    shown[name] = String(maskValue(name, env[name] ?? ''));
  }
  return shown;
}

export function diagnostics(ctx: AppContext, env: NodeJS.ProcessEnv = process.env): Diagnostics {
  const now = ctx.config.now();
  return {
    generatedAt: new Date(now).toISOString(),
    version: ctx.version,
    schemaVersion: ctx.schemaVersion,
    runtime: {
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      osRelease: os.release(),
      cpus: os.availableParallelism(),
      memoryTotalBytes: os.totalmem(),
      osUptimeSeconds: Math.round(os.uptime()),
      processUptimeSeconds: Math.round(process.uptime()),
      rssBytes: process.memoryUsage.rss(),
    },
    stores: { config: ctx.store.dialect, events: ctx.events.dialect },
    node: { id: ctx.tracking.nodeId, ...nodeFigures(ctx.tracking, now) },
    config: shownConfig(ctx.config),
    environment: shownEnvironment(env),
    recentErrors: ctx.recentErrors.list().map((entry) => ({
      ...entry,
      message: maskText(entry.message),
      ...(entry.error === undefined ? {} : { error: maskText(entry.error) }),
    })),
  };
}

export async function diagnosticsPlugin(api: FastifyInstance, { ctx, guard }: FeatureOptions): Promise<void> {
  api.get(DIAGNOSTICS_PATH, async (request): Promise<Diagnostics> => {
    guard.requireAdmin(request);
    return diagnostics(ctx);
  });
}
