import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Run in a child process: niceness cannot be raised again without privileges, and the test runner's
// own threads should keep their priority.
const moduleUrl = new URL('./threadPriority.ts', import.meta.url).href;

interface Lowered {
  main: number;
  mainPolicy: number;
  /** Niceness by thread name. */
  byName: Record<string, number[]>;
  /** Scheduling policy by thread name: 0 normal, 5 SCHED_IDLE (/proc/<pid>/task/<tid>/stat, field 41). */
  policies: Record<string, number[]>;
  changed: number;
}

/** The priority of the child's main thread and of each of its threads by name, after lowering. */
function lowered(priority: number | 'idle'): Lowered {
  const script = `
    import fs from 'node:fs';
    import os from 'node:os';
    import { lowerBackgroundThreadPriority } from ${JSON.stringify(moduleUrl)};
    await fs.promises.readFile(${JSON.stringify(fileURLToPath(import.meta.url))});
    const changed = lowerBackgroundThreadPriority(${JSON.stringify(priority)});
    const policyOf = (task) => {
      const stat = fs.readFileSync('/proc/self/task/' + task + '/stat', 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
    };
    const byName = {};
    const policies = {};
    for (const task of fs.readdirSync('/proc/self/task')) {
      if (Number(task) === process.pid) continue;
      const name = fs.readFileSync('/proc/self/task/' + task + '/comm', 'utf8').trim();
      (byName[name] ??= []).push(os.getPriority(Number(task)));
      (policies[name] ??= []).push(policyOf(task));
    }
    const main = os.getPriority(process.pid);
    console.log(JSON.stringify({ main, mainPolicy: policyOf(process.pid), byName, policies, changed }));
  `;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

describe.skipIf(process.platform !== 'linux')('helper thread priority', () => {
  it("makes the worker pool and V8's garbage-collector helpers nicer and leaves the main thread, which answers clicks, as it was", () => {
    const result = lowered(7);
    const pool = result.byName['libuv-worker'] ?? [];
    const collector = result.byName.V8Worker ?? [];
    expect(pool.length).toBeGreaterThan(0);
    expect(collector.length).toBeGreaterThan(0);
    expect([...pool, ...collector].every((value) => value === 7)).toBe(true);
    expect(result.changed).toBe(pool.length + collector.length);
    expect(result.main).toBe(0);
    expect(
      Object.values(result.policies)
        .flat()
        .every((policy) => policy === 0),
    ).toBe(true);
  });

  it.skipIf(!fs.existsSync('/usr/bin/chrt'))(
    "puts the worker pool on SCHED_IDLE, so a click waking the main thread takes the core from it at once, and V8's workers at nice 19, so they still compile hot code while clicks fill the core",
    () => {
      const result = lowered('idle');
      const pool = result.policies['libuv-worker'] ?? [];
      const v8Policies = result.policies.V8Worker ?? [];
      expect(pool.length).toBeGreaterThan(0);
      expect(v8Policies.length).toBeGreaterThan(0);
      expect(pool.every((policy) => policy === 5)).toBe(true);
      expect(v8Policies.every((policy) => policy === 0)).toBe(true);
      expect((result.byName.V8Worker ?? []).every((value) => value === 19)).toBe(true);
      expect(result.changed).toBe(pool.length + v8Policies.length);
      expect(result.mainPolicy).toBe(0);
      expect(result.main).toBe(0);
    },
  );

  it('changes nothing at 0', () => {
    const result = lowered(0);
    expect(
      Object.values(result.byName)
        .flat()
        .every((value) => value === 0),
    ).toBe(true);
    expect(result.changed).toBe(0);
  });
});
