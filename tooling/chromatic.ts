// `npm run chromatic`: publishes the Storybook to Chromatic, where a reviewer approves each changed snapshot in
// every scheme x theme (the modes in .storybook/preview.tsx). Without CHROMATIC_PROJECT_TOKEN it says plainly
// that nothing was published and exits 0, so a machine without the team's token is never mistaken for a pass;
// with it, unreviewed changes fail the command (no --exit-zero-on-changes) and so fail the job running it.
import { spawnSync } from 'node:child_process';
import { isMainModule } from './gate.ts';

/** The chromatic command line, or why it is skipped. */
export function chromaticPlan(env: NodeJS.ProcessEnv): { skip: string } | { args: string[] } {
  if (!env.CHROMATIC_PROJECT_TOKEN) {
    return {
      skip: 'chromatic: skipped, CHROMATIC_PROJECT_TOKEN is not set; no snapshot was published or reviewed',
    };
  }
  // Chromatic's own default waits for the review and exits non-zero on unapproved changes.
  return { args: ['chromatic', '--build-script-name', 'build-storybook'] };
}

if (isMainModule(import.meta.url)) {
  const plan = chromaticPlan(process.env);
  if ('skip' in plan) {
    console.log(plan.skip);
    process.exit(0);
  }
  // Bounded: a stuck upload must not hold a CI runner for hours.
  const run = spawnSync('npx', plan.args, { stdio: 'inherit', timeout: 20 * 60_000 });
  process.exit(run.status ?? 1);
}
