import { type Family, type Kind, type Lookup, loadFile } from './databases.ts';
import { parseIpv4, parseIpv6 } from './ip.ts';
import { MmdbFile } from './mmdbFile.ts';
import { asnOfRecord, type GeoFacts, writeGeo } from './records.ts';

// Before a geo database replaces the one in use it must answer as one: open, of the kind it claims, and
// right about addresses whose place and network do not move (Google Public DNS: AS15169, and every
// city database, DB-IP's and MaxMind's alike, puts 8.8.8.8 in the US). A file that fails here never
// reaches a click.

/** What is wrong with a database file, in words for the operator. */
export class GeoFileError extends Error {
  override name = 'GeoFileError';
}

export interface CheckedDatabase {
  /** The name it takes in `<dataDir>/geo/` (one of DATA_DIR_FILES). */
  target: string;
  kind: Kind;
  /** The address families it answers. */
  families: Family[];
  builtAt: string;
  /** The known addresses it answered, as '8.8.8.8 US' or '8.8.8.8 AS15169'. */
  answers: string[];
}

const PROBE: Readonly<Record<Family, string>> = { 4: '8.8.8.8', 6: '2001:4860:4860::8888' };
const PROBE_ASN = 15169;

function wordsOf(address: string): [Uint32Array, 1 | 4] {
  const v4 = parseIpv4(address);
  if (v4 >= 0) return [Uint32Array.of(v4), 1];
  const words = new Uint32Array(4);
  parseIpv6(address, words);
  return [words, 4];
}

function countryOf(lookup: Lookup, address: string): string {
  if (lookup.format !== 'mmdb') return '';
  const facts: GeoFacts = { countryCode: '', countryName: '', region: '', city: '' };
  const [words, count] = wordsOf(address);
  writeGeo(lookup.file.get(address, words, count), facts);
  return facts.countryCode;
}

function asnOf(lookup: Lookup, address: string): number {
  const [words, count] = wordsOf(address);
  const network =
    lookup.format === 'mmdb' ? asnOfRecord(lookup.file.get(address, words, count)) : lookup.table.find(words);
  return network?.asn ?? 0;
}

/** Answers the probe of one family, or throws saying what the file got wrong. */
function probe(kind: Kind, lookup: Lookup, family: Family): string {
  const address = PROBE[family];
  if (kind === 'asn') {
    const asn = asnOf(lookup, address);
    if (asn !== PROBE_ASN) {
      throw new GeoFileError(
        `it answers ${asn === 0 ? 'no network' : `AS${asn}`} for ${address}, which is Google's AS${PROBE_ASN}`,
      );
    }
    return `${address} AS${asn}`;
  }
  const country = countryOf(lookup, address);
  // DB-IP places Google's IPv6 resolver in Canada, MaxMind in the US: any country will do there.
  if (country === '' || (family === 4 && country !== 'US')) {
    throw new GeoFileError(
      `it answers ${country === '' ? 'no country' : country} for ${address}, which is in the US`,
    );
  }
  return `${address} ${country}`;
}

function kindOfMmdb(bytes: Buffer): { kind: Kind; ipVersion: number } {
  let file: MmdbFile;
  try {
    file = new MmdbFile(bytes);
  } catch (error) {
    throw new GeoFileError(`not a MaxMind DB (MMDB) file: ${(error as Error).message}`);
  }
  const type = file.metadata.databaseType;
  const kind: Kind | null = /city/i.test(type) ? 'city' : /asn|isp/i.test(type) ? 'asn' : null;
  if (kind === null) throw new GeoFileError(`a '${type}' database, neither a city nor an ASN one`);
  return { kind, ipVersion: file.metadata.ipVersion };
}

/**
 * Opens the file at `path` (`name` is what the operator called it: its extension tells MMDB from the
 * ip-location-db ASN CSV), checks it, and says where it goes.
 */
export async function checkDatabaseFile(path: string, name: string, bytes: Buffer): Promise<CheckedDatabase> {
  const load = async (family: Family, kind: Kind) => {
    try {
      return await loadFile(path, family, 'data-dir', kind);
    } catch (error) {
      if (error instanceof GeoFileError) throw error;
      throw new GeoFileError((error as Error).message);
    }
  };
  if (/\.mmdb$/i.test(name)) {
    const { kind, ipVersion } = kindOfMmdb(bytes);
    const loaded = await load(ipVersion === 6 ? 6 : 4, kind);
    const families: Family[] = [ipVersion === 6 ? 6 : 4];
    const answers = [probe(kind, loaded.lookup, families[0] as Family)];
    // An IPv6 tree that holds IPv4 too (DB-IP's and MaxMind's downloads) serves both families.
    if (ipVersion === 6) {
      try {
        answers.unshift(probe(kind, loaded.lookup, 4));
        families.unshift(4);
      } catch {
        // An IPv6-only file: it serves IPv6 beside the IPv4 one in use.
      }
    }
    const target = families.length === 2 ? `${kind}.mmdb` : `${kind}-ipv${families[0]}.mmdb`;
    return { target, kind, families, builtAt: loaded.builtAt, answers };
  }
  if (/\.csv$/i.test(name)) {
    // The file's own lines tell its family: IPv4 text parses no IPv6 range, and the other way round.
    for (const family of [4, 6] as const) {
      let loaded: Awaited<ReturnType<typeof load>>;
      try {
        loaded = await load(family, 'asn');
      } catch {
        continue;
      }
      const answers = [probe('asn', loaded.lookup, family)];
      return {
        target: `asn-ipv${family}.csv`,
        kind: 'asn',
        families: [family],
        builtAt: loaded.builtAt,
        answers,
      };
    }
    throw new GeoFileError(
      'no address range in it: not an ip-location-db ASN CSV (first,last,asn,"organisation")',
    );
  }
  throw new GeoFileError('neither an .mmdb nor an ASN .csv file');
}
