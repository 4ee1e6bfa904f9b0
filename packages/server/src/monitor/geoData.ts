import { basename } from 'node:path';
import { GEO_DATA_MAX_AGE_DAYS, type MonitorResponse } from '@cairn/contract';
import { readGeoStamp } from '../geo/update.ts';
import type { DatabaseInfo } from '../tracking/enrich/index.ts';
import { ENRICHMENT_CREDITS, packageDir } from '../tracking/enrich/index.ts';

const DAY_MS = 86_400_000;

/** Where a database in use came from, in the operator's words. */
function originOf(database: DatabaseInfo, stampOrigins: ReadonlyMap<string, string>): string {
  if (database.source === 'package') {
    const credit = ENRICHMENT_CREDITS.find((entry) => database.path.startsWith(packageDir(entry.package)));
    return credit ? `${credit.package}@${credit.version}` : 'shipped with Cairn';
  }
  return stampOrigins.get(basename(database.path)) ?? 'placed in the data directory by hand';
}

/** The monitor's databases with their origin and age, and the warning when some are too old. */
export async function geoDataOf(
  databases: DatabaseInfo[],
  dataDir: string,
  now: number,
): Promise<Pick<MonitorResponse, 'databases' | 'geoDataWarning'>> {
  const stamp = await readGeoStamp(dataDir);
  const origins = new Map((stamp?.files ?? []).map((file) => [file.name, file.origin]));
  const rows = databases.map((database) => ({
    ...database,
    origin: originOf(database, origins),
    ageDays: Math.max(0, Math.floor((now - Date.parse(database.builtAt)) / DAY_MS)),
  }));
  const old = rows.filter((row) => row.ageDays > GEO_DATA_MAX_AGE_DAYS);
  const geoDataWarning =
    old.length === 0
      ? null
      : `Geo data older than ${GEO_DATA_MAX_AGE_DAYS} days: ${old
          .map(
            (row) =>
              `${row.name} built ${row.builtAt.slice(0, 10)} (${row.ageDays} days ago), from ${row.origin}`,
          )
          .join('; ')}. Countries, cities and networks drift as addresses change hands: install newer ` +
        'data with `cairn geo update --from FILE|DIR|URL` (no restart needed).';
  return { databases: rows, geoDataWarning };
}
