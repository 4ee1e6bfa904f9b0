import { EVENT_COLUMNS } from '../events/columns.ts';
import { EVENT_KIND, type TrackingEvent } from '../events/event.ts';
import { decoderFor } from '../events/journalCodec.ts';
import type { DuckDbEventStore } from '../store/events/duckdb.ts';
import { JOURNAL_LINE } from '../store/events/duckdbValues.ts';
import type { EventStore } from '../store/events/port.ts';
import { CopyMismatchError, NonEmptyTargetError } from './copyConfig.ts';

// Copies the embedded event store (events.duckdb) into ClickHouse through the event-store port: pages
// of the source in storage order, each one store append. DuckDB writes each row as one journal line (a
// JSON array, see journalCodec.ts) on its own threads: turning 50 columns into JS values one by one
// cost five times the time of one string per row and JSON.parse. Into an empty target the appends are plain
// inserts; into one that already holds events (a second run, say) every page goes with a mark of its
// own, which makes the ClickHouse adapter insert only the events whose id it lacks, so nothing is
// counted twice in reports, whatever ReplacingMergeTree has merged yet.

export interface EventCount {
  kind: string;
  source: number;
  target: number;
}

export interface EventCopy {
  counts: EventCount[];
  /** Events the target held before the copy. */
  before: number;
  /** Journal marks carried over (how far each node's journal was stored). */
  marks: number;
}

const KIND_NAMES: Record<number, string> = {
  [EVENT_KIND.click]: 'clicks',
  [EVENT_KIND.lpClick]: 'lander clicks',
  [EVENT_KIND.conversion]: 'conversion events',
  [EVENT_KIND.costChange]: 'cost changes',
};

/** The journal source of the marks a re-run writes; it names no node, so no node's journal is affected. */
export const COPY_MARK_SOURCE = 'cairn-migrate-store';
const PAGE_EVENTS = 50_000;

const decodeLine = decoderFor(EVENT_COLUMNS.map((column) => column.name));

/** Events the target holds, or NonEmptyTargetError when it holds some and that was not allowed. */
export async function checkEventTarget(target: EventStore, allowNonEmpty: boolean): Promise<number> {
  const rows = await target.query<{ n: number | string }>('SELECT count() AS n FROM events');
  const held = Number(rows[0]?.n ?? 0);
  if (held > 0 && !allowNonEmpty) {
    throw new NonEmptyTargetError(
      `The target event store already holds ${held} events. Give --allow-non-empty to add this ` +
        "installation's events to them (events it already holds are not stored twice).",
    );
  }
  return held;
}

async function countsByKind(store: EventStore, text: string): Promise<Map<number, number>> {
  const rows = await store.query<{ kind: number; n: number | string | bigint }>(text);
  return new Map(rows.map((row) => [Number(row.kind), Number(row.n)]));
}

export interface CopyEventsOptions {
  /** What checkEventTarget returned. */
  before: number;
  onProgress?: (copied: number, total: number) => void;
  pageEvents?: number;
}

export async function copyEvents(
  source: DuckDbEventStore,
  target: EventStore,
  options: CopyEventsOptions,
): Promise<EventCopy> {
  const bounds = await source.query<{ total: number; last: number | null }>(
    'SELECT count(*) AS total, max(rowid) AS last FROM events',
  );
  const total = Number(bounds[0]?.total ?? 0);
  const last = bounds[0]?.last === null || bounds[0]?.last === undefined ? -1 : Number(bounds[0].last);
  const pageEvents = options.pageEvents ?? PAGE_EVENTS;
  // rowid ranges: the source is locked against writers, so they are stable for the whole copy.
  const page = async (from: number): Promise<TrackingEvent[]> => {
    const rows = await source.query<{ line: string }>(
      `SELECT ${JOURNAL_LINE} AS line FROM events WHERE rowid BETWEEN ${from} AND ${from + pageEvents - 1}`,
    );
    return rows.map((row) => {
      const event = decodeLine(row.line);
      if (!event)
        throw new CopyMismatchError(`An event of the source does not read back: ${row.line.slice(0, 200)}`);
      return event;
    });
  };
  let copied = 0;
  let position = 0;
  let next = last >= 0 ? page(0) : null;
  for (let from = 0; next; from += pageEvents) {
    const events = await next;
    // The next page is read while this one is sent.
    next = from + pageEvents <= last ? page(from + pageEvents) : null;
    if (events.length === 0) continue;
    if (options.before === 0) await target.append(events);
    else {
      position += 1;
      await target.append(events, { source: COPY_MARK_SOURCE, position });
    }
    copied += events.length;
    options.onProgress?.(copied, total);
  }
  if (copied !== total) {
    throw new CopyMismatchError(`Read ${copied} of the ${total} events of the source; run again.`);
  }

  const marks = await source.query<{ source: string; position: number }>(
    'SELECT source, position FROM journal_marks ORDER BY source',
  );
  for (const mark of marks) {
    const position = Number(mark.position);
    if ((await target.flushedPosition(mark.source)) < position) {
      await target.append([], { source: mark.source, position });
    }
  }

  const inSource = await countsByKind(source, 'SELECT kind, count(*) AS n FROM events GROUP BY kind');
  // FINAL: each event once, however many copies ReplacingMergeTree has not folded yet.
  const inTarget = await countsByKind(target, 'SELECT kind, count() AS n FROM events FINAL GROUP BY kind');
  const counts = Object.entries(KIND_NAMES).map(([kind, name]) => ({
    kind: name,
    source: inSource.get(Number(kind)) ?? 0,
    target: inTarget.get(Number(kind)) ?? 0,
  }));
  // Events the target held before may be other events (a node that ran on it): then it holds at least.
  const wrong = counts.filter((count) =>
    options.before === 0 ? count.target !== count.source : count.target < count.source,
  );
  if (wrong.length > 0) {
    throw new CopyMismatchError(
      `Event counts differ after the copy (${wrong.map((c) => `${c.kind}: ${c.source} in the source, ${c.target} in the target`).join('; ')}). ` +
        'Run again with --allow-non-empty: events already copied are not stored twice.',
    );
  }
  return { counts, before: options.before, marks: marks.length };
}
