import { describe, expect, it } from 'vitest';
import { checkLicense, generateLicenseKeyPair, signLicense } from './license.ts';

describe('licence keys', () => {
  const keys = generateLicenseKeyPair();
  const now = Date.parse('2026-06-01T00:00:00Z');
  const key = signLicense(keys.privateKey, {
    trackerId: 't-1',
    plan: 'pro',
    expiresAt: '2026-07-01T00:00:00Z',
  });

  it('verify offline against the public key', () => {
    expect(checkLicense({ publicKey: keys.publicKey, key, trackerId: 't-1', now })).toMatchObject({
      state: 'valid',
      payload: { trackerId: 't-1', plan: 'pro' },
    });
  });

  it('expire at their expiry', () => {
    const later = Date.parse('2026-07-01T00:00:00Z');
    expect(checkLicense({ publicKey: keys.publicKey, key, trackerId: 't-1', now: later }).state).toBe(
      'expired',
    );
  });

  it('are refused when tampered with, signed by another key, or made for another tracker', () => {
    const [body = '', signature = ''] = key.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const extended = Buffer.from(
      JSON.stringify({ ...payload, expiresAt: '2099-01-01T00:00:00.000Z' }),
    ).toString('base64url');
    expect(
      checkLicense({ publicKey: keys.publicKey, key: `${extended}.${signature}`, trackerId: 't-1', now })
        .state,
    ).toBe('missing');
    const stranger = generateLicenseKeyPair();
    const foreign = signLicense(stranger.privateKey, {
      trackerId: 't-1',
      plan: 'pro',
      expiresAt: '2027-01-01',
    });
    expect(checkLicense({ publicKey: keys.publicKey, key: foreign, trackerId: 't-1', now }).state).toBe(
      'missing',
    );
    expect(checkLicense({ publicKey: keys.publicKey, key, trackerId: 't-2', now }).state).toBe('missing');
    expect(checkLicense({ publicKey: keys.publicKey, key: 'garbage', trackerId: 't-1', now }).state).toBe(
      'missing',
    );
  });

  it('are not needed without a public key (community edition)', () => {
    expect(checkLicense({ publicKey: null, key: null, trackerId: 't-1', now }).state).toBe('community');
  });
});
