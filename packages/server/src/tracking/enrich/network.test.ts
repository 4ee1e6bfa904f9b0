import { describe, expect, it } from 'vitest';
import { connectionTypeOf, HOSTING_ASNS, networkNameKind } from './network.ts';

describe('HOSTING_ASNS', () => {
  it('holds the big clouds and leaves out the networks that carry private relays', () => {
    for (const asn of [16509, 15169, 8075, 16276, 24940, 14061, 63949])
      expect(HOSTING_ASNS.has(asn)).toBe(true);
    for (const asn of [13335, 20940, 36183, 54113, 3320]) expect(HOSTING_ASNS.has(asn)).toBe(false);
  });
});

describe('connectionTypeOf', () => {
  it.each([
    [16509, 'Amazon.com, Inc.', 'desktop', true, 'corporate'],
    [14593, 'Space Exploration Technologies Corporation', 'mobile', false, 'satellite'],
    [64500, 'Acme Satellite Internet', 'desktop', false, 'satellite'],
    [21928, 'T-Mobile USA, Inc.', 'desktop', false, 'cellular'],
    [11315, 'Telefonica Moviles Argentina S.A.', 'mobile', false, 'cellular'],
    [9808, 'China Mobile', 'tablet', false, 'cellular'],
    [22394, 'Verizon Business', 'mobile', false, 'cellular'],
    [22394, 'Verizon Business', 'desktop', false, 'broadband'],
    [3320, 'Deutsche Telekom AG', 'mobile', false, 'broadband'],
    [12104, 'State Farm Mutual Automobile Insurance Company', 'desktop', false, 'broadband'],
    [0, '', 'mobile', false, ''],
  ])('AS%i %s on %s -> %s', (asn, isp, deviceType, isDatacenter, expected) => {
    const network = () => ({ asn, organisation: isp, nameKind: networkNameKind(isp) });
    expect(connectionTypeOf(network(), deviceType, isDatacenter)).toBe(expected);
    // Again: a second look at the same network answers the same.
    expect(connectionTypeOf(network(), deviceType, isDatacenter)).toBe(expected);
  });

  it('knows nothing of an unknown network', () => {
    expect(connectionTypeOf(null, 'mobile', false)).toBe('');
  });
});

describe('networkNameKind', () => {
  it.each([
    ['T-Mobile USA, Inc.', 'cellular'],
    ['Telefonica Moviles Argentina S.A.', 'cellular'],
    ['Vodafone GmbH Mobilfunk', 'cellular'],
    ['Acme Satellite Internet', 'satellite'],
    ['Space Exploration Technologies Corporation Starlink', 'satellite'],
    ['Deutsche Telekom AG', ''],
    ['Automobile Club', ''],
    ['', ''],
  ])('%s -> %s', (name, expected) => {
    expect(networkNameKind(name)).toBe(expected);
    expect(networkNameKind(name)).toBe(expected);
  });
});
