import { isIPv6 } from 'node:net';
import { truncateText } from '@cairn/contract';
import { RecentCache } from './cache.ts';

export interface Language {
  /** Language and region, lower case: 'en-us'; or the language alone: 'de'. '' when none is usable. */
  tag: string;
  /** The language alone: 'en'. */
  base: string;
}

const NO_LANGUAGE: Language = Object.freeze({ tag: '', base: '' });
// Browsers send one of a few hundred distinct headers; parsing one costs more than the rest of the
// header facts together.
const LANGUAGE_CACHE_SIZE = 2_000;
const languageCache = new RecentCache<string, Language>(LANGUAGE_CACHE_SIZE);
// Browsers send a few entries; a longer header is cut so a hostile one costs no more than a real one.
const MAX_ACCEPT_LANGUAGE = 256;
const PRIMARY = /^[a-z]{2,3}$/;
const REGION = /^(?:[a-z]{2}|\d{3})$/;
const Q_PARAMETER = /^\s*q\s*=/i;
const Q_VALUE = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i;

function normaliseTag(range: string): Language | null {
  const subtags = range.trim().toLowerCase().replaceAll('_', '-').split('-');
  const primary = subtags[0] ?? '';
  if (!PRIMARY.test(primary)) return null;
  // The region is the first 2-letter or 3-digit subtag; a script (zh-Hant-TW) sits before it.
  const region = subtags.slice(1).find((subtag) => REGION.test(subtag));
  return Object.freeze({ tag: region === undefined ? primary : `${primary}-${region}`, base: primary });
}

/**
 * The preferred language of an Accept-Language header: the entry with the highest q-value (the first
 * one among equals), skipping '*', q=0 and entries that are not language tags.
 */
export function preferredLanguage(header: string): Language {
  if (typeof header !== 'string' || header === '') return NO_LANGUAGE;
  const cached = languageCache.get(header);
  if (cached !== undefined) return cached;
  const language = parseAcceptLanguage(header);
  // Long headers are rare and mostly hostile: they are parsed each time rather than crowd the cache.
  if (header.length <= MAX_ACCEPT_LANGUAGE) languageCache.set(header, language);
  return language;
}

function parseAcceptLanguage(header: string): Language {
  // A cut header ends at the last whole entry: a cut one would lose its q-value and win with q=1.
  const text =
    header.length > MAX_ACCEPT_LANGUAGE
      ? header.slice(0, Math.max(0, header.lastIndexOf(',', MAX_ACCEPT_LANGUAGE)))
      : header;
  let best: Language | null = null;
  let bestQuality = 0;
  for (const entry of text.split(',')) {
    const [range = '', ...parameters] = entry.split(';');
    let quality = 1;
    for (const parameter of parameters) {
      if (!Q_PARAMETER.test(parameter)) continue;
      // A malformed weight makes the entry unusable rather than preferred.
      const match = Q_VALUE.exec(parameter);
      quality = match ? Math.min(1, Number(match[1])) : 0;
    }
    if (quality <= bestQuality) continue;
    const language = normaliseTag(range);
    if (language === null) continue;
    best = language;
    bestQuality = quality;
  }
  return best ?? NO_LANGUAGE;
}

const MAX_REFERRER = 2048;
const PLAIN_HOST = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?$/;

function withoutWww(host: string): string {
  const trimmed = host.endsWith('.') ? host.slice(0, -1) : host;
  return trimmed.startsWith('www.') ? trimmed.slice(4) : trimmed;
}

/**
 * The host of a Referer URL, lower case, without a leading 'www.' and without port or credentials; ''
 * when the header is not an absolute URL with a host. International names come back in punycode, as
 * URL gives them.
 */
export function referrerDomain(referrer: string): string {
  if (typeof referrer !== 'string' || referrer === '') return '';
  const text = referrer.length > MAX_REFERRER ? truncateText(referrer, MAX_REFERRER) : referrer.trim();
  const scheme = text.indexOf('://');
  if (scheme <= 0) return '';
  // Fast path without building a URL object: most referrers are plain http(s) URLs.
  let end = scheme + 3;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    if (code === 47 || code === 63 || code === 35 || code === 92) break;
    end++;
  }
  let host = text.slice(scheme + 3, end);
  const credentials = host.lastIndexOf('@');
  if (credentials !== -1) host = host.slice(credentials + 1);
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    const literal = close === -1 ? '' : host.slice(1, close).toLowerCase();
    return isIPv6(literal) ? literal : '';
  }
  const port = host.indexOf(':');
  if (port !== -1) host = host.slice(0, port);
  host = host.toLowerCase();
  if (PLAIN_HOST.test(host)) return withoutWww(host);
  const parsed = URL.parse(text);
  if (parsed === null || parsed.hostname === '' || !PLAIN_HOST.test(parsed.hostname)) return '';
  return withoutWww(parsed.hostname);
}
