import { type Databases, type Lookup, loadDatabases } from './databases.ts';
import { preferredLanguage, referrerDomain } from './headers.ts';
import { normaliseIp, parseIpv4, parseIpv6 } from './ip.ts';
import { type AsnRecord, connectionTypeOf, HOSTING_ASNS } from './network.ts';
import { asnOfRecord, writeGeo } from './records.ts';
import type { Enricher, EnricherOptions, EnrichInput, Enrichment } from './types.ts';
import { createAgentParser } from './userAgent.ts';

const EMPTY_INPUT: EnrichInput = Object.freeze({ ip: '', userAgent: '', acceptLanguage: '', referrer: '' });

function field(input: EnrichInput, name: keyof EnrichInput): string {
  const value = input[name];
  return typeof value === 'string' ? value : '';
}

/** Every fact unknown. A fresh object per click (the engine keeps it), always built in one field order. */
function unknownFacts(): Enrichment {
  return {
    ip: '',
    ipVersion: 0,
    countryCode: '',
    countryName: '',
    region: '',
    city: '',
    isp: '',
    asn: 0,
    connectionType: '',
    deviceType: '',
    brand: '',
    model: '',
    os: '',
    osVersion: '',
    browser: '',
    browserVersion: '',
    language: '',
    languageBase: '',
    isBot: false,
    isDatacenter: false,
    referrerDomain: '',
  };
}

/**
 * Loads the databases (see databases.ts for the data-dir overrides) and answers the offline facts of a
 * click. Startup reads ~130 MB of city MMDB into memory and builds the ASN ranges from CSV (~0.5-1 s).
 */
export async function createEnricher(options: EnricherOptions = {}): Promise<Enricher> {
  const warn = options.onWarning ?? (() => {});
  let databases: Databases | null = await loadDatabases(options.dataDir, warn);
  let reloading: Promise<void> = Promise.resolve();
  const parseAgent = createAgentParser();
  // The address as numbers for the lookups, reused by every click (enrich is synchronous).
  const ipv4Key = new Uint32Array(1);
  const ipv6Key = new Uint32Array(4);

  const networkOf = (
    lookup: Lookup | null,
    address: string,
    words: Uint32Array,
    count: 1 | 4,
  ): AsnRecord | null => {
    if (lookup === null) return null;
    if (lookup.format === 'mmdb') return asnOfRecord(lookup.file.get(address, words, count));
    return lookup.table.find(words);
  };

  /** Writes the location and network of the address into `out`; answers the network, if known. */
  const addNetworkFacts = (out: Enrichment, address: string, version: 4 | 6): AsnRecord | null => {
    if (databases === null) return null;
    // Parsed once into numbers for both lookups; normaliseIp has already checked the address.
    let words: Uint32Array;
    let count: 1 | 4;
    if (version === 4) {
      ipv4Key[0] = parseIpv4(address);
      words = ipv4Key;
      count = 1;
    } else {
      if (!parseIpv6(address, ipv6Key)) return null;
      words = ipv6Key;
      count = 4;
    }
    try {
      writeGeo(databases.city[version]?.get(address, words, count), out);
    } catch {
      // A damaged data-dir file must not cost the click; the location stays unknown.
    }
    try {
      const network = networkOf(databases.asn[version], address, words, count);
      if (network !== null) {
        out.asn = network.asn;
        out.isp = network.organisation;
        out.isDatacenter = HOSTING_ASNS.has(network.asn);
      }
      return network;
    } catch {
      // As above, for the network facts.
      return null;
    }
  };

  const enrich = (given: EnrichInput): Enrichment => {
    const out = unknownFacts();
    const input = typeof given === 'object' && given !== null ? given : EMPTY_INPUT;

    const agent = parseAgent(field(input, 'userAgent'));
    out.deviceType = agent.deviceType;
    out.brand = agent.brand;
    out.model = agent.model;
    out.os = agent.os;
    out.osVersion = agent.osVersion;
    out.browser = agent.browser;
    out.browserVersion = agent.browserVersion;

    const language = preferredLanguage(field(input, 'acceptLanguage'));
    out.language = language.tag;
    out.languageBase = language.base;
    out.referrerDomain = referrerDomain(field(input, 'referrer'));

    const ip = normaliseIp(field(input, 'ip'));
    out.ip = ip.address;
    out.ipVersion = ip.version;
    const network = ip.version === 0 ? null : addNetworkFacts(out, ip.address, ip.version);

    out.isBot = agent.isBot || out.isDatacenter;
    out.connectionType = connectionTypeOf(network, out.deviceType, out.isDatacenter);
    return out;
  };

  return {
    enrich,
    databases: () => (databases === null ? [] : databases.info.map((info) => ({ ...info }))),
    reload: () => {
      // Serialised so two reloads never hold three generations of the databases at once; a failed
      // reload keeps the databases in use.
      const next = reloading
        .catch(() => {})
        .then(async () => {
          databases = await loadDatabases(options.dataDir, warn);
        });
      reloading = next;
      return next;
    },
    close: () => {
      databases = null;
    },
  };
}
