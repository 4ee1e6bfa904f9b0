import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_STAMP, ensurePanel, PANEL_DIST, panelState } from './ensure-panel.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A repository with the panel's source packages, and a build that writes dist/ and counts its runs. */
function plantRepository() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-ensure-panel-'));
  roots.push(root);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('package-lock.json', '{"lockfileVersion":3}');
  write('packages/panel/index.html', '<div id="root"></div>');
  write('packages/panel/src/main.tsx', 'render();');
  write('packages/panel/src/main.test.tsx', 'test();');
  write('packages/ui/src/Button.tsx', 'export const Button = 1;');
  write('packages/tokens/src/index.ts', 'export const tokens = 1;');
  write('packages/contract/src/index.ts', 'export const contract = 1;');
  let builds = 0;
  const build = (at: string) => {
    builds += 1;
    // Vite empties dist/ before it writes: the stamp goes with it.
    fs.rmSync(path.join(at, PANEL_DIST), { recursive: true, force: true });
    fs.mkdirSync(path.join(at, PANEL_DIST), { recursive: true });
    fs.writeFileSync(path.join(at, PANEL_DIST, 'index.html'), `<html>build ${builds}</html>`);
  };
  const ensure = () => ensurePanel({ root, build, log: () => {} });
  return { root, write, ensure, builds: () => builds };
}

describe('npm start builds the panel only when needed', () => {
  it('builds a missing panel once, then starts without building until a bundled source changes', () => {
    const repo = plantRepository();
    expect(panelState(repo.root)).toBe('missing');
    expect(repo.ensure()).toBe('missing');
    expect(repo.builds()).toBe(1);
    expect(fs.existsSync(path.join(repo.root, PANEL_DIST, BUILD_STAMP))).toBe(true);

    expect(repo.ensure()).toBe('current');
    expect(repo.ensure()).toBe('current');
    expect(repo.builds()).toBe(1);

    // A test is not bundled; a file's modification time alone changes nothing either.
    repo.write('packages/panel/src/main.test.tsx', 'test(); test();');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(repo.root, 'packages/ui/src/Button.tsx'), later, later);
    expect(repo.ensure()).toBe('current');
    expect(repo.builds()).toBe(1);

    for (const [file, text] of [
      ['packages/ui/src/Button.tsx', 'export const Button = 2;'],
      ['packages/contract/src/new.ts', 'export const added = 1;'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ] as const) {
      repo.write(file, text);
      expect(repo.ensure(), file).toBe('stale');
      expect(repo.ensure(), file).toBe('current');
    }
    expect(repo.builds()).toBe(4);
  });

  it('rebuilds a build without a stamp (made by hand) and one whose index.html is gone', () => {
    const repo = plantRepository();
    repo.ensure();
    fs.rmSync(path.join(repo.root, PANEL_DIST, BUILD_STAMP));
    expect(repo.ensure()).toBe('stale');
    fs.rmSync(path.join(repo.root, PANEL_DIST, 'index.html'));
    expect(repo.ensure()).toBe('missing');
    expect(repo.builds()).toBe(3);
  });

  it('stops with the build failure and leaves no stamp to trust', () => {
    const repo = plantRepository();
    expect(() =>
      ensurePanel({
        root: repo.root,
        build: () => {
          throw new Error('npm run build failed (exit code 1)');
        },
        log: () => {},
      }),
    ).toThrow('npm run build failed');
    expect(panelState(repo.root)).toBe('missing');
  });

  it('is what npm start runs before the server', () => {
    const scripts = (
      JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.start).toBe('node tooling/ensure-panel.ts && node packages/server/src/cli.ts start');
  });
});
