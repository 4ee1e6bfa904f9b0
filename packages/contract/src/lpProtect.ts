import { z } from 'zod';

// Settings > LP protect: the installation's defaults for protected landers and what a visit without a valid
// key gets. The checks a lander's own code runs (PHP, Node.js) are made here from the same settings, so the
// panel's settings page and each lander's form show the same code, and the server's tests run it.

export const LP_PROTECT_PATHS = {
  settings: '/api/settings/lp-protect',
  rotate: '/api/settings/lp-protect/rotate',
} as const;

/** The query parameter the tracker adds to a protected lander's URL. */
export const LP_KEY_QUERY_PARAM = 'lpkey';
export const LP_KEY_LIFETIME_MIN = 5;
/** A week: long enough for a visitor who comes back, short enough that a leaked key dies. */
export const LP_KEY_LIFETIME_MAX = 10_080;
export const LP_SAFE_PAGE_MAX = 65_536;
export const LP_UNPROTECTED_ACTIONS = ['notFound', 'redirect', 'safePage'] as const;
export type LpUnprotectedAction = (typeof LP_UNPROTECTED_ACTIONS)[number];

export const lpProtectSettingsSchema = z
  .strictObject({
    /** New landers are protected unless their form says otherwise. */
    defaultOn: z.boolean().default(false),
    keyLifetimeMinutes: z
      .number('Enter a number of minutes')
      .int('A whole number of minutes')
      .min(LP_KEY_LIFETIME_MIN, `At least ${LP_KEY_LIFETIME_MIN} minutes`)
      .max(LP_KEY_LIFETIME_MAX, `At most ${LP_KEY_LIFETIME_MAX} minutes (7 days)`)
      .default(60),
    unprotectedAction: z
      .enum(LP_UNPROTECTED_ACTIONS, 'Choose 404, redirect or safe page')
      .default('notFound'),
    redirectUrl: z
      .string()
      .trim()
      .max(2048, 'URL is at most 2048 characters')
      .refine(
        (url) => url === '' || (/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(url) && URL.canParse(url)),
        'Enter an http(s) address',
      )
      // ASCII only (an IDN host in punycode), so it can go into a Location header as it is.
      .transform((url) => (url === '' ? url : new URL(url).href))
      .default(''),
    safePageHtml: z
      .string()
      .max(LP_SAFE_PAGE_MAX, `The safe page is at most ${LP_SAFE_PAGE_MAX} characters`)
      .default(''),
  })
  .superRefine((settings, ctx) => {
    if (settings.unprotectedAction === 'redirect' && settings.redirectUrl === '') {
      ctx.addIssue({ code: 'custom', path: ['redirectUrl'], message: 'Enter the address to redirect to' });
    }
    if (settings.unprotectedAction === 'safePage' && settings.safePageHtml.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['safePageHtml'], message: 'Enter the safe page’s HTML' });
    }
  });
export type LpProtectSettings = z.output<typeof lpProtectSettingsSchema>;
export const DEFAULT_LP_PROTECT: LpProtectSettings = lpProtectSettingsSchema.parse({});

export const lpProtectRotationSchema = z.object({
  /** How many protected landers got a new secret. */
  rotated: z.number().int().nonnegative(),
});
export type LpProtectRotation = z.infer<typeof lpProtectRotationSchema>;

/** Shown in the settings page's snippets, where no lander's secret belongs. */
export const LP_SECRET_PLACEHOLDER = 'PASTE-THE-LANDER-SECRET-HERE';

type SnippetSettings = Pick<LpProtectSettings, 'unprotectedAction' | 'redirectUrl' | 'safePageHtml'>;

const phpQuoted = (text: string) => `'${text.replace(/[\\']/g, (character) => `\\${character}`)}'`;
const base64 = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * The PHP check a protected lander runs first: the key (`lpkey`) must be `{click id}.{expiry}.{32 hex of
 * HMAC-SHA256(secret, "{click id}.{expiry}")}` and not expired, else the visit gets the chosen answer.
 */
export function lpProtectPhp(secret: string, settings: SnippetSettings): string {
  const refuse =
    settings.unprotectedAction === 'redirect'
      ? [`    header('Location: ' . ${phpQuoted(settings.redirectUrl)}, true, 302);`]
      : settings.unprotectedAction === 'safePage'
        ? [
            "    header('Content-Type: text/html; charset=utf-8');",
            // Base64, so no character of the page can end the PHP string.
            `    echo base64_decode('${base64(settings.safePageHtml)}');`,
          ]
        : ['    http_response_code(404);'];
  return [
    '<?php',
    '// Cairn LP protect: only visitors the tracker sent may see this page.',
    `$cairnSecret = ${phpQuoted(secret)};`,
    `$cairnKey = explode('.', (string) ($_GET['${LP_KEY_QUERY_PARAM}'] ?? ''));`,
    'if (count($cairnKey) !== 3 || !ctype_digit($cairnKey[1]) || (int) $cairnKey[1] < time()',
    "    || !hash_equals(substr(hash_hmac('sha256', $cairnKey[0] . '.' . $cairnKey[1], $cairnSecret), 0, 32), $cairnKey[2])) {",
    ...refuse,
    '    exit;',
    '}',
    '?>',
  ].join('\n');
}

/**
 * The same check for a lander served by Node.js: a CommonJS module exporting a middleware that Express
 * (`app.use(...)`) and a plain `http` server (`check(req, res, () => serveLander(req, res))`) both take.
 */
export function lpProtectNode(secret: string, settings: SnippetSettings): string {
  const refuse =
    settings.unprotectedAction === 'redirect'
      ? [
          '  res.statusCode = 302;',
          `  res.setHeader('Location', ${JSON.stringify(settings.redirectUrl)});`,
          '  res.end();',
        ]
      : settings.unprotectedAction === 'safePage'
        ? [
            "  res.setHeader('Content-Type', 'text/html; charset=utf-8');",
            `  res.end(${JSON.stringify(settings.safePageHtml)});`,
          ]
        : [
            '  res.statusCode = 404;',
            "  res.setHeader('Content-Type', 'text/plain; charset=utf-8');",
            "  res.end('Not found');",
          ];
  return [
    '// Cairn LP protect: only visitors the tracker sent may see this page.',
    "const crypto = require('node:crypto');",
    '',
    `const CAIRN_SECRET = ${JSON.stringify(secret)};`,
    '',
    'function cairnKeyIsValid(key) {',
    "  const [clickId = '', expires = '', given = '', extra] = String(key).split('.');",
    '  if (extra !== undefined || !/^\\d{1,12}$/.test(expires) || !/^[0-9a-f]{32}$/.test(given)) return false;',
    '  if (Number(expires) * 1000 < Date.now()) return false;',
    "  const hmac = crypto.createHmac('sha256', CAIRN_SECRET).update(clickId + '.' + expires);",
    "  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(hmac.digest('hex').slice(0, 32)));",
    '}',
    '',
    'module.exports = function cairnLpProtect(req, res, next) {',
    `  const key = new URL(req.url, 'http://lander.invalid').searchParams.get('${LP_KEY_QUERY_PARAM}');`,
    '  if (key && cairnKeyIsValid(key)) return next();',
    ...refuse,
    '};',
  ].join('\n');
}
