import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The operator's documentation keeps up with the code: every variable the server reads has its line in
// docs/configuration.md, and every document the README links to exists.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readText = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

function serverSources(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) serverSources(file, found);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) found.push(file);
  }
  return found;
}

describe('documentation', () => {
  it('documents every CAIRN_* variable the server reads, with a row in the configuration table', () => {
    const read = new Set<string>();
    for (const file of serverSources(path.join(root, 'packages/server/src'))) {
      const code = fs.readFileSync(file, 'utf8');
      for (const match of code.matchAll(/env\.(CAIRN_[A-Z0-9_]+)|\bread\('(CAIRN_[A-Z0-9_]+)'\)/g)) {
        read.add((match[1] ?? match[2]) as string);
      }
    }
    expect(read.size).toBeGreaterThan(25);
    const configuration = readText('docs/configuration.md');
    const rows = new Set([...configuration.matchAll(/^\| `(CAIRN_[A-Z0-9_]+)`/gm)].map((match) => match[1]));
    // The test-only variables share a row of the tests' own table; the rest have one row each.
    const undocumented = [...read].filter((name) =>
      name.startsWith('CAIRN_TEST_') ? !configuration.includes(`\`${name}\``) : !rows.has(name),
    );
    expect(undocumented).toEqual([]);
  });

  it('keeps the README short and its links alive', () => {
    const readme = readText('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    // docs/security.md is written alongside this change by another hand; it is linked before it lands.
    const pending = new Set(['docs/security.md']);
    const targets = [...readme.matchAll(/\]\(([^)#]+)\)/g)].map((match) => match[1] as string);
    expect(targets.length).toBeGreaterThan(5);
    const missing = targets.filter(
      (target) => !pending.has(target) && !fs.existsSync(path.join(root, target)),
    );
    expect(missing).toEqual([]);
  });
});
