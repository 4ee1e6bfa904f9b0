import fs from 'node:fs';
import path from 'node:path';
import { announceResync } from '../cluster/changes.ts';
import { type CairnOptions, resolveConfig } from '../config.ts';
import { masterKeyCheck, openData, openPostgresConfigStore, StoreOpenError } from '../runtime.ts';
import { SETTING_MASTER_KEY_CHECK } from '../settings/keys.ts';
import { databasePath } from '../store/config/backups.ts';
import type { DuckDbConfigStore } from '../store/config/duckdb.ts';
import type { PostgresConfigStore } from '../store/config/postgres.ts';
import { DuckDbEventStore } from '../store/events/duckdb.ts';
import type { EventStore } from '../store/events/port.ts';
import { type ClearedCount, copyCleared } from './copyCleared.ts';
import { copyConfig, NonEmptyTargetError, prepareConfigTarget, type TableCount } from './copyConfig.ts';
import { checkEventTarget, copyEvents, type EventCopy } from './copyEvents.ts';

// `cairn migrate-store --to-config postgres://... --to-events http://...`: moves an embedded installation
// (its data directory) into the scale-out stores. The data-dir lock keeps a server off the source for
// the whole copy; both targets are checked before either is written, so a refusal changes nothing.

export interface MigrateStoreFlags {
  'to-config'?: string;
  'to-events'?: string;
  'allow-non-empty'?: boolean;
}

/** A refusal the operator can act on; the CLI prints its message. */
export class MigrateStoreError extends Error {}

function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the given URL';
  }
}

const JOURNAL_SEGMENT = /^(\d{12})\.jsonl$/;

/**
 * Events the embedded server answered but had not yet stored wait in <data dir>/journal: a copy now
 * would leave them behind, so they must be stored first.
 */
async function refuseUnstoredJournal(dataDir: string, events: EventStore | null): Promise<void> {
  const dir = path.join(dataDir, 'journal');
  let files: string[];
  try {
    files = fs.readdirSync(dir);
  } catch {
    return;
  }
  let nodeId = '';
  try {
    nodeId = fs.readFileSync(path.join(dataDir, 'node-id'), 'utf8').trim();
  } catch {
    // No node ever ran here.
  }
  const stored = events && nodeId ? await events.flushedPosition(nodeId) : -1;
  for (const file of files) {
    const match = JOURNAL_SEGMENT.exec(file);
    if (!match || Number(match[1]) <= stored) continue;
    // The first line is the segment's header; any other line is an event.
    const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean);
    if (lines.length > 1) {
      throw new MigrateStoreError(
        `The click journal (${dir}) holds events not yet in events.duckdb (left by a server that did not ` +
          'stop cleanly). Start Cairn once on this data directory and stop it, which stores them; then run again.',
      );
    }
  }
}

/** The value of `check`, or 0 with its message noted when it refused a non-empty target. */
async function collectRefusal(check: Promise<number>, refusals: string[]): Promise<number> {
  try {
    return await check;
  } catch (error) {
    if (!(error instanceof NonEmptyTargetError)) throw error;
    refusals.push(error.message);
    return 0;
  }
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, index) => Math.max(...rows.map((row) => row[index]?.length ?? 0))) ?? [];
  return rows.map(
    (row) =>
      `  ${row.map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0))).join('  ')}`,
  );
}

const number = (value: number) => value.toLocaleString('en-US');

export async function migrateStoreCommand(
  options: CairnOptions,
  flags: MigrateStoreFlags,
  out: (line: string) => void,
): Promise<void> {
  const configUrl = flags['to-config'];
  const eventsUrl = flags['to-events'];
  if (!configUrl && !eventsUrl) {
    throw new MigrateStoreError(
      'Give --to-config postgres://... and/or --to-events http(s)://... (the stores to copy into).',
    );
  }
  if (configUrl && !/^postgres(ql)?:\/\/./i.test(configUrl)) {
    throw new MigrateStoreError(
      '--to-config takes a PostgreSQL URL: postgres://user:password@host:5432/database',
    );
  }
  if (eventsUrl && !/^https?:\/\/./i.test(eventsUrl)) {
    throw new MigrateStoreError(
      '--to-events takes a ClickHouse URL: http(s)://[user:password@]host:8123[/database]',
    );
  }
  const allowNonEmpty = flags['allow-non-empty'] === true;
  // The source is this data dir's embedded store, whatever CAIRN_CONFIG_DB says (it may name the target).
  const config = resolveConfig({ ...options, configDb: null });
  if (!fs.existsSync(databasePath(config.dataDir))) {
    throw new MigrateStoreError(
      `No embedded installation in ${config.dataDir} (no ${path.basename(databasePath(config.dataDir))}): give its --data-dir.`,
    );
  }

  const data = await openData(config, 'cairn migrate-store');
  let sourceEvents: DuckDbEventStore | null = null;
  let configTarget: PostgresConfigStore | null = null;
  let eventsTarget: EventStore | null = null;
  try {
    if (data.migration.applied.length > 0) {
      out(
        `Brought the embedded database from schema version ${data.migration.from} to ${data.migration.to} first (backed up).`,
      );
    }
    const eventsFile = path.join(config.dataDir, 'events.duckdb');
    if (eventsUrl || fs.existsSync(eventsFile)) {
      try {
        sourceEvents = await DuckDbEventStore.open(eventsFile);
      } catch (error) {
        throw new StoreOpenError(eventsFile, error, 'Restore events.duckdb from your own copy first.');
      }
    }
    await refuseUnstoredJournal(config.dataDir, sourceEvents);

    // Both targets are opened and checked before anything is written to either.
    const refusals: string[] = [];
    let schema = 0;
    if (configUrl) {
      configTarget = await openPostgresConfigStore(configUrl);
      schema = await collectRefusal(
        prepareConfigTarget(data.store as DuckDbConfigStore, configTarget, allowNonEmpty),
        refusals,
      );
    }
    let eventsBefore = 0;
    if (eventsUrl && sourceEvents) {
      const { ClickHouseEventStore } = await import('../store/events/clickhouse.ts');
      eventsTarget = await ClickHouseEventStore.open({ url: eventsUrl });
      eventsBefore = await collectRefusal(checkEventTarget(eventsTarget, allowNonEmpty), refusals);
    }
    if (refusals.length > 0) throw new NonEmptyTargetError(`${refusals.join('\n')}\nNothing was copied.`);

    if (configTarget && configUrl) {
      const counts = await copyConfig(data.store as DuckDbConfigStore, configTarget, {
        replace: allowNonEmpty,
        extraSettings: { [SETTING_MASTER_KEY_CHECK]: masterKeyCheck(data.keys) },
      });
      // Nodes already running on the target (a re-run) reload what they follow.
      await announceResync(configTarget);
      printConfig(out, redacted(configUrl), schema, counts);
    }
    if (eventsTarget && sourceEvents && eventsUrl) {
      out(`Copying events into ${redacted(eventsUrl)} ...`);
      let reported = 0;
      const copy = await copyEvents(sourceEvents, eventsTarget, {
        before: eventsBefore,
        onProgress: (copied, total) => {
          if (copied - reported >= 1_000_000 || copied === total) {
            reported = copied;
            out(`  ${number(copied)} of ${number(total)} events`);
          }
        },
      });
      const cleared = await copyCleared(sourceEvents, eventsUrl, eventsBefore > 0);
      printEvents(out, copy, cleared);
    }
    printNextSteps(out, {
      dataDir: config.dataDir,
      trackerId: data.trackerId,
      keyFromEnvironment: config.secretKey !== null,
      configUrl,
      eventsUrl,
    });
  } finally {
    await eventsTarget?.close();
    await configTarget?.close();
    await sourceEvents?.close();
    await data.close();
  }
}

function printConfig(out: (line: string) => void, url: string, schema: number, counts: TableCount[]): void {
  out(`Configuration copied into ${url} (schema version ${schema}); rows per table, checked:`);
  for (const line of table([
    ['table', 'embedded', 'PostgreSQL'],
    ...counts.map((count) => [count.table, number(count.source), number(count.target)]),
  ]))
    out(line);
}

function printEvents(out: (line: string) => void, copy: EventCopy, cleared: ClearedCount[]): void {
  out(
    `Events copied${copy.before > 0 ? ` (the target held ${number(copy.before)} before)` : ''}; ` +
      `counts per kind, checked (and ${copy.marks} journal mark${copy.marks === 1 ? '' : 's'}):`,
  );
  for (const line of table([
    ['kind', 'embedded', 'ClickHouse'],
    ...copy.counts.map((count) => [count.kind, number(count.source), number(count.target)]),
    // What auto-clearing kept of the events it removed: summed, and each click for late conversions.
    ...cleared.map((count) => [count.what, number(count.source), number(count.target)]),
  ]))
    out(line);
}

function printNextSteps(
  out: (line: string) => void,
  next: {
    dataDir: string;
    trackerId: string;
    keyFromEnvironment: boolean;
    configUrl: string | undefined;
    eventsUrl: string | undefined;
  },
): void {
  out('');
  if (next.configUrl && next.eventsUrl) out('Start every node (each on a data directory of its own) with:');
  else out(`Start Cairn on ${next.dataDir} with:`);
  if (next.configUrl) out(`  CAIRN_CONFIG_DB=${redacted(next.configUrl)}`);
  if (next.eventsUrl) out(`  CAIRN_EVENTS_DB=${redacted(next.eventsUrl)}`);
  if (next.configUrl) {
    // The key itself is not printed: terminals and CI logs keep what they show.
    out(
      next.keyFromEnvironment
        ? '  CAIRN_SECRET_KEY=the value it has here'
        : `  CAIRN_SECRET_KEY=the contents of ${path.join(next.dataDir, 'secret.key')}`,
    );
    out(
      '  (the key signs sessions and decrypts two-factor secrets; a node with another key refuses to start)',
    );
  }
  const unused = [next.configUrl ? 'cairn.duckdb' : null, next.eventsUrl ? 'events.duckdb' : null].filter(
    Boolean,
  );
  out(
    `The installation keeps its tracker id ${next.trackerId}. From now on ${unused.join(' and ')} ` +
      `${unused.length > 1 ? 'are' : 'is'} no longer used: changes made there would not reach the new stores.`,
  );
}
