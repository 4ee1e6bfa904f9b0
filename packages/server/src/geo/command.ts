import { type CairnOptions, resolveConfig } from '../config.ts';
import { OutboundGuard } from '../outbound/guard.ts';
import { openPostgresConfigStore } from '../runtime.ts';
import { GeoFileError } from '../tracking/enrich/index.ts';
import { shareGeoFiles } from './shared.ts';
import { type GeoUpdateResult, updateGeoData } from './update.ts';

export { GeoFileError };

/** `cairn geo update --from FILE|DIR|URL [--force]`; throws GeoFileError for data it refuses. */
export async function geoUpdateCommand(
  config: CairnOptions,
  flags: { from?: string; force?: boolean },
  out: (line: string) => void,
): Promise<void> {
  const from = flags.from;
  if (!from)
    throw new GeoFileError('Use: cairn geo update --from FILE|DIR|URL (see cairn geo update --help)');
  const resolved = resolveConfig(config);
  // A URL is called like every other address an operator types in: through the guard, so it cannot reach
  // inside the network unless CAIRN_PRIVATE_DESTINATIONS allows it.
  const guard = new OutboundGuard({ privateDestinations: resolved.privateDestinations });
  const result = await updateGeoData({
    dataDir: resolved.dataDir,
    from,
    guard,
    force: Boolean(flags.force),
    now: resolved.now,
  });
  for (const file of result.installed) {
    out(
      `Installed ${file.target} (${file.kind}, IPv${file.families.join(' and IPv')}, built ${file.builtAt.slice(0, 10)}) ` +
        `from ${file.origin}; it answers ${file.answers.join(', ')}.`,
    );
  }
  for (const name of result.removed) out(`Removed ${name}, which would have answered in its place.`);
  out(
    `The files are in ${resolved.dataDir}/geo/. A Cairn server running on this data directory reloads them ` +
      'within seconds (no restart).',
  );
  if (resolved.configDb) {
    await shareWithNodes(resolved.configDb, result);
    out(
      'Stored in the shared PostgreSQL too: every node copies them into its own data directory and reloads.',
    );
  }
}

async function shareWithNodes(url: string, result: GeoUpdateResult): Promise<void> {
  const store = await openPostgresConfigStore(url);
  try {
    try {
      await store.query('SELECT count(*) AS n FROM geo_files');
    } catch {
      throw new GeoFileError(
        'The files are installed here, but the shared PostgreSQL has no geo_files table yet: start a node of ' +
          'this Cairn version (it brings the schema up to date), then run the update again.',
      );
    }
    await shareGeoFiles(store, result.placed, result.removed);
  } finally {
    await store.close();
  }
}
