import type { FieldSelector } from './mmdbFields.ts';
import { type AsnRecord, type NetworkNameKind, networkNameKind } from './network.ts';

// MMDB records arrive as decoded maps whose layout depends on who built the file; they are read
// defensively, field by field, without copying.
type Fields = Readonly<Record<string, unknown>>;

function fields(value: unknown): Fields | undefined {
  return typeof value === 'object' && value !== null ? (value as Fields) : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function englishName(value: unknown): string {
  return text(fields(fields(value)?.names)?.en);
}

const COUNTRY_CODE = /^[A-Z]{2}$/;
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** ISO 3166-1 alpha-2 upper case, or '' (DB-IP's 'ZZ' means unknown). */
function countryCodeOf(value: string): string {
  const code = value.toUpperCase();
  return COUNTRY_CODE.test(code) && code !== 'ZZ' ? code : '';
}

/** English name of a country code, '' when ICU does not know it. */
function countryNameOf(code: string): string {
  if (code === '') return '';
  try {
    return countryNames.of(code) ?? '';
  } catch {
    return '';
  }
}

// A record's country as the file writes it, to its code and name: an upper-casing, a pattern and ICU's
// name were paid on every click for one of ~250 values. Bounded against a file with odd values.
const countries = new Map<string, { code: string; name: string }>();
const COUNTRIES_MAX = 1024;

function countryOf(value: string): { code: string; name: string } {
  let country = countries.get(value);
  if (country === undefined) {
    const code = countryCodeOf(value);
    country = { code, name: countryNameOf(code) };
    if (countries.size < COUNTRIES_MAX) countries.set(value, country);
  }
  return country;
}

// What a network's name says, by name, for networks read from an operator's MMDB (the packaged ASN
// table keeps it per network): the two patterns cost ~0.3 us, and a city's clicks come from a few hundred
// networks. Bounded: past NAME_KINDS_MAX names the memory starts again.
const nameKinds = new Map<string, NetworkNameKind>();
const NAME_KINDS_MAX = 20_000;

function rememberedNameKind(name: string): NetworkNameKind {
  let kind = nameKinds.get(name);
  if (kind === undefined) {
    kind = networkNameKind(name);
    if (nameKinds.size >= NAME_KINDS_MAX) nameKinds.clear();
    nameKinds.set(name, kind);
  }
  return kind;
}

export interface GeoFacts {
  countryCode: string;
  countryName: string;
  region: string;
  city: string;
}

/** The fields of a city record `writeGeo` reads, in either layout: only these are decoded. */
export const GEO_FIELDS: FieldSelector = {
  country_code: {},
  state1: {},
  city: { names: { en: {} } },
  country: { iso_code: {} },
  subdivisions: { names: { en: {} } },
};

/**
 * Copies the location of a city record into `out`. Reads the ip-location-db layout (country_code,
 * state1, city) and MaxMind's (country.iso_code, subdivisions[0].names.en, city.names.en), which DB-IP's
 * own MMDB downloads use too.
 */
export function writeGeo(record: unknown, out: GeoFacts): void {
  const values = fields(record);
  if (values === undefined) return;
  let country: string;
  if (typeof values.country_code === 'string') {
    country = values.country_code;
    out.region = text(values.state1);
    out.city = text(values.city);
  } else {
    country = text(fields(values.country)?.iso_code);
    const subdivisions = values.subdivisions;
    out.region = Array.isArray(subdivisions) ? englishName(subdivisions[0]) : '';
    out.city = englishName(values.city);
  }
  const known = countryOf(country);
  out.countryCode = known.code;
  out.countryName = known.name;
}

/** The fields of a network record `asnOfRecord` reads: only these are decoded. */
export const NETWORK_FIELDS: FieldSelector = {
  autonomous_system_number: {},
  autonomous_system_organization: {},
};

/** The network of a GeoLite2-ASN-layout record (as DB-IP's and ip-location-db's ASN MMDBs have it). */
export function asnOfRecord(record: unknown): AsnRecord | null {
  const values = fields(record);
  if (values === undefined) return null;
  const asn = values.autonomous_system_number;
  const organisation = text(values.autonomous_system_organization);
  return {
    asn: typeof asn === 'number' && Number.isInteger(asn) && asn > 0 && asn <= 0xffffffff ? asn : 0,
    organisation,
    nameKind: rememberedNameKind(organisation),
  };
}
