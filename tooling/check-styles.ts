// Style gate run by `npm run check`: the styles of ui and the panel take their colours and their stacking
// order from the theme contract (packages/tokens), never from literals. A literal colour ignores the
// scheme and the theme, escapes the contrast tests and the token snapshot, and a literal z-index is placed
// against numbers nobody can see from where it is written. Checked: every `*.css.ts` file and every
// inline `style={{ ... }}` object of a .tsx file under STYLE_ROOTS. Comments are not checked, and a line
// after `// check-styles-ignore: <why>` is not either: for a literal that is no colour the user sees,
// such as the opaque end of a mask.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainModule, reportGate } from './gate.ts';

const STYLE_ROOTS = ['packages/ui/src', 'packages/panel/src'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '__screenshots__']);

export type StyleRule = 'colour literal' | 'z-index literal';

/**
 * Files that may still break one rule, each with the issue that lifts it. An entry whose file no longer
 * breaks its rule is reported too, so the list only shrinks. Paths are relative to the repository root.
 */
export const STYLE_LITERALS_ALLOWED: Readonly<Record<string, { rule: StyleRule; issue: string }>> = {
  // Issue 54: the DataTable is being refactored on another branch; its sticky header, totals and pinned
  // columns keep their local stacking numbers (1-4, inside the table's own stacking context) until that
  // lands, and then take zIndex tokens.
  'packages/ui/src/DataTable/DataTable.css.ts': { rule: 'z-index literal', issue: 'issue 54' },
};

// CSS Color 4's named colours; `transparent`, `currentColor` and the system colours of forced-colors mode
// (Canvas, Highlight, ...) say no colour of their own, so they are allowed.
const NAMED_COLOURS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid ' +
    'darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet ' +
    'deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ' +
    'ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow ' +
    'lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine ' +
    'mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen ' +
    'mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace ' +
    'olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred ' +
    'papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue ' +
    'saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey ' +
    'snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow ' +
    'yellowgreen'
  ).split(' '),
);

const HEX_COLOUR = /(?<![\w&])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/gi;
const COLOUR_FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/gi;
const STRING_LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
const WORD = /[a-z][\w-]*/gi;
const Z_INDEX_NUMBER = /\bzIndex\s*:\s*['"`]?-?\d|z-index\s*:\s*-?\d/g;
const IGNORE_NEXT_LINE = /\/\/\s*check-styles-ignore:\s*\S/;

interface Finding {
  offset: number;
  rule: StyleRule;
  what: string;
}

/** The text with its comments blanked out, offsets (and so line numbers) unchanged. */
function withoutComments(text: string): string {
  const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
  return text
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/(^|[^:'"`\\])(\/\/.*)$/gm, (_, before: string, comment: string) => before + blank(comment));
}

/** The spans of `style={{ ... }}` objects in JSX, found by matching braces. */
function inlineStyleSpans(code: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const match of code.matchAll(/style=\{\{/g)) {
    const start = match.index + 'style={'.length;
    let depth = 0;
    for (let index = start; index < code.length; index += 1) {
      if (code[index] === '{') depth += 1;
      else if (code[index] === '}') depth -= 1;
      if (depth === 0) {
        spans.push([start, index + 1]);
        break;
      }
    }
  }
  return spans;
}

function findingsIn(code: string, from: number, to: number): Finding[] {
  const span = code.slice(from, to);
  const findings: Finding[] = [];
  const add = (rule: StyleRule, offset: number, what: string) =>
    findings.push({ rule, offset: from + offset, what });
  for (const match of span.matchAll(HEX_COLOUR)) add('colour literal', match.index, match[0]);
  for (const match of span.matchAll(COLOUR_FUNCTION)) add('colour literal', match.index, match[0]);
  for (const literal of span.matchAll(STRING_LITERAL)) {
    for (const word of literal[0].matchAll(WORD)) {
      if (NAMED_COLOURS.has(word[0].toLowerCase()))
        add('colour literal', literal.index + word.index, `'${word[0]}'`);
    }
  }
  for (const match of span.matchAll(Z_INDEX_NUMBER)) add('z-index literal', match.index, match[0]);
  return findings;
}

function styleFiles(dir: string, found: string[] = []): string[] {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) styleFiles(file, found);
    } else if (entry.name.endsWith('.css.ts') || entry.name.endsWith('.tsx')) {
      found.push(file);
    }
  }
  return found;
}

const ADVICE: Record<StyleRule, string> = {
  'colour literal': 'use a colour of the theme contract (vars.color, vars.table, ...) from @cairn/tokens',
  'z-index literal': 'use a layer of the theme contract (vars.zIndex) from @cairn/tokens',
};

export interface StyleOptions {
  /** The repository to check; the one this file is in unless given (tests plant one in a temp dir). */
  root?: string;
  allowed?: Readonly<Record<string, { rule: StyleRule; issue: string }>>;
}

export function checkStyles({
  root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  allowed = STYLE_LITERALS_ALLOWED,
}: StyleOptions = {}): string[] {
  const problems: string[] = [];
  const brokenRules = new Map<string, Set<StyleRule>>();
  for (const file of STYLE_ROOTS.flatMap((dir) => styleFiles(path.join(root, dir)))) {
    const name = path.relative(root, file).split(path.sep).join('/');
    const text = fs.readFileSync(file, 'utf8');
    const ignoredLines = new Set(
      text.split('\n').flatMap((line, index) => (IGNORE_NEXT_LINE.test(line) ? [index + 2] : [])),
    );
    const code = withoutComments(text);
    const spans: [number, number][] = file.endsWith('.css.ts') ? [[0, code.length]] : inlineStyleSpans(code);
    for (const finding of spans.flatMap(([from, to]) => findingsIn(code, from, to))) {
      const line = code.slice(0, finding.offset).split('\n').length;
      if (ignoredLines.has(line)) continue;
      brokenRules.set(name, (brokenRules.get(name) ?? new Set()).add(finding.rule));
      if (allowed[name]?.rule === finding.rule) continue;
      problems.push(`${name}:${line}: ${finding.rule} ${finding.what}; ${ADVICE[finding.rule]}`);
    }
  }
  for (const [name, { rule, issue }] of Object.entries(allowed)) {
    if (!brokenRules.get(name)?.has(rule))
      problems.push(
        `${name}: allowed a ${rule} until ${issue}, and has none; remove it from STYLE_LITERALS_ALLOWED`,
      );
  }
  return problems;
}

if (isMainModule(import.meta.url)) {
  reportGate('check-styles', checkStyles(), 'no colour or z-index literal in ui or panel styles');
}
