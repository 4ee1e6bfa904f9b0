import crypto from 'node:crypto';
import path from 'node:path';
import {
  EVENT_EXPORT_PATHS,
  type EventExportQuery,
  eventExportQuerySchema,
  PARQUET_MEDIA_TYPE,
} from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput } from '../http.ts';
import { exportFileName, exportSpec, exportToStream } from './service.ts';

/** Where exports are written before they are streamed: beside the events, on the data dir's disk. */
export function exportDir(dataDir: string): string {
  return path.join(dataDir, 'exports');
}

async function sendExport(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const query: EventExportQuery = parseInput(eventExportQuerySchema, request.query);
  const spec = await exportSpec(ctx.store, query);
  const { stream, size } = await exportToStream(ctx.events, spec, exportDir(ctx.config.dataDir));
  const raw = request.query as { from: string; to: string };
  return reply
    .type(query.format === 'parquet' ? PARQUET_MEDIA_TYPE : 'text/csv; charset=utf-8')
    .headers({
      'cache-control': 'no-store',
      'content-length': String(size),
      'content-disposition': `attachment; filename="${exportFileName(query, raw)}"`,
    })
    .send(stream);
}

/** Raw events out for admins (Settings > Import/Export). */
export async function eventExportPlugin(api: FastifyInstance, { ctx, guard }: FeatureOptions): Promise<void> {
  api.get(EVENT_EXPORT_PATHS.events, async (request, reply) => {
    const user = guard.requireAdmin(request);
    const sent = await sendExport(ctx, request, reply);
    await guard.audit(user.id, 'events_exported', request.query as Record<string, unknown>);
    return sent;
  });
}

/**
 * `cairn export events` while a server runs: DuckDB lets no second process open the events file, so the
 * command asks the server, outside the API's session hooks, with the control token (backup/routes.ts).
 */
export function localEventExportEndpoint(ctx: AppContext) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(EVENT_EXPORT_PATHS.eventsLocal, async (request, reply) => {
      const expected = Buffer.from(ctx.controlToken);
      const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        throw new HttpError(404, { message: 'Not found' });
      }
      return sendExport(ctx, request, reply);
    });
  };
}
