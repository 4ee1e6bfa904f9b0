// Runs every story, its play function and every axe rule under each theme x scheme the toolbar offers,
// failing on any accessibility violation. `npm test` already runs every rule under default/light and the
// rules a scheme can change (contrast) under every combination (vitest.setup.ts); this rerun adds what a
// story's play function reaches under other colours, at eight browser runs' cost, so it is run by hand.
//   npm run test:a11y:themes [-- <vitest path filter>]
import { spawnSync } from 'node:child_process';
import { COLOR_SCHEMES, THEMES } from '../packages/tokens/src/constants.ts';

const filters = process.argv.slice(2);
const failed: string[] = [];
// Every other scheme x theme, then the high-contrast palette in both themes (the same colours over every
// scheme, so the default scheme stands for all three).
const runs = [
  ...COLOR_SCHEMES.flatMap((colorScheme) =>
    THEMES.map((theme) => ({ colorScheme, theme, contrast: 'standard' as const })),
  ).filter(({ colorScheme, theme }) => colorScheme !== 'default' || theme !== 'light'),
  ...THEMES.map((theme) => ({ colorScheme: 'default' as const, theme, contrast: 'more' as const })),
];
for (const { colorScheme, theme, contrast } of runs) {
  const label = `${colorScheme}/${theme}${contrast === 'more' ? '/more contrast' : ''}`;
  console.log(`\n=== stories under ${label} ===`);
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'storybook', ...filters], {
    stdio: 'inherit',
    env: {
      ...process.env,
      CAIRN_STORY_GLOBALS: `theme=${theme},colorScheme=${colorScheme},contrast=${contrast}`,
    },
  });
  if (run.status !== 0) failed.push(label);
}
console.log(failed.length ? `\nAccessibility failures under: ${failed.join(', ')}` : '\nAll themes passed.');
process.exit(failed.length ? 1 : 0);
