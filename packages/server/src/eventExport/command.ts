import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { EVENT_EXPORT_PATHS, type EventExportQuery, eventExportQuerySchema } from '@cairn/contract';
import { readControlFile } from '../backup/routes.ts';
import { type CairnOptions, resolveConfig } from '../config.ts';
import { HttpError } from '../http.ts';
import { DataDirLockedError } from '../lock.ts';
import { openData, openEventStore } from '../runtime.ts';
import { exportSpec } from './service.ts';

// `cairn export events`. DuckDB admits one process to a database file, and a running server holds the
// data dir's lock and both databases, so while one runs the command asks it (as `cairn backup` does)
// over HTTP on this machine with the control token; the server writes the file with the store's writer
// and streams it here. With none running, the command holds the lock and has the store write the file itself.

export class EventExportCommandError extends Error {}

export interface ExportEventsFlags {
  from?: string;
  to?: string;
  format?: string;
  kind?: string;
  zone?: string;
  out?: string;
}

type Out = (line: string) => void;

const KIND_OF_FLAG: Record<string, EventExportQuery['kind']> = {
  clicks: 'clicks',
  conversions: 'conversions',
};

/** The query the flags ask for, as the API would take it; a UsageError-style message naming each bad flag. */
export function exportQueryOf(flags: ExportEventsFlags): { query: EventExportQuery; raw: URLSearchParams } {
  if (!flags.from || !flags.to || !flags.out) {
    throw new EventExportCommandError(
      'cairn export events needs --from, --to and --out (see cairn export events --help)',
    );
  }
  if (flags.kind !== undefined && !(flags.kind in KIND_OF_FLAG)) {
    throw new EventExportCommandError('--kind must be clicks or conversions (leave it out for both)');
  }
  const raw = new URLSearchParams({
    from: flags.from,
    to: flags.to,
    format: flags.format ?? 'parquet',
    kind: flags.kind ? (KIND_OF_FLAG[flags.kind] ?? 'all') : 'all',
    zone: flags.zone ?? 'tracker',
  });
  const parsed = eventExportQuerySchema.safeParse(Object.fromEntries(raw));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`);
    throw new EventExportCommandError(problems.join('; '));
  }
  return { query: parsed.data, raw };
}

async function askRunningServer(dataDir: string, raw: URLSearchParams, part: string): Promise<void> {
  const control = await readControlFile(dataDir);
  if (!control) {
    throw new EventExportCommandError(
      'A Cairn server runs on this data directory but did not say how to ask it (no control.json: one ' +
        'still starting, or older than this command). Try again, or stop it and run cairn export events.',
    );
  }
  let answer: Response;
  try {
    answer = await fetch(`${control.url}${EVENT_EXPORT_PATHS.eventsLocal}?${raw}`, {
      headers: { authorization: `Bearer ${control.token}` },
    });
  } catch (error) {
    throw new EventExportCommandError(
      `The running Cairn at ${control.url} did not answer: ${(error as Error).message}`,
    );
  }
  if (!answer.ok || !answer.body) {
    const body = (await answer.json().catch(() => ({}))) as { message?: string };
    throw new EventExportCommandError(
      `The running Cairn refused the export (${answer.status}): ${body.message ?? ''}`,
    );
  }
  await pipeline(
    Readable.fromWeb(answer.body as unknown as WebReadableStream<Uint8Array>),
    fs.createWriteStream(part),
  );
}

/** `cairn export events --from --to [--format] [--kind] [--zone] --out FILE`. */
export async function exportEventsCommand(
  config: CairnOptions,
  flags: ExportEventsFlags,
  out: Out,
): Promise<void> {
  const { query, raw } = exportQueryOf(flags);
  const target = path.resolve(flags.out as string);
  // Written beside the target and renamed into place: an interrupted export leaves no half file under its name.
  const part = `${target}.part`;
  const resolved = resolveConfig(config);
  let by: string;
  try {
    let data: Awaited<ReturnType<typeof openData>> | null = null;
    try {
      data = await openData(resolved, 'cairn export events');
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
    }
    if (data) {
      try {
        const spec = await exportSpec(data.store, query).catch((error: unknown) => {
          throw error instanceof HttpError ? new EventExportCommandError(error.message) : error;
        });
        const events = await openEventStore(resolved);
        try {
          await events.exportEvents(spec, part);
        } finally {
          await events.close();
        }
      } finally {
        await data.close();
      }
      by = 'with Cairn stopped';
    } else {
      await askRunningServer(resolved.dataDir, raw, part);
      by = 'by the running server, which kept serving clicks';
    }
    await fsp.rename(part, target);
  } catch (error) {
    await fsp.rm(part, { force: true });
    throw error;
  }
  const { size } = await fsp.stat(target);
  const what = query.kind === 'all' ? 'clicks and conversions' : query.kind;
  out(
    `Exported the ${what} from ${raw.get('from')} to ${raw.get('to')} (${query.zone === 'UTC' ? 'UTC' : "the tracker's zone"}) to ${target}`,
  );
  out(`  ${query.format === 'parquet' ? 'Parquet' : 'CSV'}, ${size} bytes, written ${by}.`);
}
