// `npm run release`: a tarball an operator installs without the development toolchain. It holds the
// server's and the contract's sources (Node runs the TypeScript itself), the prebuilt panel, the deploy/
// files, the docs, and package files whose lockfile names the runtime dependencies only, so that
// `npm ci --omit=dev` installs what `node packages/server/src/cli.ts start` needs and nothing else.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePanel, PANEL_DIST } from './ensure-panel.ts';
import { isMainModule } from './gate.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The workspaces a running server needs; the panel ships as its build, the rest are for development. */
export const RELEASE_WORKSPACES = ['packages/contract', 'packages/server'];
/** Copied whole (tests and test helpers left out of the sources). */
const RELEASE_TREES = ['packages/contract/src', 'packages/server/src', PANEL_DIST, 'deploy', 'docs'];
const RELEASE_FILES = [
  'README.md',
  '.nvmrc',
  'packages/contract/package.json',
  'packages/server/package.json',
];
const NOT_SHIPPED = /\.test\.tsx?$|(^|\/)\.vite(\/|$)/;

interface PackageJson {
  name: string;
  version: string;
  description?: string;
  license?: string;
  type?: string;
  engines?: Record<string, string>;
  packageManager?: string;
  workspaces?: string[];
  scripts?: Record<string, string>;
  devDependencies?: Record<string, string>;
  bin?: Record<string, string>;
}

interface Lockfile {
  packages: Record<string, Record<string, unknown>>;
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const writeJson = (file: string, value: unknown) =>
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

function copyTree(from: string, to: string, relative: string): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const name = `${relative}/${entry.name}`;
    if (NOT_SHIPPED.test(name)) continue;
    if (entry.isDirectory()) copyTree(path.join(from, entry.name), path.join(to, entry.name), name);
    else if (entry.isFile()) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(path.join(from, entry.name), path.join(to, entry.name));
    }
  }
}

/** The release's package.json: the same package, its runtime workspaces, and the commands it runs. */
export function releasePackage(source: PackageJson): PackageJson {
  const { devDependencies: _development, scripts: _scripts, workspaces: _workspaces, ...kept } = source;
  return {
    ...kept,
    workspaces: RELEASE_WORKSPACES,
    bin: { cairn: 'packages/server/src/cli.ts' },
    scripts: {
      start: 'node packages/server/src/cli.ts start',
      doctor: 'node packages/server/src/cli.ts doctor',
    },
  };
}

/**
 * The repository's lockfile with the development workspaces and the root's devDependencies taken out. What
 * only they used is left for npm to drop (`npm install --package-lock-only`), with the versions locked.
 */
export function releaseLockfile(source: Lockfile, pkg: PackageJson): Lockfile {
  const packages = { ...source.packages };
  const root = { ...(packages[''] ?? {}) };
  delete root.devDependencies;
  root.workspaces = pkg.workspaces;
  root.bin = pkg.bin;
  packages[''] = root;
  for (const [key, entry] of Object.entries(packages)) {
    const link = typeof entry.resolved === 'string' && entry.link === true ? entry.resolved : null;
    const workspace =
      key !== '' && !key.startsWith('node_modules/') && !key.includes('/node_modules/') ? key : null;
    if (
      (link && !RELEASE_WORKSPACES.includes(link)) ||
      (workspace && !RELEASE_WORKSPACES.includes(workspace))
    ) {
      delete packages[key];
    }
  }
  return { ...source, packages };
}

export interface ReleaseOptions {
  root?: string;
  /** Where the tarball (and its staging directory) go; `<root>/release` unless given. */
  outDir?: string;
  log?: (line: string) => void;
}

export interface Release {
  tarball: string;
  /** The unpacked release, as the tarball holds it. */
  directory: string;
}

export function makeRelease({
  root = repositoryRoot,
  outDir,
  log = console.log,
}: ReleaseOptions = {}): Release {
  const out = outDir ?? path.join(root, 'release');
  ensurePanel({ root, log });
  const source = readJson<PackageJson>(path.join(root, 'package.json'));
  const name = `cairn-${source.version}`;
  const directory = path.join(out, name);
  fs.rmSync(directory, { recursive: true, force: true });
  fs.mkdirSync(directory, { recursive: true });
  for (const tree of RELEASE_TREES) copyTree(path.join(root, tree), path.join(directory, tree), tree);
  for (const file of RELEASE_FILES) {
    if (!fs.existsSync(path.join(root, file))) continue;
    fs.mkdirSync(path.dirname(path.join(directory, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(directory, file));
  }
  const pkg = releasePackage(source);
  writeJson(path.join(directory, 'package.json'), pkg);
  writeJson(
    path.join(directory, 'package-lock.json'),
    releaseLockfile(readJson(path.join(root, 'package-lock.json')), pkg),
  );
  // npm drops what only the development workspaces used; offline, so the versions stay the locked ones.
  execFileSync(
    'npm',
    [
      'install',
      '--package-lock-only',
      '--offline',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { cwd: directory, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const tarball = path.join(out, `${name}.tar.gz`);
  execFileSync('tar', ['-czf', tarball, '-C', out, name]);
  log(
    `Wrote ${path.relative(process.cwd(), tarball) || tarball}: install with npm ci --omit=dev (docs/operations.md).`,
  );
  return { tarball, directory };
}

if (isMainModule(import.meta.url)) {
  const outFlag = process.argv.indexOf('--out');
  const outDir = outFlag > 0 ? process.argv[outFlag + 1] : undefined;
  makeRelease(outDir ? { outDir: path.resolve(outDir) } : {});
}
