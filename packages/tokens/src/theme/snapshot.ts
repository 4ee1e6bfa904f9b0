import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COLOR_SCHEMES, THEMES } from '../constants.ts';
import { highContrastColours } from './schemes/highContrast.ts';
import { schemeTokens } from './schemes/index.ts';
import type { ThemeTokens } from './tokens.ts';

/**
 * The committed record of every value each scheme x theme gives the contract, one JSON file per combination
 * and one per theme for the high-contrast colours, so a token change shows up in review as a diff of values
 * rather than only as changed screenshots.
 * `npm run tokens:snapshot -w @cairn/tokens` rewrites it; snapshot.test.ts fails while it is out of date.
 */
export const TOKEN_SNAPSHOT_DIR = fileURLToPath(new URL('../../token-snapshots/', import.meta.url));

type TokenTree = { readonly [key: string]: string | TokenTree };

// Flat dotted paths (`color.accent`) make a review diff name the token on the changed line itself.
function flatten(tree: TokenTree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

/** The snapshot files as they should read now: file name -> contents. */
export function expectedTokenSnapshots(): Map<string, string> {
  const files = new Map<string, string>();
  for (const scheme of COLOR_SCHEMES) {
    for (const theme of THEMES) {
      const tokens: ThemeTokens = schemeTokens[scheme][theme];
      const values = Object.fromEntries(flatten(tokens));
      files.set(`${scheme}-${theme}.json`, `${JSON.stringify(values, null, 2)}\n`);
    }
  }
  // The high-contrast colours are the same over every scheme, so one file per theme records them.
  for (const theme of THEMES) {
    const values = Object.fromEntries(flatten(highContrastColours[theme]));
    files.set(`high-contrast-${theme}.json`, `${JSON.stringify(values, null, 2)}\n`);
  }
  return files;
}

/** The snapshot files committed now: file name -> contents. */
export function committedTokenSnapshots(): Map<string, string> {
  const names = readdirSync(TOKEN_SNAPSHOT_DIR).filter((name) => name.endsWith('.json'));
  return new Map(names.map((name) => [name, readFileSync(`${TOKEN_SNAPSHOT_DIR}${name}`, 'utf8')]));
}

function writeTokenSnapshots(): void {
  for (const name of committedTokenSnapshots().keys()) rmSync(`${TOKEN_SNAPSHOT_DIR}${name}`);
  for (const [name, contents] of expectedTokenSnapshots())
    writeFileSync(`${TOKEN_SNAPSHOT_DIR}${name}`, contents);
}

if (import.meta.main) writeTokenSnapshots();
