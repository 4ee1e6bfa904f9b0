import net from 'node:net';

// A network's postback IP allow-list, compiled once per list (the routing table replaces the list object
// when the network changes, so the cache never serves a stale list).

const compiled = new WeakMap<readonly string[], net.BlockList>();

function compile(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
    if (!family) continue;
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/** True when `ip` may send postbacks under `allowed` (an empty list allows every address). */
export function ipAllowed(allowed: readonly string[], ip: string): boolean {
  if (allowed.length === 0) return true;
  let list = compiled.get(allowed);
  if (!list) {
    list = compile(allowed);
    compiled.set(allowed, list);
  }
  // Dual-stack sockets report IPv4 peers as ::ffff:a.b.c.d; the list names them as plain IPv4.
  const address = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (net.isIPv4(address)) return list.check(address, 'ipv4');
  if (net.isIPv6(address)) return list.check(address, 'ipv6');
  return false;
}
