import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, totpCode } from './totp.ts';

// RFC 6238 appendix B, SHA-1 rows, truncated to the 6 digits apps show.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors', () => {
    for (const [seconds, code] of VECTORS) expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 17, 99]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });

  it('accepts one step of drift each way and never a used step', () => {
    const now = 1111111111_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now, 0)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now, 0)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now, 0)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now), now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now), now, step - 1)).toBe(step);
  });
});
