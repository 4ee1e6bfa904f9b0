// Structure gate run by `npm run check`: no import cycle between source files (type imports count: a
// cycle of types still ties modules together), no hand-written source file over MAX_LINES lines, no
// import that reaches into another package's files instead of its public entry, no folder with more
// than MAX_LOOSE_FILES source files directly in it, no server module importing one on a higher floor,
// and no test or bench helper inside the server's src/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainModule, reportGate } from './gate.ts';

const MAX_LINES = 450;
// A folder is a room: past this many modules side by side a reader can no longer tell its parts apart, and
// it wants sub-folders by concern. Tests are not counted: each sits beside the file it tests, so counting
// them would weigh a tested file twice and make a folder fail for being tested, while the question is how
// many modules a reader must tell apart. Everything else is: stories, styles, helpers for tests, benches.
const MAX_LOOSE_FILES = 20;
const TEST_FILE = /\.test\.tsx?$/;

/**
 * Folders over MAX_LOOSE_FILES today, each with the issue that splits it. An entry whose folder no longer
 * fails is reported too, so the list only shrinks. Paths are relative to the repository root.
 */
export const LOOSE_FILES_ALLOWED: Readonly<Record<string, string>> = {};

/**
 * The server's floors, lowest first. A module (a folder of src/, or a file directly in it) may import its
 * own floor and the floors below, never one above: the event is what every part agrees on, so it can
 * depend on none of them; the stores keep events and configuration without knowing who writes them; the
 * journal only moves events into a store; features build on those; plugins and the entry points compose
 * features. A new module must be given a floor here, so where it sits is a decision, not an accident.
 * Tests are not held to it: a test may compose whatever it checks.
 */
export interface Layering {
  /** The source folder the floors are of, relative to the repository root. */
  source: string;
  floors: readonly (readonly string[])[];
}

export const SERVER_LAYERING: Layering = {
  source: 'packages/server/src',
  floors: [
    ['events'],
    ['store'],
    ['journal'],
    [
      'audit',
      'auth',
      'backup',
      'beta',
      'bundle',
      'clickApi',
      'cluster',
      'config',
      'context',
      'conversions',
      'costs',
      'costSync',
      'doctor',
      'entities',
      'eventExport',
      'feature',
      'files',
      'geo',
      'http',
      'integrations',
      'landerFiles',
      'license',
      'lock',
      'logger',
      'metrics',
      'outbound',
      'permissions',
      'reports',
      'reportValues',
      'rerun',
      'retention',
      'runtime',
      'savedReports',
      'seeding',
      'settings',
      'splitTests',
      'storeCommands',
      'threadPriority',
      'tls',
      'tracking',
      'triggers',
      'updates',
    ],
    ['account', 'api', 'apiDocs', 'apiKeys', 'app', 'diagnostics', 'monitor', 'panel', 'system'],
    ['cli', 'cliArgs', 'commandLine', 'index', 'processErrors'],
  ],
};

/** Packages whose test and bench helpers live in a test-support/ or bench/ folder beside src/, not in it. */
const HELPERS_OUTSIDE_SRC = ['packages/server'];
const TEST_HELPER = /(^|[./])(testing|test-support|kill-child|bench)\.tsx?$|Testing\.tsx?$/;

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_ROOTS = ['packages', '.storybook', 'e2e', 'tooling'];
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'storybook-static',
  '__screenshots__',
  '.turbo',
  'coverage',
]);
const EXTENSIONS = ['.ts', '.tsx'];

function sourceFiles(dir: string, found: string[] = []): string[] {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) sourceFiles(path.join(dir, entry.name), found);
    } else if (EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) {
      found.push(path.join(dir, entry.name));
    }
  }
  return found;
}

// Static imports and re-exports (`import ... from`, `export ... from`, side-effect imports) and dynamic
// `import('...')`; comments are removed first so commented-out imports do not count.
const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function specifiersOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? '');
}

function resolveRelative(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

function packageOf(root: string, file: string): string | null {
  const relative = path.relative(path.join(root, 'packages'), file);
  return relative.startsWith('..') ? null : (relative.split(path.sep)[0] ?? null);
}

/** Strongly connected components of more than one file (or a file importing itself): the cycles. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (start: string): void => {
    // Iterative Tarjan: deep import chains would overflow a recursive one.
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next] as string;
        frame.next += 1;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node))
          cycles.push(component);
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Folders with more than MAX_LOOSE_FILES source files directly in them, and allow-list entries now needless. */
function looseFileProblems(
  root: string,
  files: string[],
  allowed: Readonly<Record<string, string>>,
): string[] {
  const perFolder = new Map<string, number>();
  for (const file of files) {
    if (TEST_FILE.test(file)) continue;
    const folder = path.relative(root, path.dirname(file)).split(path.sep).join('/');
    perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
  }
  const problems: string[] = [];
  for (const [folder, count] of [...perFolder].sort(([a], [b]) => a.localeCompare(b))) {
    if (count > MAX_LOOSE_FILES && !(folder in allowed)) {
      problems.push(
        `${folder}: ${count} source files directly in it (at most ${MAX_LOOSE_FILES}, tests not counted); ` +
          'give its parts sub-folders by concern',
      );
    }
  }
  for (const [folder, issue] of Object.entries(allowed)) {
    const count = perFolder.get(folder) ?? 0;
    if (count <= MAX_LOOSE_FILES) {
      problems.push(
        `${folder}: allowed more than ${MAX_LOOSE_FILES} loose source files until ${issue}, and has ${count}; ` +
          'remove it from LOOSE_FILES_ALLOWED',
      );
    }
  }
  return problems;
}

/** The module a file belongs to within a layered source folder: its first folder, or its own name. */
function moduleOf(relativeToSource: string): string {
  const [first = '', ...rest] = relativeToSource.split(path.sep);
  return rest.length > 0 ? first : first.replace(/\.tsx?$/, '');
}

function floorProblems(root: string, graph: Map<string, string[]>, layering: Layering): string[] {
  const problems: string[] = [];
  const sourceDir = path.join(root, layering.source);
  const floorOf = new Map(
    layering.floors.flatMap((modules, floor) => modules.map((m) => [m, floor] as const)),
  );
  const unplaced = new Set<string>();
  const inSource = (file: string): string | null => {
    const relative = path.relative(sourceDir, file);
    return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative;
  };
  for (const [file, targets] of graph) {
    const relative = inSource(file);
    // Tests may compose any floor; a helper in src/ is reported as one, not as a module without a floor.
    if (relative === null || TEST_FILE.test(file) || TEST_HELPER.test(path.basename(file))) continue;
    const from = moduleOf(relative);
    const fromFloor = floorOf.get(from);
    if (fromFloor === undefined) {
      unplaced.add(from);
      continue;
    }
    for (const target of targets) {
      const targetRelative = inSource(target);
      if (targetRelative === null) continue;
      const to = moduleOf(targetRelative);
      const toFloor = floorOf.get(to);
      if (toFloor !== undefined && toFloor > fromFloor) {
        problems.push(
          `${path.relative(root, file)}: imports ${path.relative(root, target)}; ${from} (floor ${fromFloor}) ` +
            `may not import ${to} (floor ${toFloor}): move the shared part down, or hand it in from above`,
        );
      }
    }
  }
  for (const module of [...unplaced].sort()) {
    problems.push(`${layering.source}/${module}: on no floor; give it one in SERVER_LAYERING`);
  }
  return problems;
}

function helperProblems(root: string, files: string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const name = path.relative(root, file);
    const inSrc = HELPERS_OUTSIDE_SRC.some((pkg) => name.startsWith(`${pkg}${path.sep}src${path.sep}`));
    if (inSrc && TEST_HELPER.test(path.basename(file))) {
      problems.push(`${name}: a test or bench helper inside src/; move it to test-support/ or bench/`);
    }
  }
  return problems;
}

export interface StructureOptions {
  /** The repository to check; the one this file is in unless given (tests plant one in a temp dir). */
  root?: string;
  looseFilesAllowed?: Readonly<Record<string, string>>;
  layering?: Layering;
}

export function checkStructure({
  root = repositoryRoot,
  looseFilesAllowed = LOOSE_FILES_ALLOWED,
  layering = SERVER_LAYERING,
}: StructureOptions = {}): string[] {
  const problems: string[] = [];
  const files = SOURCE_ROOTS.flatMap((dir) => sourceFiles(path.join(root, dir)));
  problems.push(...looseFileProblems(root, files, looseFilesAllowed));
  problems.push(...helperProblems(root, files));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const name = path.relative(root, file);
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_LINES)
      problems.push(`${name}: ${lines} lines (at most ${MAX_LINES}); split it into parts`);
    const edges: string[] = [];
    for (const specifier of specifiersOf(text)) {
      if (/^@cairn\/[^/]+\/src(\/|$)/.test(specifier)) {
        problems.push(`${name}: imports ${specifier}; use the package's public entry instead`);
      }
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (!target) continue;
      const fromPackage = packageOf(root, file);
      if (fromPackage && packageOf(root, target) !== fromPackage) {
        problems.push(`${name}: imports ${specifier}, a file of another package; use its public entry`);
      }
      // `typeof import('./self.ts')` names the module's own type: no cycle between files.
      if (target !== file) edges.push(target);
    }
    graph.set(file, edges);
  }
  problems.push(...floorProblems(root, graph, layering));
  for (const cycle of cyclesOf(graph)) {
    problems.push(
      `import cycle: ${cycle
        .map((file) => path.relative(root, file))
        .sort()
        .join(' <-> ')}`,
    );
  }
  return problems;
}

if (isMainModule(import.meta.url)) {
  reportGate(
    'check-structure',
    checkStructure(),
    'no import cycles, no file over the size limit, no folder over the file limit, ' +
      'no import up the server floors, no test helper in the server src',
  );
}
