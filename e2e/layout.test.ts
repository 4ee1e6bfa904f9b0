import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { e2eSuite, panelAddress } from './support.ts';

const e2e = e2eSuite({ session: true });

// SPEC.md section 2: the navigation tabs and the menu entries, by their visible labels.
const sections: [string, string][] = [
  ['Campaigns', '/panel/campaigns'],
  ['Offers', '/panel/offers'],
  ['Landers', '/panel/landings'],
  ['Aff. networks', '/panel/affiliate-networks'],
  ['Traffic sources', '/panel/traffic-sources'],
  ['Rotations', '/panel/rotations'],
  ['Trends', '/panel/trends'],
  ['Conversions', '/panel/conversions'],
  ['Click log', '/panel/clicklog'],
  ['Postbacks', '/panel/postbacks'],
  ['Triggers', '/panel/triggers'],
  ['Users', '/panel/users'],
  ['Files', '/panel/files'],
];
const menuEntries: [string, string][] = [
  ['Settings', '/panel/settings/tracking-links'],
  ['Rollback', '/panel/rollback'],
  ['Domains', '/panel/domains'],
  ['Groups', '/panel/groups'],
];

const sizes = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
];

async function openCampaigns(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.goto('/panel/campaigns');
  await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
}

async function sideways(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

/** Two taps from the header: the menu button, then its entry; or one on a tab when the tabs show. */
async function reach(page: Page, label: string, menu: 'Sections' | 'Menu'): Promise<void> {
  const header = page.getByRole('banner');
  const tab = header
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: label, exact: true });
  if (menu === 'Sections' && (await tab.isVisible())) {
    await tab.tap();
    return;
  }
  const entry = page.getByRole('menuitem', { name: label, exact: true });
  const button = header.getByRole('button', { name: menu, exact: true });
  // One tap each, as a person would. A tap used to open a menu that closed again as it arrived (its
  // mousedown, after the pointerup, focused the trigger, outside the menu); the trigger now cancels it.
  await button.tap();
  await entry.tap();
}

describe.each(sizes)('the header at $width px', (size) => {
  it('reaches every section and menu entry in at most two taps', async () => {
    // A touch screen of this size, signed in as the shared session is.
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      hasTouch: true,
      viewport: size,
      storageState: await e2e.session.context.storageState(),
    });
    const page = await context.newPage();
    try {
      await openCampaigns(page, size);
      // After each tap, the page is read (its heading drawn) before the next, as a person would.
      const arrived = async (address: string) => {
        await page.waitForURL(`**${address}`);
        expect(panelAddress(page)).toBe(address);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      };
      for (const [label, address] of sections) {
        await reach(page, label, 'Sections');
        await arrived(address);
      }
      for (const [label, address] of menuEntries) {
        await reach(page, label, 'Menu');
        await arrived(address);
      }
    } finally {
      await context.close();
    }
  });

  it('never makes the page scroll sideways', async () => {
    const { page } = e2e.session;
    await openCampaigns(page, size);
    const { scrollWidth, clientWidth } = await sideways(page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });

  it('has no axe violations with the menus closed or open', async () => {
    const { page } = e2e.session;
    await openCampaigns(page, size);
    // Only the WCAG 2 A and AA rules: the best-practice ones judge page content that is not the header's.
    const wcag = async () => {
      const violations = await axeViolations(page);
      const rules = await page.evaluate(() =>
        (window as unknown as { axe: { getRules(tags: string[]): { ruleId: string }[] } }).axe
          .getRules(['wcag2a', 'wcag2aa'])
          .map((rule) => rule.ruleId),
      );
      return violations.filter((violation) => rules.includes(violation.id));
    };
    expect(await wcag()).toEqual([]);
    const header = page.getByRole('banner');
    const menus = [/user menu/i, 'Menu', ...(size.width < 1200 ? ['Sections'] : [])];
    for (const name of menus) {
      await header.getByRole('button', { name, exact: typeof name === 'string' }).click();
      await page.getByRole('menu').waitFor();
      // Measured mid-fade the menu's colours are not the ones a reader sees.
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
      expect(await wcag(), `with ${String(name)} open`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
  });
});

describe('skip link', () => {
  it('is the first stop of the keyboard and moves focus to the main content', async () => {
    const { page } = e2e.session;
    await openCampaigns(page, { width: 1024, height: 768 });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    expect(panelAddress(page)).toBe('/panel/campaigns');
  });
});
