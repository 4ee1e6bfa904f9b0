import { isIP } from 'node:net';
import os from 'node:os';

// Which addresses an outbound call may reach. Everything is compared as a number per family, so the
// many spellings of one address (an IPv4-mapped IPv6 such as ::ffff:7f00:1, a compressed or expanded
// IPv6) meet the same ranges.

export interface Address {
  family: 4 | 6;
  value: bigint;
}

export interface Cidr {
  family: 4 | 6;
  base: bigint;
  bits: number;
  /** As the operator wrote it, for messages. */
  text: string;
}

function parseV4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.reduce((sum, part) => (sum << 8n) | BigInt(part), 0n);
}

function parseV6(text: string): bigint | null {
  let body = text.replace(/%.*$/, '');
  // A dotted IPv4 tail (::ffff:127.0.0.1) is the last two groups.
  const tail = /(^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (tail?.[2]) {
    const v4 = parseV4(tail[2]);
    if (v4 === null) return null;
    body = `${body.slice(0, body.length - tail[2].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groupsOf(halves[0]);
  const rest = groupsOf(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...rest];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.reduce((sum, group) => (sum << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

/** An IP literal (brackets around IPv6 allowed, as URL hostnames carry them); null for anything else. */
export function parseAddress(text: string): Address | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const family = isIP(bare);
  if (family === 4) {
    const value = parseV4(bare);
    return value === null ? null : { family: 4, value };
  }
  if (family === 6) {
    const value = parseV6(bare);
    return value === null ? null : { family: 6, value };
  }
  return null;
}

/** `10.0.0.0/8`, `fd00::/8`, or one address (a /32 or /128); throws a RangeError saying what is wrong. */
export function parseCidr(text: string): Cidr {
  const trimmed = text.trim();
  const [addressText = '', prefix, extra] = trimmed.split('/');
  const address = parseAddress(addressText);
  if (!address || extra !== undefined) throw new RangeError(`"${trimmed}" is not an IP address or CIDR`);
  const width = address.family === 4 ? 32 : 128;
  if (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > width)) {
    throw new RangeError(`"${trimmed}" has a prefix length outside 0-${width}`);
  }
  const bits = prefix === undefined ? width : Number(prefix);
  return { family: address.family, base: maskOf(address.value, bits, width), bits, text: trimmed };
}

function maskOf(value: bigint, bits: number, width: number): bigint {
  const host = BigInt(width - bits);
  return (value >> host) << host;
}

export function inCidr(address: Address, cidr: Cidr): boolean {
  if (address.family !== cidr.family) return false;
  return maskOf(address.value, cidr.bits, address.family === 4 ? 32 : 128) === cidr.base;
}

const ranges = (entries: [string, string][]) =>
  entries.map(([cidr, reason]) => ({ cidr: parseCidr(cidr), reason }));

const BLOCKED_V4 = ranges([
  ['0.0.0.0/8', 'an unspecified ("this network") address'],
  ['10.0.0.0/8', 'a private address'],
  ['100.64.0.0/10', 'a carrier-grade NAT address'],
  ['127.0.0.0/8', 'a loopback address'],
  ['169.254.0.0/16', 'a link-local address'],
  ['172.16.0.0/12', 'a private address'],
  ['192.0.0.0/24', 'a reserved address'],
  ['192.168.0.0/16', 'a private address'],
  ['198.18.0.0/15', 'a reserved address'],
  ['224.0.0.0/4', 'a multicast address'],
  ['240.0.0.0/4', 'a reserved address'],
]);

const BLOCKED_V6 = ranges([
  ['::/128', 'an unspecified address'],
  ['::1/128', 'a loopback address'],
  ['100::/64', 'a reserved address'],
  ['fc00::/7', 'a private (unique local) address'],
  ['fe80::/10', 'a link-local address'],
  ['fec0::/10', 'a site-local address'],
  ['ff00::/8', 'a multicast address'],
]);

// IPv6 forms that carry an IPv4 address a router or the kernel may reach: mapped (::ffff:a.b.c.d),
// compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
const V4_IN_V6 = [
  { cidr: parseCidr('::ffff:0:0/96'), shift: 0n },
  { cidr: parseCidr('::/96'), shift: 0n },
  { cidr: parseCidr('64:ff9b::/96'), shift: 0n },
  { cidr: parseCidr('2002::/16'), shift: 80n },
];

/** The IPv4 address an IPv6 one stands for, if it is one of the embedding forms. */
export function embeddedV4(address: Address): Address | null {
  if (address.family !== 6) return null;
  for (const { cidr, shift } of V4_IN_V6) {
    if (inCidr(address, cidr)) return { family: 4, value: (address.value >> shift) & 0xffffffffn };
  }
  return null;
}

/** The addresses of this machine's interfaces: a tracker must not be made to call itself. */
export function ownAddresses(): Address[] {
  const found: Address[] = [];
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) {
      const address = parseAddress(entry.address);
      if (address) found.push(address);
    }
  }
  return found;
}

const sameAddress = (a: Address, b: Address) => a.family === b.family && a.value === b.value;

/**
 * Why an outbound call may not go to this address, or null when it may: loopback, private, link-local,
 * multicast, unspecified, CGNAT and reserved ranges and this machine's own addresses are refused unless
 * one of the operator's allowed CIDRs covers the address.
 */
export function refusalOf(
  address: Address,
  allowed: readonly Cidr[],
  own: readonly Address[],
): string | null {
  const v4 = embeddedV4(address);
  const candidates = v4 && !sameAddress(v4, address) ? [address, v4] : [address];
  if (candidates.some((candidate) => allowed.some((cidr) => inCidr(candidate, cidr)))) return null;
  for (const candidate of candidates) {
    const table = candidate.family === 4 ? BLOCKED_V4 : BLOCKED_V6;
    // The IPv6 form is judged first, so :: and ::1 read as unspecified and loopback, not as 0.0.0.x.
    const hit = table.find((range) => inCidr(candidate, range.cidr));
    if (hit) return hit.reason;
    if (own.some((mine) => sameAddress(mine, candidate))) return "one of this server's own addresses";
  }
  return null;
}

export function formatAddress(address: Address): string {
  if (address.family === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((address.value >> shift) & 0xffn)).join('.');
  }
  const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) =>
    ((address.value >> shift) & 0xffffn).toString(16),
  );
  return groups.join(':');
}
