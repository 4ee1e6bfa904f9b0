import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Run in a child process: niceness cannot be raised again without privileges, and the test runner's
// own pool should keep its priority.
const moduleUrl = new URL('./threadPriority.ts', import.meta.url).href;

function niceness(nice: number): { main: number; pool: number[] } {
  const script = `
    import fs from 'node:fs';
    import os from 'node:os';
    import { lowerWorkerPoolPriority, workerPoolThreads } from ${JSON.stringify(moduleUrl)};
    await fs.promises.readFile(${JSON.stringify(fileURLToPath(import.meta.url))});
    const changed = lowerWorkerPoolPriority(${nice});
    const pool = workerPoolThreads().map((task) => os.getPriority(task));
    if (changed !== (${nice} > 0 ? pool.length : 0)) throw new Error('changed ' + changed);
    console.log(JSON.stringify({ main: os.getPriority(process.pid), pool }));
  `;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

describe.skipIf(process.platform !== 'linux')('worker pool priority', () => {
  it('makes the pool threads nicer and leaves the main thread, which answers clicks, as it was', () => {
    const result = niceness(7);
    expect(result.pool.length).toBeGreaterThan(0);
    expect(result.pool.every((value) => value === 7)).toBe(true);
    expect(result.main).toBe(0);
  });

  it('changes nothing at 0', () => {
    const result = niceness(0);
    expect(result.pool.every((value) => value === 0)).toBe(true);
  });
});
