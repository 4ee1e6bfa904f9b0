import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Reader, type Response } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { selected } from '../../../test-support/mmdbFields.ts';
import { seededRandom } from '../../seeding/random.ts';
import { CITY_PACKAGE, packageDir } from './credits.ts';
import { parseIpv4, parseIpv6 } from './ip.ts';
import type { FieldSelector } from './mmdbFields.ts';
import { MmdbFile } from './mmdbFile.ts';
import { GEO_FIELDS } from './records.ts';

const cityFile = (family: 4 | 6) =>
  readFileSync(join(packageDir(CITY_PACKAGE), `dbip-city-ipv${family}.mmdb`));

/** The library's own walk, to hold ours against (private in its types, there at run time). */
const libraryPointer = (reader: Reader<Response>, address: string): number =>
  (reader as unknown as { findAddressInTree(address: string): [number | null, number] }).findAddressInTree(
    address,
  )[0] ?? -1;

const random = seededRandom(7);
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

/**
 * Expects the file to point and answer as the library does for every address (with only the fields
 * `fields` selects, when given), and answers how many it found a record for.
 */
function expectAsLibrary(db: Buffer, addresses: readonly string[], fields?: FieldSelector): number {
  const file = new MmdbFile(db, fields);
  const library = new Reader<Response>(db);
  const ipv4 = new Uint32Array(1);
  const ipv6 = new Uint32Array(4);
  let found = 0;
  for (const address of addresses) {
    const v4 = parseIpv4(address);
    if (v4 >= 0) ipv4[0] = v4;
    else expect(parseIpv6(address, ipv6)).toBe(true);
    const [words, count] = v4 >= 0 ? ([ipv4, 1] as const) : ([ipv6, 4] as const);
    expect(file.pointer(words, count)).toBe(libraryPointer(library, address));
    const record = file.get(address, words, count);
    const whole = library.get(address);
    expect(record).toEqual(fields ? selected(whole, fields) : whole);
    if (record !== null) found += 1;
  }
  return found;
}

describe('an MMDB file walked from the parsed address', () => {
  it('finds what the library finds for IPv4 addresses, record for record', () => {
    // Most of the space is assigned: a walk that ended early would find far fewer.
    expect(expectAsLibrary(cityFile(4), ipv4s)).toBeGreaterThan(ipv4s.length * 0.7);
    expect(expectAsLibrary(cityFile(4), ipv4s, GEO_FIELDS)).toBeGreaterThan(ipv4s.length * 0.7);
  });

  it('finds what the library finds for IPv6 addresses, and for IPv4 ones in an IPv6 tree', () => {
    expect(expectAsLibrary(cityFile(6), ipv6s)).toBeGreaterThan(6 * 2_000 * 0.5);
    expectAsLibrary(cityFile(6), ipv6s, GEO_FIELDS);
    expectAsLibrary(cityFile(6), ipv4s.slice(0, 2_000));
    expectAsLibrary(cityFile(6), ipv4s.slice(0, 2_000), GEO_FIELDS);
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
