import { describe, expect, it } from 'vitest';
import { chromaticPlan } from './chromatic.ts';

describe('npm run chromatic', () => {
  it('says it skipped, and why, when no project token is set', () => {
    expect(chromaticPlan({})).toEqual({
      skip: 'chromatic: skipped, CHROMATIC_PROJECT_TOKEN is not set; no snapshot was published or reviewed',
    });
  });

  it('fails on unreviewed changes when a token is set: it never passes --exit-zero-on-changes', () => {
    const plan = chromaticPlan({ CHROMATIC_PROJECT_TOKEN: 'chpt_example' });
    expect(plan).toEqual({ args: ['chromatic', '--build-script-name', 'build-storybook'] });
  });
});
