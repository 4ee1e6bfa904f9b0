import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Run in a child process: niceness cannot be raised again without privileges, and the test runner's
// own threads should keep their priority.
const moduleUrl = new URL('./threadPriority.ts', import.meta.url).href;

/** The niceness of the child's main thread and of each of its threads by name, after lowering. */
function niceness(nice: number): { main: number; byName: Record<string, number[]>; changed: number } {
  const script = `
    import fs from 'node:fs';
    import os from 'node:os';
    import { lowerBackgroundThreadPriority } from ${JSON.stringify(moduleUrl)};
    await fs.promises.readFile(${JSON.stringify(fileURLToPath(import.meta.url))});
    const changed = lowerBackgroundThreadPriority(${nice});
    const byName = {};
    for (const task of fs.readdirSync('/proc/self/task')) {
      if (Number(task) === process.pid) continue;
      const name = fs.readFileSync('/proc/self/task/' + task + '/comm', 'utf8').trim();
      (byName[name] ??= []).push(os.getPriority(Number(task)));
    }
    console.log(JSON.stringify({ main: os.getPriority(process.pid), byName, changed }));
  `;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

describe.skipIf(process.platform !== 'linux')('helper thread priority', () => {
  it("makes the worker pool and V8's garbage-collector helpers nicer and leaves the main thread, which answers clicks, as it was", () => {
    const result = niceness(7);
    const pool = result.byName['libuv-worker'] ?? [];
    const collector = result.byName.V8Worker ?? [];
    expect(pool.length).toBeGreaterThan(0);
    expect(collector.length).toBeGreaterThan(0);
    expect([...pool, ...collector].every((value) => value === 7)).toBe(true);
    expect(result.changed).toBe(pool.length + collector.length);
    expect(result.main).toBe(0);
  });

  it('changes nothing at 0', () => {
    const result = niceness(0);
    expect(
      Object.values(result.byName)
        .flat()
        .every((value) => value === 0),
    ).toBe(true);
    expect(result.changed).toBe(0);
  });
});
