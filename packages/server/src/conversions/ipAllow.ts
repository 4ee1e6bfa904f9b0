import { compileIpRanges, type IpRanges } from '../tracking/enrich/ipRanges.ts';

// A network's postback IP allow-list, compiled once per list (the routing table replaces the list object
// when the network changes, so the cache never serves a stale list).

const compiled = new WeakMap<readonly string[], IpRanges>();

/** True when `ip` may send postbacks under `allowed` (an empty list allows every address). */
export function ipAllowed(allowed: readonly string[], ip: string): boolean {
  if (allowed.length === 0) return true;
  let ranges = compiled.get(allowed);
  if (!ranges) {
    ranges = compileIpRanges(allowed);
    compiled.set(allowed, ranges);
  }
  // Dual-stack sockets report IPv4 peers as ::ffff:a.b.c.d; the ranges read them as plain IPv4.
  return ranges.has(ip);
}
