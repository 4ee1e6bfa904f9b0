import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { normaliseIp, parseIpv4, parseIpv6 } from './ip.ts';

const words = (ip: string): string[] | null => {
  const out = new Uint32Array(4);
  return parseIpv6(ip, out) ? Array.from(out, (word) => word.toString(16).padStart(8, '0')) : null;
};

describe('normaliseIp', () => {
  it('keeps IPv4, lowercases IPv6 and drops brackets and zone indexes', () => {
    expect(normaliseIp('203.0.113.7')).toEqual({ address: '203.0.113.7', version: 4 });
    expect(normaliseIp(' 2001:DB8::1 ')).toEqual({ address: '2001:db8::1', version: 6 });
    expect(normaliseIp('[2001:db8::1]')).toEqual({ address: '2001:db8::1', version: 6 });
    expect(normaliseIp('fe80::1%eth0')).toEqual({ address: 'fe80::1', version: 6 });
  });

  it('turns IPv4-mapped IPv6 into IPv4, in dotted and in hex form', () => {
    expect(normaliseIp('::ffff:203.0.113.7')).toEqual({ address: '203.0.113.7', version: 4 });
    expect(normaliseIp('::FFFF:cb00:7107')).toEqual({ address: '203.0.113.7', version: 4 });
  });

  it('refuses what is not an address', () => {
    for (const raw of ['', 'localhost', '256.1.1.1', '01.2.3.4', '1.2.3', ':::', '2001:db8::1'.repeat(8)]) {
      expect(normaliseIp(raw)).toEqual({ address: '', version: 0 });
    }
    expect(normaliseIp(undefined as unknown as string).version).toBe(0);
  });

  it('tells IPv6 from garbage exactly as node:net does', () => {
    const texts = [
      '::',
      '::1',
      '1::',
      '1:2:3:4:5:6:7::',
      '::2:3:4:5:6:7:8',
      '1:2:3:4:5:6:7:8',
      '0000:0000:0000:0000:0000:0000:0000:0001',
      '2001:DB8::AbCd',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '1:::2',
      ':1',
      '1:',
      '12345::',
      'g::',
      ':::',
      '1:2:3:4:5:6:7',
      '::1:2:3:4:5:6:7:8',
      '1:2:3:4::5:6:7:8',
      '-1::',
      '+1::',
      ' ::1',
      '::1 ',
      '1:2:3:4:5:6:7:8::',
    ];
    for (const text of texts) {
      const expected = isIP(text.trim()) === 6 ? text.trim().toLowerCase() : '';
      expect(normaliseIp(text).address, text).toBe(expected);
    }
  });
});

describe('parseIpv4', () => {
  it('gives the unsigned 32-bit value, also for a slice of a longer text', () => {
    expect(parseIpv4('0.0.0.0')).toBe(0);
    expect(parseIpv4('255.255.255.255')).toBe(0xffffffff);
    expect(parseIpv4('8.8.4.4')).toBe(0x08080404);
    expect(parseIpv4('x,1.2.3.4,y', 2, 9)).toBe(0x01020304);
  });

  it('answers -1 for anything else', () => {
    for (const text of [
      '',
      '1.2.3',
      '1.2.3.4.5',
      '1.2.3.256',
      '1..3.4',
      '1.2.3.4 ',
      'a.b.c.d',
      '1234.1.1.1',
    ]) {
      expect(parseIpv4(text)).toBe(-1);
    }
  });
});

describe('parseIpv6', () => {
  it('expands compression and IPv4 tails into four big-endian words', () => {
    expect(words('2001:4860:4860::8888')).toEqual(['20014860', '48600000', '00000000', '00008888']);
    expect(words('::')).toEqual(['00000000', '00000000', '00000000', '00000000']);
    expect(words('::1')).toEqual(['00000000', '00000000', '00000000', '00000001']);
    expect(words('2001:db8::')).toEqual(['20010db8', '00000000', '00000000', '00000000']);
    expect(words('1:2:3:4:5:6:7:8')).toEqual(['00010002', '00030004', '00050006', '00070008']);
    expect(words('::ffff:1.2.3.4')).toEqual(['00000000', '00000000', '0000ffff', '01020304']);
    expect(words('2001:DB8:0:0:1::1')).toEqual(['20010db8', '00000000', '00010000', '00000001']);
    expect(words('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toEqual([
      'ffffffff',
      'ffffffff',
      'ffffffff',
      'ffffffff',
    ]);
  });

  it('refuses malformed addresses', () => {
    for (const text of [
      '',
      ':',
      ':1',
      '1:',
      '1:::2',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '12345::',
      'g::',
      '1.2.3.4',
      '::1.2.3',
    ]) {
      expect(words(text)).toBeNull();
    }
  });
});
