import path from 'node:path';
import { fileURLToPath } from 'node:url';

// How the repository's gates (check-structure.ts, check-styles.ts) run from the command line.

/** True when `moduleUrl` is the script node was started with, not a module imported by a test. */
export function isMainModule(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && path.resolve(process.argv[1] as string) === fileURLToPath(moduleUrl);
}

/** Prints each problem and exits non-zero when there is one; otherwise prints what passed. */
export function reportGate(gate: string, problems: readonly string[], passed: string): void {
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`${gate}: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log(`${gate}: ${passed}`);
}
