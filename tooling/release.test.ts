import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRelease, type Release } from './release.ts';

// The release is made once (it builds the panel when its build is not current) and checked three ways:
// what the tarball holds, that every import of the shipped code resolves to a runtime dependency, and a
// real `npm ci --omit=dev` from the npm cache followed by a start that serves the panel.

let out: string;
let release: Release;
let entries: string[];

beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-release-'));
  release = makeRelease({ outDir: out, log: () => {} });
  entries = execFileSync('tar', ['-tzf', release.tarball], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\n')
    .filter((entry) => entry !== '' && !entry.endsWith('/'))
    .map((entry) => entry.replace(/^cairn-[^/]+\//, ''));
}, 300_000);

afterAll(() => {
  fs.rmSync(out, { recursive: true, force: true });
});

function sourcesUnder(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sourcesUnder(file, found);
    else if (/\.tsx?$/.test(entry.name)) found.push(file);
  }
  return found;
}

/** Every module a file loads at run time: static and dynamic imports and re-exports, not `import type`. */
function runtimeImports(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bimport\s+(?!type\s)[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gs,
    /\bexport\s+(?!type\s)[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gs,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** A systemd unit's sections, each key with its values (a key may repeat). */
function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      current = {};
      sections[section[1] as string] = current;
      continue;
    }
    const [key, ...value] = line.split('=');
    current[key as string] = [...(current[key as string] ?? []), value.join('=')];
  }
  return sections;
}

const packageOf = (specifier: string) =>
  specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : (specifier.split('/')[0] as string);

describe('npm run release', () => {
  it('packs the server, the contract, the built panel, deploy/, docs and the package files, and no tests', () => {
    for (const expected of [
      'package.json',
      'package-lock.json',
      'README.md',
      'packages/server/package.json',
      'packages/server/src/cli.ts',
      'packages/server/src/doctor/doctor.ts',
      'packages/server/src/auth/common-passwords.txt',
      'packages/contract/package.json',
      'packages/contract/src/index.ts',
      'packages/panel/dist/index.html',
      'packages/panel/dist/.cairn-build-stamp',
      'deploy/cairn.service',
      'deploy/cairn.env',
      'docs/operations.md',
      'docs/configuration.md',
    ]) {
      expect(entries, expected).toContain(expected);
    }
    const unwanted = entries.filter((entry) =>
      /\.test\.tsx?$|^node_modules\/|test-support\/|\/bench\/|^packages\/(ui|tokens)\/|^packages\/panel\/src\/|^tooling\//.test(
        entry,
      ),
    );
    expect(unwanted).toEqual([]);

    const pkg = JSON.parse(fs.readFileSync(path.join(release.directory, 'package.json'), 'utf8'));
    expect(pkg.workspaces).toEqual(['packages/contract', 'packages/server']);
    expect(pkg.devDependencies).toBeUndefined();
    expect(pkg.scripts.start).toBe('node packages/server/src/cli.ts start');
    expect(pkg.engines).toEqual(
      JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')).engines,
    );
    // The lockfile names no package of the panel's or of the toolchain's.
    const locked = Object.keys(
      JSON.parse(fs.readFileSync(path.join(release.directory, 'package-lock.json'), 'utf8')).packages,
    );
    for (const development of [
      'node_modules/vite',
      'node_modules/react',
      'node_modules/vitest',
      'node_modules/typescript',
      'packages/panel',
    ]) {
      expect(locked).not.toContain(development);
    }
  });

  it('gives a systemd unit that runs the release as its own user, on 80/443, restarted and hardened', () => {
    const unit = parseUnit(fs.readFileSync(path.join(release.directory, 'deploy/cairn.service'), 'utf8'));
    const service = unit.Service ?? {};
    const one = (key: string) => {
      expect(service[key], key).toHaveLength(1);
      return service[key]?.[0] as string;
    };
    expect(one('User')).toBe('cairn');
    expect(one('AmbientCapabilities')).toBe('CAP_NET_BIND_SERVICE');
    expect(one('CapabilityBoundingSet')).toBe('CAP_NET_BIND_SERVICE');
    expect(one('Restart')).toBe('on-failure');
    expect(Number(one('LimitNOFILE'))).toBeGreaterThanOrEqual(65536);
    for (const [key, value] of [
      ['NoNewPrivileges', 'true'],
      ['ProtectSystem', 'strict'],
      ['PrivateTmp', 'true'],
      ['ProtectHome', 'true'],
      ['EnvironmentFile', '/etc/cairn/cairn.env'],
      ['StateDirectory', 'cairn'],
    ]) {
      expect(one(key as string), key).toBe(value);
    }
    expect(service.MemoryDenyWriteExecute).toBeUndefined();
    expect(service.Environment).toContain('CAIRN_DATA_DIR=/var/lib/cairn');
    // The state directory is where the data goes, and what ProtectSystem=strict leaves writable.
    expect(one('WorkingDirectory')).toBe('/opt/cairn');
    const [node, script, command] = one('ExecStart').split(/\s+/);
    expect(node).toBe('/usr/bin/node');
    expect(script?.startsWith('/opt/cairn/')).toBe(true);
    expect(entries).toContain(script?.slice('/opt/cairn/'.length));
    expect(command).toBe('start');
    expect(unit.Install?.WantedBy).toEqual(['multi-user.target']);

    // The example settings name real variables with their documented defaults.
    const configuration = fs.readFileSync(path.join(release.directory, 'docs/configuration.md'), 'utf8');
    const settings = fs.readFileSync(path.join(release.directory, 'deploy/cairn.env'), 'utf8');
    const lines = [...settings.matchAll(/^#?(CAIRN_[A-Z0-9_]+)=(.*)$/gm)];
    expect(lines.length).toBeGreaterThan(10);
    for (const [, name, value] of lines) {
      const row = configuration.split('\n').find((line) => line.startsWith(`| \`${name}\``));
      expect(row, name).toBeDefined();
      if (value) expect(row, name).toContain(`\`${value}\``);
    }
  });

  it('ships code whose every run-time import is a Node built-in, a shipped file or a dependency', () => {
    const problems: string[] = [];
    const packagesImported = new Set<string>();
    for (const workspace of ['packages/server', 'packages/contract']) {
      const dir = path.join(release.directory, workspace);
      const dependencies = Object.keys(
        (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: object })
          .dependencies ?? {},
      );
      for (const file of sourcesUnder(path.join(dir, 'src'))) {
        for (const specifier of runtimeImports(fs.readFileSync(file, 'utf8'))) {
          const where = `${path.relative(release.directory, file)}: ${specifier}`;
          if (specifier.startsWith('.')) {
            if (!fs.existsSync(path.resolve(path.dirname(file), specifier)))
              problems.push(`${where} is not shipped`);
          } else if (specifier.startsWith('node:') || builtinModules.includes(specifier)) {
            // built into Node
          } else if (
            packagesImported.add(packageOf(specifier)) &&
            !dependencies.includes(packageOf(specifier))
          ) {
            problems.push(`${where} is not in ${workspace}'s dependencies`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The scan saw the imports it is about, dynamic ones included.
    expect([...packagesImported]).toEqual(
      expect.arrayContaining(['fastify', 'zod', '@duckdb/node-api', '@clickhouse/client']),
    );
  });

  it('installs with npm ci --omit=dev from the npm cache and starts without the development toolchain', async () => {
    const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-installed-'));
    try {
      execFileSync('tar', ['-xzf', release.tarball, '-C', unpacked]);
      const [name] = fs.readdirSync(unpacked);
      const installed = path.join(unpacked, name as string);
      execFileSync('npm', ['ci', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], {
        cwd: installed,
        stdio: 'pipe',
      });
      for (const development of ['vite', 'vitest', 'typescript', 'react', '@biomejs/biome', 'autocannon']) {
        expect(fs.existsSync(path.join(installed, 'node_modules', development)), development).toBe(false);
      }
      const child = spawn(process.execPath, ['packages/server/src/cli.ts', 'start'], {
        cwd: installed,
        env: {
          PATH: process.env.PATH ?? '',
          CAIRN_DATA_DIR: path.join(unpacked, 'data'),
          CAIRN_PORT: '0',
          CAIRN_HOST: '127.0.0.1',
          CAIRN_LOG_LEVEL: 'warn',
        },
      });
      try {
        let output = '';
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout.on('data', (chunk) => {
            output += String(chunk);
            const match = /Panel:\s+(http:\/\/\S+)\/panel\//.exec(output);
            if (match?.[1] && output.includes('Press Ctrl+C to stop.')) resolve(match[1]);
          });
          child.stderr.on('data', (chunk) => {
            output += String(chunk);
          });
          child.on('exit', (code) => reject(new Error(`cairn start exited with ${code}: ${output}`)));
        });
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
        const panel = await fetch(`${url}/panel/`);
        expect(panel.status).toBe(200);
        expect(await panel.text()).toContain('<div id="root">');
      } finally {
        const exited = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    } finally {
      fs.rmSync(unpacked, { recursive: true, force: true });
    }
  });
});
