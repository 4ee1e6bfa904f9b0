import type { ConnectionType } from './types.ts';

/**
 * Networks of cloud, hosting and server-rental companies. A click from one of them comes from a server
 * (a crawler, a proxy, an ad-fraud farm), not from a person's own connection, so it counts as a bot and
 * as a 'corporate' connection. Names as the shipped ASN data has them.
 *
 * Left out on purpose: Cloudflare (13335), Akamai (20940, 36183) and Fastly (54113). They carry iCloud
 * Private Relay and Cloudflare WARP, i.e. real people on phones and laptops; flagging them would drop
 * a large share of genuine Safari traffic.
 */
const HOSTING_NETWORKS: Readonly<Record<number, string>> = {
  16509: 'Amazon.com (AWS)',
  14618: 'Amazon.com (AWS)',
  8987: 'Amazon Data Services Ireland',
  15169: 'Google LLC',
  396982: 'Google Cloud',
  19527: 'Google LLC',
  36492: 'Google LLC',
  139070: 'Google Asia Pacific',
  8075: 'Microsoft (Azure)',
  8068: 'Microsoft',
  8069: 'Microsoft',
  8070: 'Microsoft',
  8071: 'Microsoft',
  31898: 'Oracle Cloud',
  36351: 'IBM Cloud',
  45102: 'Alibaba Cloud',
  37963: 'Alibaba Cloud',
  132203: 'Tencent Cloud',
  45090: 'Tencent Cloud',
  136907: 'Huawei Cloud',
  135377: 'UCloud',
  16276: 'OVH',
  35540: 'OVH',
  24940: 'Hetzner',
  213230: 'Hetzner',
  212317: 'Hetzner',
  14061: 'DigitalOcean',
  393406: 'DigitalOcean',
  63949: 'Linode (Akamai Connected Cloud)',
  20473: 'Vultr (The Constant Company)',
  12876: 'Scaleway',
  51167: 'Contabo',
  40021: 'Contabo',
  60781: 'Leaseweb',
  16265: 'Leaseweb',
  28753: 'Leaseweb',
  30633: 'Leaseweb',
  59253: 'Leaseweb',
  19994: 'Rackspace',
  27357: 'Rackspace',
  47583: 'Hostinger',
  9009: 'M247',
  60068: 'Datacamp (CDN77)',
  212238: 'Datacamp (CDN77)',
  40676: 'Psychz Networks',
  8100: 'QuadraNet',
  36352: 'HostPapa',
  54290: 'HostPapa',
  199524: 'G-Core Labs',
  21859: 'Zenlayer',
  7979: 'Servers.com',
  31034: 'Aruba',
  8560: 'IONOS',
  6724: 'Strato',
  197540: 'netcup',
  55286: 'B2 Net Solutions',
  46606: 'Unified Layer',
  26496: 'GoDaddy',
  398101: 'GoDaddy',
  32244: 'Liquid Web',
  200019: 'AlexHost',
  397423: 'Tier.Net',
  50673: 'Serverius',
  202425: 'IP Volume',
  204601: 'Zomro',
  3223: 'Voxility',
  25820: 'IT7 Networks',
  49981: 'WorldStream',
  53667: 'FranTech (BuyVM)',
  35913: 'DediPath',
  62240: 'Clouvider',
  9370: 'SAKURA Internet',
  23470: 'ReliableSite',
  34989: 'ServeTheWorld',
  396356: 'Latitude.sh',
  398324: 'Censys',
};

export const HOSTING_ASNS: ReadonlySet<number> = new Set(Object.keys(HOSTING_NETWORKS).map(Number));

/**
 * Mobile operators whose network names do not say so (and which also sell fixed lines): their clicks
 * count as cellular only when the user agent is a phone, tablet or watch.
 */
const MOBILE_CARRIER_ASNS: ReadonlySet<number> = new Set([
  6167, // Verizon Wireless (listed as Verizon Business)
  22394, // Verizon Wireless (listed as Verizon Business)
  20057, // AT&T Mobility (listed as AT&T Enterprises)
  55836, // Reliance Jio
  45609, // Bharti Airtel
  24560, // Bharti Airtel
  55410, // Vodafone Idea
  45271, // Vodafone Idea
  16135, // Turkcell
  26615, // TIM Brasil
  6805, // Telefonica Germany (O2)
  132199, // Globe Telecom
]);

const SATELLITE_ASNS: ReadonlySet<number> = new Set([
  14593, // SpaceX Starlink
  6621, // Hughes Network Systems
  7155, // Viasat
]);

const MOBILE_NAME =
  /\b(?:mobile|mobility|wireless|cellular|cellco|celular|selular|m[oó]vil(?:es)?|mobilfunk|gsm|lte)\b/i;
const SATELLITE_NAME = /\b(?:satellite|satelite|starlink|viasat|hughesnet)\b/i;
const HANDHELD = new Set(['mobile', 'tablet', 'wearable']);

/** What a network's name says of how it connects people, as `as const` codes: '' when nothing. */
export const NETWORK_NAME_KINDS = ['', 'cellular', 'satellite'] as const;
export type NetworkNameKind = (typeof NETWORK_NAME_KINDS)[number];

/** A network from the ASN data: its number, its owner's name and what that name says. */
export interface AsnRecord {
  readonly asn: number;
  readonly organisation: string;
  readonly nameKind: NetworkNameKind;
}

/** The kind a network's name reads as: ~0.3 us, so callers keep the answer (asnTable.ts, records.ts). */
export function networkNameKind(name: string): NetworkNameKind {
  return SATELLITE_NAME.test(name) ? 'satellite' : MOBILE_NAME.test(name) ? 'cellular' : '';
}

/**
 * Best-effort connection type; an IP address does not say how the last mile is built, so this guesses
 * from the network that owns the address:
 * - corporate: a data-centre or hosting network (HOSTING_ASNS);
 * - satellite: a satellite operator, by ASN or by 'satellite'/'Starlink'/'Viasat' in the network name;
 * - cellular: the network name reads as a mobile operator ('mobile', 'mobility', 'wireless', 'cellular',
 *   'móvil', 'Mobilfunk', ...), or a phone, tablet or watch on a known mobile operator
 *   (MOBILE_CARRIER_ASNS). Fixed-wireless ISPs read as cellular too: their names look the same;
 * - broadband: any other known network;
 * - '' when the network is unknown (private or unrouted addresses).
 * 'wifi' and 'dialup' cannot be told from the address and are never guessed.
 */
export function connectionTypeOf(
  network: AsnRecord | null,
  deviceType: string,
  isDatacenter: boolean,
): ConnectionType | '' {
  if (network === null || (network.asn === 0 && network.organisation === '')) return '';
  if (isDatacenter) return 'corporate';
  if (SATELLITE_ASNS.has(network.asn)) return 'satellite';
  if (network.nameKind !== '') return network.nameKind;
  if (MOBILE_CARRIER_ASNS.has(network.asn) && HANDHELD.has(deviceType)) return 'cellular';
  return 'broadband';
}
