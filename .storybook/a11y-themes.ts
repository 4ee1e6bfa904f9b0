// Runs every story under each theme x scheme the toolbar offers, failing on any accessibility
// violation (the default-globals run in `npm test` already covers default/light with screenshots).
// Not part of `npm test`: six browser runs are too slow for every change on these machines.
//   npm run test:a11y:themes [-- <vitest path filter>]
import { spawnSync } from 'node:child_process';
import { COLOR_SCHEMES, THEMES } from '../packages/tokens/src/constants.ts';

const filters = process.argv.slice(2);
const failed: string[] = [];
for (const colorScheme of COLOR_SCHEMES) {
  for (const theme of THEMES) {
    if (colorScheme === 'default' && theme === 'light') continue;
    const label = `${colorScheme}/${theme}`;
    console.log(`\n=== stories under ${label} ===`);
    const run = spawnSync('npx', ['vitest', 'run', '--project', 'storybook', ...filters], {
      stdio: 'inherit',
      env: { ...process.env, CAIRN_STORY_GLOBALS: `theme=${theme},colorScheme=${colorScheme}` },
    });
    if (run.status !== 0) failed.push(label);
  }
}
console.log(failed.length ? `\nAccessibility failures under: ${failed.join(', ')}` : '\nAll themes passed.');
process.exit(failed.length ? 1 : 0);
