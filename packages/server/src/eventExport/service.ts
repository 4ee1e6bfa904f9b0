import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { EVENT_EXPORT_MAX_DAYS, type EventExportQuery, eventExportFileName } from '@cairn/contract';
import { EVENT_KIND } from '../events/event.ts';
import { validationError } from '../http.ts';
import { offsetSegments, resolveRange } from '../reports/timeRange.ts';
import { readPostbackProcessing } from '../settings/readers.ts';
import { readStatsSettings } from '../settings/stats.ts';
import type { Sql } from '../store/config/port.ts';
import type { EventExportSpec, EventStore } from '../store/events/port.ts';

// Raw events out. The store writes the file with its own writer (store/events/exportSql.ts); this turns
// the request (dates in a zone, a kind) into the store's spec and hands the file on as a stream.

const DAY_MS = 86_400_000;

const KINDS: Record<EventExportQuery['kind'], number[]> = {
  all: [
    EVENT_KIND.click,
    EVENT_KIND.lpClick,
    EVENT_KIND.conversion,
    EVENT_KIND.costChange,
    EVENT_KIND.customEvent,
  ],
  clicks: [EVENT_KIND.click],
  conversions: [EVENT_KIND.conversion],
};

/** The store's spec of a request; 400 with the field for a range that is backwards or too long. */
export async function exportSpec(config: Sql, query: EventExportQuery): Promise<EventExportSpec> {
  const zone = query.zone === 'UTC' ? 'UTC' : (await readStatsSettings(config)).timezone;
  const { from, to } = resolveRange({ preset: 'custom', from: query.from, to: query.to }, zone, 0);
  if (from === null || to === null)
    throw validationError([{ message: 'Required', detail: { field: 'from' } }]);
  if (to - from > EVENT_EXPORT_MAX_DAYS * DAY_MS) {
    throw validationError([
      {
        message: `The range may span at most ${EVENT_EXPORT_MAX_DAYS} days; export longer ones in parts`,
        detail: { field: 'to' },
      },
    ]);
  }
  return {
    format: query.format,
    kinds: KINDS[query.kind],
    from,
    to,
    offsets: zone === 'UTC' ? [] : offsetSegments(zone, from, to),
    eventNames: (await readPostbackProcessing(config)).eventNames,
  };
}

/** The file name a download of `query` is offered under. */
export function exportFileName(query: EventExportQuery, raw: { from: string; to: string }): string {
  return eventExportFileName({ from: raw.from, to: raw.to, kind: query.kind, format: query.format });
}

export interface ExportedFile {
  stream: Readable;
  size: number;
}

/**
 * Has the store write the export into `dir` (the data dir's tmp/, on the disk that holds the events), then
 * streams it; the file is removed once the stream ends or is abandoned (a download cancelled). DuckDB's
 * COPY writes only to a file, and a finished file has a length, which the panel's progress bar shows.
 */
export async function exportToStream(
  events: EventStore,
  spec: EventExportSpec,
  dir: string,
): Promise<ExportedFile> {
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `events-export-${crypto.randomBytes(8).toString('hex')}.${spec.format}`);
  try {
    await events.exportEvents(spec, file);
    const { size } = await fsp.stat(file);
    const stream = fs.createReadStream(file);
    // Unlinked as soon as it is open: the open stream keeps reading it, and nothing is left behind by a
    // process that stops mid-download.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    await fsp.rm(file, { force: true });
    return { stream, size };
  } catch (error) {
    await fsp.rm(file, { force: true });
    throw error;
  }
}
