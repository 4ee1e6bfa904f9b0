import { isIP, isIPv4 } from 'node:net';

export type IpVersion = 4 | 6 | 0;

export interface NormalisedIp {
  /** '' when the input is not an IP address. */
  address: string;
  version: IpVersion;
}

const INVALID: NormalisedIp = Object.freeze({ address: '', version: 0 });
// The longest textual IPv6 address (with an embedded IPv4 tail) is 45 characters; anything much longer
// is garbage and is refused before any parsing work.
const MAX_IP_LENGTH = 64;
const MAPPED_PREFIX = '::ffff:';
const MAPPED_HEX = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;
/** `01.2.3.4` is no address to node:net's isIP, so not to normaliseIp either. */
const LEADING_ZERO = /(?:^|\.)0\d/;
const probeWords = new Uint32Array(4);

/**
 * Validates and normalises the address a click came from: IPv4 stays as sent, IPv6 is lowercased, a zone
 * index or brackets are dropped, and an IPv4-mapped IPv6 address (what a dual-stack socket reports for an
 * IPv4 client) becomes the plain IPv4 address, so it is looked up and matched as IPv4.
 */
export function normaliseIp(raw: string): NormalisedIp {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_IP_LENGTH) return INVALID;
  // Most clicks come from a plain IPv4 address, which needs none of the work below.
  if (parseIpv4(raw) !== -1 && !LEADING_ZERO.test(raw)) return { address: raw, version: 4 };
  let text = raw.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  // The hand-rolled parser accepts only what isIP does (ip.test.ts holds it to that), and is cheaper than
  // node:net's pattern, which was ~0.6% of a click in bench:click with one visitor in six on IPv6.
  const version = text.indexOf('.') === -1 && parseIpv6(text, probeWords) ? 6 : isIP(text);
  if (version === 4) return { address: text, version: 4 };
  if (version !== 6) return INVALID;
  const lower = text.toLowerCase();
  if (lower.startsWith(MAPPED_PREFIX)) {
    const tail = lower.slice(MAPPED_PREFIX.length);
    if (isIPv4(tail)) return { address: tail, version: 4 };
    const hex = MAPPED_HEX.exec(tail);
    if (hex) {
      const high = Number.parseInt(hex[1] ?? '0', 16);
      const low = Number.parseInt(hex[2] ?? '0', 16);
      return { address: `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`, version: 4 };
    }
  }
  return { address: lower, version: 6 };
}

/**
 * The dotted-quad address as an unsigned 32-bit number, or -1 when it is not one. Hand-rolled over the
 * characters because loading the ASN table parses about a million addresses.
 */
export function parseIpv4(text: string, from = 0, to = text.length): number {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    if (code === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots++;
    } else if (code >= 48 && code <= 57 && digits < 3) {
      octet = octet * 10 + (code - 48);
      if (octet > 255) return -1;
      digits++;
    } else {
      return -1;
    }
  }
  if (digits === 0 || dots !== 3) return -1;
  return value * 256 + octet;
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

const groups = new Uint16Array(8);

/**
 * Writes the IPv6 address as four big-endian 32-bit words into `out`; false (and `out` unspecified) when
 * the text is not an IPv6 address. Accepts `::` compression and an IPv4 tail, not zone indexes.
 */
export function parseIpv6(text: string, out: Uint32Array): boolean {
  let count = 0;
  let gapAt = -1;
  let index = 0;
  const length = text.length;
  if (length < 2) return false;
  if (text.charCodeAt(0) === 58) {
    if (text.charCodeAt(1) !== 58) return false;
    gapAt = 0;
    index = 2;
  }
  while (index < length) {
    if (count === 8) return false;
    let value = 0;
    let digits = 0;
    const groupStart = index;
    while (index < length) {
      const digit = hexValue(text.charCodeAt(index));
      if (digit === -1) break;
      value = value * 16 + digit;
      digits++;
      index++;
    }
    if (index < length && text.charCodeAt(index) === 46) {
      const v4 = parseIpv4(text, groupStart, length);
      if (v4 === -1 || count > 6) return false;
      groups[count++] = Math.floor(v4 / 65536);
      groups[count++] = v4 % 65536;
      index = length;
      break;
    }
    if (digits === 0 || digits > 4) return false;
    groups[count++] = value;
    if (index === length) break;
    if (text.charCodeAt(index) !== 58) return false;
    index++;
    if (index < length && text.charCodeAt(index) === 58) {
      if (gapAt !== -1) return false;
      gapAt = count;
      index++;
    } else if (index === length) {
      return false;
    }
  }
  if (gapAt === -1 ? count !== 8 : count > 7) return false;
  const zeros = 8 - count;
  for (let word = 0; word < 4; word++) {
    out[word] = groupAt(gapAt, zeros, count, word * 2) * 65536 + groupAt(gapAt, zeros, count, word * 2 + 1);
  }
  return true;
}

function groupAt(gapAt: number, zeros: number, count: number, position: number): number {
  if (gapAt === -1 || position < gapAt) return groups[position] ?? 0;
  if (position < gapAt + zeros) return 0;
  const source = position - zeros;
  return source < count ? (groups[source] ?? 0) : 0;
}
