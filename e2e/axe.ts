import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright';

// axe-core in the page under test: the same engine Storybook's a11y checks use (it comes with
// @storybook/addon-a11y), injected from its file so the built panel needs no test hook.

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeScript: string | null = null;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the failing elements. */
  targets: string[];
}

/** Runs axe over the whole page (or `selector`) and returns its violations in a readable form. */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol rather than added as a <script>: the panel's CSP rightly
  // refuses inline scripts, and the test must not need it loosened.
  if (!loaded) {
    axeScript ??= fs.readFileSync(axeSource, 'utf8');
    await page.evaluate(axeScript);
  }
  // Axe measures contrast as drawn: a dialog or toast still fading in, or a field sliding open, is a
  // colour between two states. On a busy machine those last long enough to be measured, so the page's
  // finite animations and transitions end first (infinite ones, spinners, never do; a few seconds at most).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  return page.evaluate(async (context) => {
    type Node = { target: unknown[] };
    type Result = { id: string; impact?: string | null; help: string; nodes: Node[] };
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: Result[] }> } })
      .axe;
    const { violations } = await axe.run(context ?? document);
    return violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  }, selector);
}
