import { isIP } from 'node:net';

// How each CAIRN_* value is read: the parsers loadConfig (config.ts) applies, each refusing a bad value
// with a ConfigError that names the variable and what it takes.

export class ConfigError extends Error {}

export const MB = 1024 * 1024;

/** A whole number of megabytes (1 to 100000), as bytes. */
export function megabytes(name: string, raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < 1 || value > 100_000) {
    throw new ConfigError(`${name} must be a whole number of megabytes from 1 to 100000, got "${raw}"`);
  }
  return value * MB;
}

export function positiveNumber(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new ConfigError(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export function port(raw: string, name = 'CAIRN_PORT'): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`${name} must be an integer from 0 to 65535, got "${raw}"`);
  }
  return value;
}

/** Trusts the first `hops` proxies counted from Cairn's side; Fastify calls it per address with its hop. */
export interface TrustHops {
  (address: string, hop: number): boolean;
  readonly hops: number;
}

export function trustHops(hops: number): TrustHops {
  return Object.assign((_address: string, hop: number) => hop < hops, { hops });
}

// proxy-addr's names for ranges, besides addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function proxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** `false`, a hop count, or a comma-separated list of proxy addresses/CIDRs; `true` is one hop. */
export function parseTrustProxy(raw: string): false | string[] | TrustHops {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === '0') return false;
  if (value === 'true') return trustHops(1);
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`CAIRN_TRUST_PROXY hop count must be at most 10, got "${raw}"`);
    return trustHops(hops);
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !proxyEntry(entry));
  if (bad.length > 0) {
    throw new ConfigError(
      `CAIRN_TRUST_PROXY must be false, a hop count (1, 2), or proxy addresses/CIDRs separated by commas; ` +
        `not an address: ${bad.map((entry) => `"${entry}"`).join(', ')}`,
    );
  }
  return entries;
}

/** A timeout of the HTTP server: whole milliseconds, never 0 (which Node reads as "no timeout"). */
export function timeoutMs(name: string, raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < 100 || value > 3_600_000) {
    throw new ConfigError(`${name} must be a whole number of milliseconds from 100 to 3600000, got "${raw}"`);
  }
  return value;
}

/** `postgres://` / `postgresql://` URLs; `duckdb` names the embedded default explicitly. */
export function configDb(raw: string): string | null {
  const value = raw.trim();
  if (value.toLowerCase() === 'duckdb') return null;
  if (!/^postgres(ql)?:\/\/./i.test(value)) {
    throw new ConfigError(
      'CAIRN_CONFIG_DB must be a PostgreSQL URL (postgres://user:password@host:5432/database) or "duckdb"',
    );
  }
  return value;
}

export function nonEmpty(raw: string | undefined): string | undefined {
  return raw === undefined || raw.trim() === '' ? undefined : raw;
}

// The panel shows these to people as links, so only a web address passes (no `javascript:`).
export function link(name: string, raw: string): string {
  const value = raw.trim();
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    // Not an absolute URL: refused below like any other scheme.
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) address, got "${raw}"`);
  }
  return value;
}
