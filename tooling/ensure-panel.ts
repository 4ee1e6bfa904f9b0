// `npm start` runs this before the server: it builds the panel only when its build is missing or was made
// from other sources than the ones checked out. A production start then takes a second, not a Vite build,
// and a fresh clone (`npm install && npm start`) still gets its panel. Sources are compared by content, not
// by modification time, which a checkout, a copy or an unpacked archive changes without changing a thing.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainModule } from './gate.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The packages the panel bundle is built from: its own and the workspaces it imports. */
export const PANEL_SOURCES = ['packages/panel', 'packages/ui', 'packages/tokens', 'packages/contract'];
/** Files outside those that change what is bundled: the locked dependency versions. */
const PANEL_INPUTS = ['package-lock.json'];
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  '.turbo',
  '__screenshots__',
  'storybook-static',
  'coverage',
]);
// Tests and stories are not bundled: editing one must not cost a rebuild.
const NOT_BUNDLED = /\.(test|stories)\.tsx?$/;

export const PANEL_DIST = 'packages/panel/dist';
/** Written into dist/ after a build: the hash of the sources it was built from. */
export const BUILD_STAMP = '.cairn-build-stamp';

function filesUnder(dir: string, found: string[]): string[] {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) filesUnder(file, found);
    } else if (entry.isFile() && !NOT_BUNDLED.test(entry.name)) {
      found.push(file);
    }
  }
  return found;
}

/** SHA-256 over every source file's path and content, in a fixed order. */
export function panelSourceHash(root: string = repositoryRoot): string {
  const files = PANEL_SOURCES.flatMap((dir) => filesUnder(path.join(root, dir), []));
  for (const input of PANEL_INPUTS)
    if (fs.existsSync(path.join(root, input))) files.push(path.join(root, input));
  const hash = crypto.createHash('sha256');
  for (const file of files.map((file) => path.relative(root, file).split(path.sep).join('/')).sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export type PanelState = 'current' | 'missing' | 'stale';

export function panelState(root: string = repositoryRoot): PanelState {
  const dist = path.join(root, PANEL_DIST);
  if (!fs.existsSync(path.join(dist, 'index.html'))) return 'missing';
  let stamp: string;
  try {
    stamp = fs.readFileSync(path.join(dist, BUILD_STAMP), 'utf8').trim();
  } catch {
    return 'stale';
  }
  return stamp === panelSourceHash(root) ? 'current' : 'stale';
}

export interface EnsureOptions {
  root?: string;
  /** Builds the panel into PANEL_DIST; throws when the build fails. */
  build?: (root: string) => void;
  log?: (line: string) => void;
}

function npmBuild(root: string): void {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`npm run build failed (exit code ${result.status ?? result.signal})`);
}

/** Builds the panel when needed; answers what it found. */
export function ensurePanel({
  root = repositoryRoot,
  build = npmBuild,
  log = console.log,
}: EnsureOptions = {}): PanelState {
  const state = panelState(root);
  if (state === 'current') {
    log(`The panel build in ${PANEL_DIST} is current.`);
    return state;
  }
  log(
    state === 'missing'
      ? 'No panel build yet: building it.'
      : 'The panel sources changed since the last build: building it.',
  );
  // Hashed before the build, so a source edited while Vite runs makes the next start build again.
  const hash = panelSourceHash(root);
  build(root);
  if (!fs.existsSync(path.join(root, PANEL_DIST, 'index.html'))) {
    throw new Error(`The build left no ${PANEL_DIST}/index.html`);
  }
  fs.writeFileSync(path.join(root, PANEL_DIST, BUILD_STAMP), `${hash}\n`);
  return state;
}

if (isMainModule(import.meta.url)) {
  try {
    ensurePanel();
  } catch (error) {
    console.error(`ensure-panel: ${(error as Error).message}`);
    process.exit(1);
  }
}
