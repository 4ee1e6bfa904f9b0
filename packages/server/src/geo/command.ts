import { type CairnOptions, resolveConfig } from '../config.ts';
import { OutboundGuard } from '../outbound/guard.ts';
import { GeoFileError } from '../tracking/enrich/index.ts';
import { updateGeoData } from './update.ts';

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
      'within seconds (no restart); each other node takes the update run on its own data directory.',
  );
}
