import { describe, expect, it } from 'vitest';
import { asnOfRecord, type GeoFacts, writeGeo } from './records.ts';

const blank = (): GeoFacts => ({ countryCode: '', countryName: '', region: '', city: '' });

describe('writeGeo', () => {
  it('reads the ip-location-db layout', () => {
    const out = blank();
    writeGeo({ country_code: 'DE', state1: 'Bavaria', city: 'Munich' }, out);
    expect(out).toEqual({ countryCode: 'DE', countryName: 'Germany', region: 'Bavaria', city: 'Munich' });
  });

  it("reads MaxMind's layout", () => {
    const out = blank();
    writeGeo(
      {
        country: { iso_code: 'jp' },
        subdivisions: [{ names: { en: 'Tokyo' } }],
        city: { names: { en: 'Shinjuku' } },
      },
      out,
    );
    expect(out).toEqual({ countryCode: 'JP', countryName: 'Japan', region: 'Tokyo', city: 'Shinjuku' });
  });

  it('leaves the country unknown for ZZ, odd codes and a missing one, the same every time', () => {
    for (let round = 0; round < 2; round += 1) {
      for (const code of ['ZZ', 'zz', 'USA', '1A', '', 'U']) {
        const out = blank();
        writeGeo({ country_code: code, state1: '', city: '' }, out);
        expect(out.countryCode).toBe('');
        expect(out.countryName).toBe('');
      }
      const lower = blank();
      writeGeo({ country_code: 'fr' }, lower);
      expect([lower.countryCode, lower.countryName]).toEqual(['FR', 'France']);
      const missing = blank();
      writeGeo({ country: {} }, missing);
      expect(missing).toEqual(blank());
    }
  });

  it('keeps answering past the bound of remembered values', () => {
    for (let index = 0; index < 1500; index += 1) writeGeo({ country_code: `x${index}` }, blank());
    const out = blank();
    writeGeo({ country_code: 'BR' }, out);
    expect([out.countryCode, out.countryName]).toEqual(['BR', 'Brazil']);
  });

  it('writes nothing for a record that is not a map', () => {
    const out = blank();
    writeGeo(null, out);
    writeGeo('DE', out);
    expect(out).toEqual(blank());
  });
});

describe('asnOfRecord', () => {
  it('reads a network and what its name says', () => {
    expect(
      asnOfRecord({ autonomous_system_number: 21928, autonomous_system_organization: 'T-Mobile USA, Inc.' }),
    ).toEqual({ asn: 21928, organisation: 'T-Mobile USA, Inc.', nameKind: 'cellular' });
    expect(asnOfRecord({ autonomous_system_number: -3, autonomous_system_organization: 7 })).toEqual({
      asn: 0,
      organisation: '',
      nameKind: '',
    });
    expect(asnOfRecord(undefined)).toBeNull();
  });
});
