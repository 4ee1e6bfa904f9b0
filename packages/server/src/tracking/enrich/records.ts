import type { FieldSelector } from './mmdbFields.ts';
import { type AsnRecord, networkNameKind } from './network.ts';

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
const nameOfCountry = new Map<string, string>();

/** ISO 3166-1 alpha-2 upper case, or '' (DB-IP's 'ZZ' means unknown). */
function countryCodeOf(value: string): string {
  const code = value.toUpperCase();
  return COUNTRY_CODE.test(code) && code !== 'ZZ' ? code : '';
}

/** English name of a country code, '' when ICU does not know it. */
export function countryNameOf(code: string): string {
  if (code === '') return '';
  let name = nameOfCountry.get(code);
  if (name === undefined) {
    try {
      name = countryNames.of(code) ?? '';
    } catch {
      name = '';
    }
    // Only two-letter codes get here, so the map holds at most 676 names.
    nameOfCountry.set(code, name);
  }
  return name;
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
  if (typeof values.country_code === 'string') {
    out.countryCode = countryCodeOf(values.country_code);
    out.region = text(values.state1);
    out.city = text(values.city);
  } else {
    out.countryCode = countryCodeOf(text(fields(values.country)?.iso_code));
    const subdivisions = values.subdivisions;
    out.region = Array.isArray(subdivisions) ? englishName(subdivisions[0]) : '';
    out.city = englishName(values.city);
  }
  out.countryName = countryNameOf(out.countryCode);
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
    asn: typeof asn === 'number' && Number.isInteger(asn) && asn > 0 ? asn : 0,
    organisation,
    nameKind: networkNameKind(organisation),
  };
}
