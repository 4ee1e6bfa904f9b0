import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * For a gate's tests: plants a repository whose files are `{relative path: text}` in a temp dir, so a rule
 * is seen failing on a file made for it; every planted repository is removed after each test.
 */
export function repositoryPlanter(prefix: string): (files: Record<string, string>) => string {
  const planted: string[] = [];
  afterEach(() => {
    for (const dir of planted.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return (files) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    planted.push(root);
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    return root;
  };
}
