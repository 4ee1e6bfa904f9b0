// Runs every story, its play function and every axe rule under each theme x scheme the toolbar offers,
// failing on any accessibility violation. `npm test` already runs every rule under default/light and the
// rules a scheme can change (contrast) under every combination (vitest.setup.ts); this rerun adds what a
// story's play function reaches under other colours, at six browser runs' cost, so it is run by hand.
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
