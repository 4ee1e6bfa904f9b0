import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../seeding/random.ts';
import { parseAsnCsv } from './asnTable.ts';
import { ASN_PACKAGE, packageDir } from './credits.ts';
import { parseIpv4, parseIpv6 } from './ip.ts';

const v4 = (table: ReturnType<typeof parseAsnCsv>, ip: string) => table.find(Uint32Array.of(parseIpv4(ip)));
const v6 = (table: ReturnType<typeof parseAsnCsv>, ip: string) => {
  const key = new Uint32Array(4);
  if (!parseIpv6(ip, key)) throw new Error(`not IPv6: ${ip}`);
  return table.find(key);
};

describe('parseAsnCsv', () => {
  const table = parseAsnCsv(
    [
      '10.0.2.0,10.0.2.255,64502,"Third, With Comma"',
      '10.0.0.0,10.0.0.255,64500,First Net',
      'garbage line',
      '10.0.1.0,10.0.1.127,64501,"Quoted ""Name"""',
      '10.0.3.0,not-an-ip,64503,Broken',
      '10.0.4.0,10.0.4.255,-1,Negative',
      '10.0.5.0,10.0.5.255,64500,First Net\r',
      '',
    ].join('\n'),
    4,
  );

  it('skips lines that do not parse and sorts the rest', () => {
    expect(table.size).toBe(4);
    expect(v4(table, '10.0.0.0')).toEqual({ asn: 64500, organisation: 'First Net', nameKind: '' });
    expect(v4(table, '10.0.2.128')).toEqual({ asn: 64502, organisation: 'Third, With Comma', nameKind: '' });
    expect(v4(table, '10.0.5.9')).toEqual({ asn: 64500, organisation: 'First Net', nameKind: '' });
  });

  it('includes both ends of a range and nothing between ranges', () => {
    expect(v4(table, '10.0.0.255')?.asn).toBe(64500);
    expect(v4(table, '10.0.1.0')?.organisation).toBe('Quoted "Name"');
    expect(v4(table, '10.0.1.127')?.asn).toBe(64501);
    expect(v4(table, '10.0.1.128')).toBeNull();
    expect(v4(table, '9.255.255.255')).toBeNull();
    expect(v4(table, '10.0.6.0')).toBeNull();
  });

  it("keeps each network's name kind, the same on every look-up", () => {
    const kinds = parseAsnCsv(
      ['1.0.0.0,1.0.0.255,64600,Example Mobile Ltd', '2.0.0.0,2.0.0.255,64601,Orbit Satellite Co'].join('\n'),
      4,
    );
    for (let round = 0; round < 2; round += 1) {
      expect(v4(kinds, '1.0.0.1')?.nameKind).toBe('cellular');
      expect(v4(kinds, '2.0.0.1')?.nameKind).toBe('satellite');
      expect(v4(table, '10.0.0.1')?.nameKind).toBe('');
    }
  });

  it('answers the same network for ranges of the same network', () => {
    expect(v4(table, '10.0.0.1')).toEqual(v4(table, '10.0.5.1'));
  });

  it('keeps an organisation with two networks apart, and 32-bit ASNs whole', () => {
    const twice = parseAsnCsv(
      [
        '1.0.0.0,1.0.0.255,4200000000,Same Org',
        '1.0.1.0,1.0.1.255,64999,Same Org',
        '2.0.0.0,2.0.0.255,7,Ü',
      ].join('\n'),
      4,
    );
    expect(v4(twice, '1.0.0.9')).toEqual({ asn: 4_200_000_000, organisation: 'Same Org', nameKind: '' });
    expect(v4(twice, '1.0.1.9')).toEqual({ asn: 64_999, organisation: 'Same Org', nameKind: '' });
    expect(v4(twice, '2.0.0.9')).toEqual({ asn: 7, organisation: 'Ü', nameKind: '' });
    expect(v4(twice, '3.0.0.0')).toBeNull();
  });

  it('compares IPv6 ranges over all 128 bits', () => {
    const six = parseAsnCsv(
      [
        '2001:db8::,2001:db8:0:ffff:ffff:ffff:ffff:ffff,64510,Wide',
        '2001:db8:1::30,2001:db8:1::30,64511,Single',
        '2001:db8:1::31,2001:db8:1:ffff:ffff:ffff:ffff:ffff,64512,Rest',
      ].join('\n'),
      6,
    );
    expect(v6(six, '2001:db8::1')?.asn).toBe(64510);
    expect(v6(six, '2001:db8:1::2f')).toBeNull();
    expect(v6(six, '2001:db8:1::30')?.asn).toBe(64511);
    expect(v6(six, '2001:db8:1::31')?.asn).toBe(64512);
    expect(v6(six, '2001:db8:2::')).toBeNull();
  });

  it('finds ranges across the first 16 bits of the address, whichever prefix they start in', () => {
    const spanning = parseAsnCsv(
      [
        '10.0.255.0,10.1.0.255,64520,Across',
        '11.0.0.0,12.255.255.255,64521,Wide',
        '12.255.255.255,12.255.255.255,64522,Last of prefix',
        '255.255.0.0,255.255.255.255,64523,Top',
      ].join('\n'),
      4,
    );
    expect(v4(spanning, '10.0.254.255')).toBeNull();
    expect(v4(spanning, '10.1.0.5')?.asn).toBe(64520);
    expect(v4(spanning, '10.1.1.0')).toBeNull();
    expect(v4(spanning, '12.200.1.1')?.asn).toBe(64521);
    expect(v4(spanning, '12.255.255.255')?.asn).toBe(64522);
    expect(v4(spanning, '255.255.255.255')?.asn).toBe(64523);
    expect(v4(spanning, '0.0.0.0')).toBeNull();
  });

  it('answers as a plain search over every range of the shipped table', () => {
    const text = readFileSync(join(packageDir(ASN_PACKAGE), 'asn-ipv4.csv'), 'utf8');
    const table = parseAsnCsv(text, 4);
    const rows = text
      .split('\n')
      .map((line) => line.split(','))
      .filter((fields) => fields.length >= 3)
      .map(([from, to, asn]) => [parseIpv4(from ?? ''), parseIpv4(to ?? ''), Number(asn)] as const)
      .filter(([from, to, asn]) => from >= 0 && to >= 0 && Number.isInteger(asn) && asn >= 0)
      .sort((left, right) => left[0] - right[0]);
    const expected = (address: number): number | null => {
      let low = 0;
      let high = rows.length - 1;
      let found = -1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        if ((rows[middle] as (typeof rows)[number])[0] <= address) {
          found = middle;
          low = middle + 1;
        } else high = middle - 1;
      }
      const row = rows[found];
      return row && row[1] >= address ? row[2] : null;
    };
    const random = seededRandom(11);
    const addresses = Array.from({ length: 20_000 }, () => Math.floor(random() * 0x100000000));
    for (let sample = 0; sample < 2_000; sample += 1) {
      const [from, to] = rows[Math.floor(random() * rows.length)] as (typeof rows)[number];
      addresses.push(from, to, Math.max(0, from - 1), Math.min(0xffffffff, to + 1));
    }
    let found = 0;
    for (const address of addresses) {
      const answer = table.find(Uint32Array.of(address))?.asn ?? null;
      expect(answer).toBe(expected(address));
      if (answer !== null) found += 1;
    }
    expect(found).toBeGreaterThan(addresses.length / 2);
  });

  it('gives an empty table for an empty file', () => {
    expect(parseAsnCsv('', 4).size).toBe(0);
    expect(v4(parseAsnCsv('', 4), '1.2.3.4')).toBeNull();
  });
});
