import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Reader, type Response } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { CITY_PACKAGE, packageDir } from './credits.ts';
import { parseIpv4, parseIpv6 } from './ip.ts';
import { MmdbFile } from './mmdbFile.ts';

const cityFile = (family: 4 | 6) =>
  readFileSync(join(packageDir(CITY_PACKAGE), `dbip-city-ipv${family}.mmdb`));

/** The library's own walk, to hold ours against (private in its types, there at run time). */
const libraryPointer = (reader: Reader<Response>, address: string): number =>
  (reader as unknown as { findAddressInTree(address: string): [number | null, number] }).findAddressInTree(
    address,
  )[0] ?? -1;

/** mulberry32: the same addresses on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = seeded(7);
const word = () => Math.floor(random() * 0x100000000);
const ipv4s = [
  '0.0.0.0',
  '255.255.255.255',
  '212.27.48.10',
  '81.2.69.142',
  ...Array.from({ length: 20_000 }, () => {
    const value = word();
    return `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
  }),
];
const hex = () => Math.floor(random() * 0x10000).toString(16);
const ipv6s = [
  '::1',
  '2003:e0::1',
  'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  ...['2001:4860', '2003:e0', '2a01:e0a', '2606:4700', '2405:200', '2c0f:f248'].flatMap((prefix) =>
    Array.from({ length: 2_000 }, () => `${prefix}:${hex()}:${hex()}::${hex()}`),
  ),
  ...Array.from({ length: 4_000 }, () => `${hex()}:${hex()}:${hex()}:${hex()}::${hex()}`),
];

describe('an MMDB file walked from the parsed address', () => {
  it('finds what the library finds for IPv4 addresses, record for record', () => {
    const db = cityFile(4);
    const file = new MmdbFile(db);
    const library = new Reader<Response>(db);
    const words = new Uint32Array(1);
    let found = 0;
    for (const address of ipv4s) {
      words[0] = parseIpv4(address);
      expect(file.pointer(words, 1)).toBe(libraryPointer(library, address));
      const record = file.get(address, words, 1);
      expect(record).toEqual(library.get(address));
      if (record !== null) found += 1;
    }
    // Most of the space is assigned: a walk that ended early would find far fewer.
    expect(found).toBeGreaterThan(ipv4s.length * 0.7);
  });

  it('finds what the library finds for IPv6 addresses, and for IPv4 ones in an IPv6 tree', () => {
    const db = cityFile(6);
    const file = new MmdbFile(db);
    const library = new Reader<Response>(db);
    const words = new Uint32Array(4);
    let found = 0;
    for (const address of ipv6s) {
      expect(parseIpv6(address, words)).toBe(true);
      expect(file.pointer(words, 4)).toBe(libraryPointer(library, address));
      const record = file.get(address, words, 4);
      expect(record).toEqual(library.get(address));
      if (record !== null) found += 1;
    }
    expect(found).toBeGreaterThan(6 * 2_000 * 0.5);
    const ipv4 = new Uint32Array(1);
    for (const address of ipv4s.slice(0, 2_000)) {
      ipv4[0] = parseIpv4(address);
      expect(file.pointer(ipv4, 1)).toBe(libraryPointer(library, address));
      expect(file.get(address, ipv4, 1)).toEqual(library.get(address));
    }
  });

  it('answers again from its cache with the record first decoded for that place in the file', () => {
    const file = new MmdbFile(cityFile(4));
    const words = new Uint32Array(1);
    words[0] = parseIpv4('212.27.48.10');
    const first = file.get('212.27.48.10', words, 1);
    expect(first).not.toBeNull();
    expect(file.get('212.27.48.10', words, 1)).toBe(first);
  });

  it('reads 24-, 28- and 32-bit records as the library does, whole pointer values included', () => {
    // node 0: left -> node 1, right -> data; node 1: left -> not found (the node count), right -> data.
    const cases: [24 | 28 | 32, number, number][] = [
      [24, 0xabcdef, 0x123456],
      [28, 0xabcdef1, 0x5a5a5a5],
      [32, 0xdeadbeef, 0x89abcdef],
    ];
    for (const [recordSize, rightOfRoot, rightOfSecond] of cases) {
      const db = tinyIpv4Tree(recordSize, [
        [1, rightOfRoot],
        [2, rightOfSecond],
      ]);
      const file = new MmdbFile(db);
      const library = new Reader<Response>(db);
      const words = new Uint32Array(1);
      for (const address of [
        '200.1.2.3',
        '128.0.0.0',
        '64.0.0.1',
        '127.255.255.255',
        '0.0.0.0',
        '63.1.1.1',
      ]) {
        words[0] = parseIpv4(address);
        expect(file.pointer(words, 1)).toBe(libraryPointer(library, address));
      }
      words[0] = parseIpv4('200.1.2.3');
      expect(file.pointer(words, 1)).toBe(rightOfRoot);
      words[0] = parseIpv4('64.0.0.1');
      expect(file.pointer(words, 1)).toBe(rightOfSecond);
      words[0] = parseIpv4('10.0.0.1');
      expect(file.pointer(words, 1)).toBe(-1);
    }
  });
});

/** An IPv4 MMDB of the given nodes ([left, right] record values) and no data, with the metadata it needs. */
function tinyIpv4Tree(recordSize: 24 | 28 | 32, nodes: [number, number][]): Buffer {
  const tree = Buffer.concat(
    nodes.map(([left, right]) => {
      if (recordSize === 24) {
        const node = Buffer.alloc(6);
        node.writeUIntBE(left, 0, 3);
        node.writeUIntBE(right, 3, 3);
        return node;
      }
      if (recordSize === 28) {
        const node = Buffer.alloc(7);
        node.writeUIntBE(left & 0xffffff, 0, 3);
        node[3] = ((left >>> 24) << 4) | (right >>> 24);
        node.writeUIntBE(right & 0xffffff, 4, 3);
        return node;
      }
      const node = Buffer.alloc(8);
      node.writeUInt32BE(left, 0);
      node.writeUInt32BE(right, 4);
      return node;
    }),
  );
  const key = (name: string) => Buffer.concat([Buffer.from([0x40 | name.length]), Buffer.from(name)]);
  const metadata = Buffer.concat([
    Buffer.from([0xe3]), // a map of three entries
    key('node_count'),
    Buffer.from([0xc1, nodes.length]), // uint32 in one byte
    key('record_size'),
    Buffer.from([0xa1, recordSize]), // uint16 in one byte
    key('ip_version'),
    Buffer.from([0xa1, 4]),
  ]);
  const marker = Buffer.from('ABCDEF4D61784D696E642E636F6D', 'hex');
  return Buffer.concat([tree, Buffer.alloc(16), marker, metadata]);
}
