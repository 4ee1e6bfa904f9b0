import { describe, expect, it } from 'vitest';
import type { CertificateRecord } from './records.ts';
import { RENEW_BEFORE_MS, RETRY_AFTER_MS, TlsService } from './service.ts';

const NOW = Date.parse('2026-12-06T12:00:00Z');
const record = (changes: Partial<CertificateRecord>): CertificateRecord => ({
  host: 'track.example.com',
  wanted: true,
  redirectHttp: false,
  certificatePem: null,
  keySealed: null,
  notAfter: null,
  issuedAt: null,
  lastAttemptAt: null,
  lastError: null,
  ...changes,
});
const hosts = new Set(['track.example.com']);

describe('which certificates the renewal check gets', () => {
  it('gets one for a wanted host that has none, and none for a host not wanted or no longer a domain', () => {
    expect(TlsService.isDue(record({}), hosts, NOW)).toBe(true);
    expect(TlsService.isDue(record({ wanted: false }), hosts, NOW)).toBe(false);
    expect(TlsService.isDue(record({}), new Set(['other.example.com']), NOW)).toBe(false);
  });

  it('renews from 30 days before expiry, not a moment earlier', () => {
    expect(TlsService.isDue(record({ notAfter: NOW + RENEW_BEFORE_MS }), hosts, NOW)).toBe(false);
    expect(TlsService.isDue(record({ notAfter: NOW + RENEW_BEFORE_MS - 1 }), hosts, NOW)).toBe(true);
    expect(TlsService.isDue(record({ notAfter: NOW - 1 }), hosts, NOW)).toBe(true);
  });

  it('waits an hour after a failed attempt before the next', () => {
    const failed = { lastError: 'timeout', notAfter: null };
    expect(TlsService.isDue(record({ ...failed, lastAttemptAt: NOW - RETRY_AFTER_MS + 1 }), hosts, NOW)).toBe(
      false,
    );
    expect(TlsService.isDue(record({ ...failed, lastAttemptAt: NOW - RETRY_AFTER_MS }), hosts, NOW)).toBe(
      true,
    );
  });
});
