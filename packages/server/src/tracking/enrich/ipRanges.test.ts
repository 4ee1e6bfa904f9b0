import { BlockList, isIPv4 } from 'node:net';
import { describe, expect, it } from 'vitest';
import { compileIpRanges } from './ipRanges.ts';

const ENTRIES = [
  '203.0.113.7',
  '10.0.0.0/8',
  '192.168.12.99/22',
  '0.0.0.0/1',
  '2001:db8::/32',
  '2a00:1450:4001:81c::200e',
  'fe80::/10',
  '2001:db8:ab00::/41',
];

function reference(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

describe('compileIpRanges', () => {
  it('answers as node:net BlockList does, for addresses in, at the edges of and outside each range', () => {
    const ranges = compileIpRanges(ENTRIES);
    const list = reference(ENTRIES);
    const addresses = [
      '203.0.113.7',
      '203.0.113.8',
      '10.255.255.255',
      '11.0.0.0',
      '192.168.12.0',
      '192.168.15.255',
      '192.168.16.0',
      '127.255.255.255',
      '128.0.0.0',
      '2001:db8::1',
      '2001:db9::',
      '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff',
      '2a00:1450:4001:81c::200e',
      '2a00:1450:4001:81c::200f',
      'febf::1',
      'fec0::',
      '2001:db8:ab7f:ffff::1',
      '2001:db8:ab80::',
    ];
    for (const address of addresses) {
      const family = isIPv4(address) ? 'ipv4' : 'ipv6';
      expect(ranges.has(address), address).toBe(list.check(address, family));
    }
  });

  it('matches random addresses like BlockList', () => {
    const ranges = compileIpRanges(['100.64.0.0/10', '172.16.5.4/30', '2001:db8:8000::/33']);
    const list = reference(['100.64.0.0/10', '172.16.5.4/30', '2001:db8:8000::/33']);
    let seed = 11;
    const next = (limit: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * limit);
    };
    for (let round = 0; round < 3000; round += 1) {
      const v4 = `${[100, 172, 10][next(3)]}.${next(256)}.${next(8)}.${next(256)}`;
      expect(ranges.has(v4), v4).toBe(list.check(v4, 'ipv4'));
      const v6 = `2001:db8:${next(0x10000).toString(16)}::${next(0x10000).toString(16)}`;
      expect(ranges.has(v6), v6).toBe(list.check(v6, 'ipv6'));
    }
  });

  it('answers like BlockList for long lists of overlapping, nested and adjacent ranges', () => {
    let seed = 5;
    const next = (limit: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * limit);
    };
    const entries: string[] = [];
    for (let index = 0; index < 400; index += 1) {
      entries.push(`10.${next(4)}.${next(256)}.${next(256)}/${16 + next(17)}`);
      entries.push(`2001:db8:${next(4).toString(16)}:${next(0x10000).toString(16)}::/${40 + next(89)}`);
    }
    // Adjacent halves and a range inside another: merged or not, the answers must not change.
    entries.push('10.9.0.0/17', '10.9.128.0/17', '10.9.4.0/24', '2001:db8:9::/48', '2001:db8:9:1::/64');
    const ranges = compileIpRanges(entries);
    const list = reference(entries);
    for (let round = 0; round < 5000; round += 1) {
      const v4 = `10.${next(12)}.${next(256)}.${next(256)}`;
      expect(ranges.has(v4), v4).toBe(list.check(v4, 'ipv4'));
      const v6 = `2001:db8:${next(12).toString(16)}:${next(0x10000).toString(16)}::${next(0x10000).toString(16)}`;
      expect(ranges.has(v6), v6).toBe(list.check(v6, 'ipv6'));
    }
    for (const edge of ['10.9.0.0', '10.9.127.255', '10.9.128.0', '10.9.255.255', '10.10.0.0']) {
      expect(ranges.has(edge), edge).toBe(list.check(edge, 'ipv4'));
    }
  });

  it('reads mapped, bracketed and upper-case forms, and refuses what is not an address', () => {
    const ranges = compileIpRanges(['203.0.113.0/24', '2001:DB8::/32']);
    expect(ranges.has('::ffff:203.0.113.9')).toBe(true);
    expect(ranges.has('[2001:db8::5]')).toBe(true);
    expect(ranges.has('2001:DB8::5')).toBe(true);
    for (const garbage of ['', 'not an ip', '203.0.113', '203.0.113.1.5', '0203.0.113.1', '::g']) {
      expect(ranges.has(garbage), garbage).toBe(false);
    }
  });

  it('matches nothing for an entry it cannot read', () => {
    const ranges = compileIpRanges(['bogus', '10.0.0.0/40', '10.0.0.0/8/8']);
    expect(ranges.has('10.1.2.3')).toBe(false);
  });
});
