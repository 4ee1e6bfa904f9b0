import type { CONNECTION_TYPES, DEVICE_TYPES } from '@cairn/contract';
import type { IpVersion } from './ip.ts';

export type DeviceType = (typeof DEVICE_TYPES)[number];
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** What the click engine knows of a request before enrichment: the raw header values ('' when absent). */
export interface EnrichInput {
  ip: string;
  userAgent: string;
  acceptLanguage: string;
  referrer: string;
}

/**
 * Facts derived offline from one click. Unknown facts are '' (strings) or 0 (numbers); string facts that
 * have a fixed vocabulary (deviceType, connectionType) take the contract's values.
 */
export interface Enrichment {
  /** The normalised address ('' when the input was not an IP address); IPv4-mapped IPv6 becomes IPv4. */
  ip: string;
  ipVersion: IpVersion;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** English name of the country. */
  countryName: string;
  /** First-level subdivision (state, region) as the database names it. */
  region: string;
  city: string;
  /** Organisation owning the address's network. */
  isp: string;
  asn: number;
  connectionType: ConnectionType | '';
  deviceType: DeviceType | '';
  brand: string;
  model: string;
  os: string;
  osVersion: string;
  browser: string;
  browserVersion: string;
  /** Preferred language with its region, lower case: 'en-us', 'pt-br', or just 'de'. */
  language: string;
  /** The language without region: 'en', 'pt'. */
  languageBase: string;
  /** A crawler or script by its user agent, or a click from a data centre. */
  isBot: boolean;
  /** The address belongs to a cloud or hosting network. */
  isDatacenter: boolean;
  /** Host of the Referer, lower case, without a leading 'www.'. */
  referrerDomain: string;
}

export type DatabaseSource = 'data-dir' | 'package';

export interface DatabaseInfo {
  /** What the file answers: 'city', 'city-ipv4', 'city-ipv6', 'asn', 'asn-ipv4', 'asn-ipv6'. */
  name: string;
  path: string;
  /** When the data was built: the MMDB build epoch; for CSV, the package's release or the file's mtime. */
  builtAt: string;
  source: DatabaseSource;
}

export interface EnricherOptions {
  /**
   * Cairn's data directory: files in its `geo/` folder replace the packaged databases (see
   * databases.ts for the names). Without it, only the packaged databases are used.
   */
  dataDir?: string;
  /** Told when a data-dir file is present but unreadable: it is skipped for the next one or the package. */
  onWarning?: (message: string) => void;
}

export interface Enricher {
  /** Never throws: garbage input gives unknown facts. */
  enrich(input: EnrichInput): Enrichment;
  /** The files in use, for the monitor page. */
  databases(): DatabaseInfo[];
  /** Re-reads the database files (e.g. after an operator dropped newer ones in the data dir). */
  reload(): Promise<void>;
  /** Lets go of the databases' memory; enrich() then answers only the user-agent and header facts. */
  close(): void;
}
