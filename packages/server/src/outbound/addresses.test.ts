import { describe, expect, it } from 'vitest';
import { type Address, parseAddress, parseCidr, refusalOf } from './addresses.ts';

// The address classes the outbound guard refuses, in the spellings the WHATWG URL parser hands over.

const address = (text: string): Address => {
  const parsed = parseAddress(text);
  if (!parsed) throw new Error(`not an address: ${text}`);
  return parsed;
};
const hostOf = (url: string) => new URL(url).hostname;
const refused = (text: string, allowed: string[] = [], own: string[] = []) =>
  refusalOf(address(text), allowed.map(parseCidr), own.map(address));

describe('outbound address classes', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified and reserved IPv4', () => {
    for (const [text, reason] of [
      ['127.0.0.1', 'loopback'],
      ['127.255.1.2', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['100.64.0.1', 'carrier-grade NAT'],
      ['100.127.255.254', 'carrier-grade NAT'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['0.0.0.0', 'unspecified'],
      ['255.255.255.255', 'reserved'],
    ] as const) {
      expect(refused(text), text).toContain(reason);
    }
  });

  it('refuses the IPv6 classes and IPv4 hidden inside IPv6', () => {
    for (const [text, reason] of [
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fc00::1', 'unique local'],
      ['fd12:3456::1', 'unique local'],
      ['fe80::1', 'link-local'],
      ['febf::1', 'link-local'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:a9fe:a9fe', 'link-local'],
      ['64:ff9b::10.0.0.1', 'private'],
      ['2002:c0a8:0101::1', 'private'],
      ['0:0:0:0:0:ffff:c0a8:0001', 'private'],
    ] as const) {
      expect(refused(text), text).toContain(reason);
    }
  });

  it('passes public addresses', () => {
    for (const text of [
      '8.8.8.8',
      '93.184.216.34',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ]) {
      expect(refused(text), text).toBeNull();
    }
  });

  it('sees through the number forms the URL parser normalises', () => {
    for (const url of [
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://0x7f.1/',
      'http://127.1/',
      'http://0/',
      'http://[::ffff:127.0.0.1]/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://[::]/',
    ]) {
      expect(refused(hostOf(url)), url).not.toBeNull();
    }
  });

  it("refuses the server's own interface addresses", () => {
    expect(refused('203.0.113.50', [], ['203.0.113.50'])).toContain('own addresses');
    expect(refused('203.0.113.51', [], ['203.0.113.50'])).toBeNull();
  });

  it('lets the operator allow private ranges, and only those', () => {
    expect(refused('127.0.0.1', ['127.0.0.0/8'])).toBeNull();
    expect(refused('::ffff:127.0.0.1', ['127.0.0.1'])).toBeNull();
    expect(refused('10.20.0.5', ['10.20.0.0/16'])).toBeNull();
    expect(refused('10.21.0.5', ['10.20.0.0/16'])).toContain('private');
    expect(refused('fd00::5', ['fd00::/8'])).toBeNull();
    expect(refused('fe80::1', ['fd00::/8'])).toContain('link-local');
  });

  it('reads CIDRs and says what is wrong with a bad one', () => {
    expect(parseCidr('10.0.0.0/8')).toMatchObject({ family: 4, bits: 8 });
    expect(parseCidr(' 10.1.2.3 ')).toMatchObject({ family: 4, bits: 32 });
    expect(parseCidr('fd00::/8')).toMatchObject({ family: 6, bits: 8 });
    expect(() => parseCidr('10.0.0.0/33')).toThrow(/prefix length outside 0-32/);
    expect(() => parseCidr('intranet.local')).toThrow(/not an IP address or CIDR/);
    expect(() => parseCidr('10.0.0.0/8/8')).toThrow(/not an IP address or CIDR/);
    expect(() => parseCidr('fd00::/129')).toThrow(/outside 0-128/);
  });
});
