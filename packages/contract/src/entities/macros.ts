import { z } from 'zod';
import { encodeText } from '../text.ts';
import { asciiUrl, hasMacroBeforePath } from './asciiUrl.ts';

// The tracker's URL macros: what an offer, lander or postback URL may contain in braces. The click engine
// fills them (URL-encoded) when it redirects; the panel lists them next to URL fields.
export interface MacroInfo {
  name: string;
  description: string;
}

const NAMED_MACROS: readonly MacroInfo[] = [
  { name: 'clickid', description: 'Click id minted by the tracker' },
  { name: 'campaign_id', description: 'Campaign id' },
  { name: 'campaign_key', description: 'Campaign URL key' },
  { name: 'campaign_name', description: 'Campaign name' },
  { name: 'traffic_source_id', description: 'Traffic source id' },
  { name: 'traffic_source_name', description: 'Traffic source name' },
  { name: 'affiliate_network_id', description: 'Affiliate network id' },
  { name: 'affiliate_network_name', description: 'Affiliate network name' },
  { name: 'offer_id', description: 'Offer id' },
  { name: 'offer_name', description: 'Offer name' },
  { name: 'landing_id', description: 'Lander id' },
  { name: 'landing_name', description: 'Lander name' },
  { name: 'lp_key', description: 'LP-protect key of the lander' },
  { name: 'path_name', description: 'Path name in the campaign flow' },
  { name: 'rule_name', description: 'Rule name in the campaign flow' },
  { name: 'externalid', description: "Traffic source's click id (external id)" },
  { name: 'clickcost', description: 'Cost of the click' },
  { name: 'payout', description: 'Conversion payout (postbacks)' },
  { name: 'cnv_status', description: 'Conversion status (postbacks)' },
  { name: 'txid', description: 'Transaction id of the conversion (postbacks)' },
  { name: 'currency', description: 'Currency of the payout (postbacks)' },
  { name: 'country', description: 'Country name' },
  { name: 'country_code', description: 'ISO country code' },
  { name: 'region', description: 'Region' },
  { name: 'city', description: 'City' },
  { name: 'isp', description: 'Internet service provider' },
  { name: 'ip', description: 'Visitor IP address' },
  { name: 'language', description: 'Browser language' },
  { name: 'referer', description: 'Referrer URL' },
  { name: 'ref_domain', description: 'Referrer domain' },
  { name: 'device_type', description: 'Device type' },
  { name: 'os_name', description: 'Operating system' },
  { name: 'browser_name', description: 'Browser' },
  { name: 'user_agent', description: 'User agent' },
  { name: 'date', description: 'Click date (YYYY-MM-DD, UTC)' },
  { name: 'unixtime', description: 'Click time in Unix seconds' },
];

export const TOKEN_SLOTS = 30;
const range = (count: number): number[] => Array.from({ length: count }, (_, index) => index + 1);

export const TRACKING_MACROS: readonly MacroInfo[] = [
  ...NAMED_MACROS,
  ...range(TOKEN_SLOTS).map((n) => ({ name: `t${n}`, description: `Traffic-source token ${n}` })),
  ...range(TOKEN_SLOTS).map((n) => ({ name: `event${n}`, description: `Custom event ${n} count` })),
];

const KNOWN = new Set(TRACKING_MACROS.map((macro) => macro.name));
const MACRO = /\{([^{}]*)\}/g;

/** The known macros in one short line, the numbered families folded into ranges. */
export const KNOWN_MACROS_TEXT = [
  ...NAMED_MACROS.map((macro) => `{${macro.name}}`),
  `{t1}..{t${TOKEN_SLOTS}}`,
  `{event1}..{event${TOKEN_SLOTS}}`,
].join(', ');

/** Macro names used in a text, in order of appearance (duplicates kept once). */
export function macrosIn(text: string): string[] {
  return [...new Set([...text.matchAll(MACRO)].map((match) => match[1] ?? ''))];
}

/**
 * Macros that carry the conversion's revenue: `{payout}` is the payout times the source's payout %. A
 * user who may not see revenue (hide-profit) may not send it to a URL of theirs either.
 */
export const REVENUE_MACROS: readonly string[] = ['payout'];

export function revenueMacrosIn(text: string): string[] {
  return macrosIn(text).filter((name) => REVENUE_MACROS.includes(name));
}

export function unknownMacros(text: string): string[] {
  return macrosIn(text).filter((name) => !KNOWN.has(name));
}

/** Fills macros from `values`; unknown or missing ones are left as written. Values are URL-encoded. */
export function fillMacros(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(MACRO, (whole, name: string) =>
    values[name] === undefined ? whole : encodeText(values[name]),
  );
}

export const URL_MAX_LENGTH = 4096;

/**
 * An absolute http(s) URL that may carry the tracker's macros, e.g.
 * `https://offer.example/?sub={clickid}&geo={country_code}`, kept in its ASCII form (asciiUrl.ts). Unknown
 * macros are refused with the list of the known ones, because a typo would otherwise reach the network as
 * literal text; macros before the path are refused (hasMacroBeforePath).
 */
export const trackedUrlSchema = z
  .string()
  .trim()
  .min(1, 'URL is required')
  .max(URL_MAX_LENGTH, `URL is at most ${URL_MAX_LENGTH} characters`)
  .superRefine((value, ctx) => {
    const unknown = unknownMacros(value);
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown macro ${unknown.map((name) => `{${name}}`).join(', ')}. Known macros: ${KNOWN_MACROS_TEXT}`,
      });
      return;
    }
    if (/\s/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'URL cannot contain spaces' });
      return;
    }
    if (hasMacroBeforePath(value)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Macros can only be in the path, query or fragment of a URL, not in its scheme or host',
      });
      return;
    }
    // Macros are replaced by a plain word before parsing, since braces are no URL syntax.
    let parsed: URL;
    try {
      parsed = new URL(value.replace(MACRO, 'macro'));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Enter a full URL such as https://example.com/page' });
      return;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: 'Only http:// and https:// URLs are allowed' });
    }
  })
  .transform(asciiUrl);
