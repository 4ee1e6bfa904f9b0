import { publishChange } from '../cluster/changes.ts';
import { type CairnOptions, resolveConfig } from '../config.ts';
import { EntityChanges } from '../entities/changes.ts';
import { openData, openEventStore } from '../runtime.ts';
import { PostgresConfigStore } from '../store/config/postgres.ts';
import { seedEvents } from './seed.ts';

export interface SeedCommandFlags {
  clicks?: string;
  days?: string;
  campaigns?: string;
}

function wholeNumber(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > max) {
    throw new RangeError(`--${name} takes a whole number from 1 to ${max}`);
  }
  return parsed;
}

/** `cairn seed --clicks N --days D [--campaigns C]`: synthetic traffic through the event store's bulk path. */
export async function seedCommand(
  config: CairnOptions,
  flags: SeedCommandFlags,
  out: (line: string) => void,
): Promise<void> {
  const clicks = wholeNumber('clicks', flags.clicks, 10_000, 1_000_000_000);
  const days = wholeNumber('days', flags.days, 7, 3650);
  const campaigns = wholeNumber('campaigns', flags.campaigns, 3, 1000);
  const resolved = resolveConfig(config);
  const data = await openData(resolved, 'cairn seed');
  const events = await openEventStore(resolved);
  // On a shared PostgreSQL the running nodes learn of the new entities as they learn of a panel change, so their
  // routing tables take the seeded campaigns at once. Announced in order, one after the other.
  const changes = new EntityChanges();
  let announced: Promise<void> = Promise.resolve();
  let announceError: unknown = null;
  const shared = data.store instanceof PostgresConfigStore ? data.store : null;
  if (shared) {
    changes.onChange((kind, id) => {
      announced = announced.then(() =>
        publishChange(shared, kind, id).catch((error: unknown) => {
          announceError ??= error;
        }),
      );
    });
  }
  try {
    let reported = 0;
    const result = await seedEvents(data.store, events, {
      clicks,
      days,
      campaigns,
      now: resolved.now(),
      changes,
      onProgress: (written) => {
        if (written - reported >= 1_000_000 || written === clicks) {
          reported = written;
          out(`  ${written.toLocaleString('en-US')} clicks written`);
        }
      },
    });
    const size = await events.sizeOnDisk();
    const storeName =
      events.dialect === 'clickhouse'
        ? 'ClickHouse'
        : events.clickArchiveStatus
          ? 'events.duckdb and click archive'
          : 'events.duckdb';
    out(
      `Seeded ${result.clicks} clicks, ${result.lpClicks} lander clicks and ${result.conversions} conversions ` +
        `over ${days} days into ${result.campaigns.length} new campaigns in ${(result.elapsedMs / 1000).toFixed(1)} s ` +
        `(${Math.round(result.clicks / Math.max(result.elapsedMs / 1000, 0.001))} clicks/s; ${storeName} ${(size / 1e6).toFixed(1)} MB, ` +
        `${(size / result.clicks).toFixed(1)} bytes per click).`,
    );
    await announced;
    if (announceError) throw announceError;
    if (shared) out('The running nodes were told of the new campaigns.');
  } finally {
    await announced;
    await events.close();
    await data.close();
  }
}
