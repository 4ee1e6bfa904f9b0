import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeViolation, axeViolations } from './axe.ts';
import { kinds, type PanelPage, panelPages, type RouteKind, settingsSections } from './panelPages.ts';
import { api, e2eSuite, panelAddress, waitForTitle } from './support.ts';

// Focus, theme and accessibility over the whole panel, in Chromium against the real server: every route
// of the route table (lists, forms in each mode, mass edit, settings sections, reports, trends, click log,
// monitor ...) passes axe's WCAG 2.0 and 2.1 A and AA rules in the light and the dark theme, with the
// menus, a select and a dialog open too; links wear the scheme's colour in the creative dark scheme; focus
// goes to the heading after a navigation or a save, to the first invalid field after a failed submit, and
// back to the opener when a dialog closes.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const ids = {} as Record<RouteKind, number>;

const e2e = e2eSuite({
  session: true,
  setup: async ({ session: { page } }) => {
    // Campaigns with landers, offers, a network and a source, and clicks and leads to report on.
    const seeded = await api<{ campaigns: { id: number }[] }>(page, 'POST', '/api/monitor/seed', {
      clicks: 2_000,
      days: 3,
      campaigns: 2,
    });
    const campaign = await api<{ id: number; flow: unknown }>(
      page,
      'GET',
      `/api/campaign/${seeded.campaigns[0]?.id}`,
    );
    await api(page, 'POST', '/api/rotation', { name: 'Evergreen', flow: campaign.flow });
    await api(page, 'POST', '/api/domain', { host: 'track.example.com' });
    await api(page, 'POST', '/api/group', { name: 'Sweepstakes', kind: 'offer' });
    for (const [kind, apiKind] of kinds) {
      const list = await api<{ items: { id: number }[] }>(page, 'GET', `/api/${apiKind}`);
      const first = list.items[0];
      if (!first) throw new Error(`No ${apiKind} to open`);
      ids[kind] = first.id;
    }
  },
});

function address(path: string): string {
  return `/panel${path.replace(/\{([a-z-]+)\}/g, (_, kind: RouteKind) => String(ids[kind]))}`;
}

/** Waits until the page shows its content: its title, its heading, no skeleton, no fade running. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.querySelector('[data-skeleton]') === null &&
      document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

async function open(page: Page, { path, title }: PanelPage): Promise<void> {
  await page.goto(address(path));
  await waitForTitle(page, `${title} - Cairn`);
  await settle(page);
}

/** axe's WCAG 2.0 and 2.1 A and AA findings (the best-practice rules are not part of the bar). */
async function wcagViolations(page: Page): Promise<AxeViolation[]> {
  const violations = await axeViolations(page);
  const rules = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { getRules(tags: string[]): { ruleId: string }[] } }).axe
        .getRules(tags)
        .map((rule) => rule.ruleId),
    WCAG,
  );
  return violations.filter((violation) => rules.includes(violation.id));
}

async function expectNoViolations(page: Page, what: string): Promise<void> {
  expect({ what, violations: await wcagViolations(page) }).toEqual({ what, violations: [] });
}

/** A signed-in browser profile in a theme and colour scheme of its own, at a viewport size. */
async function themedContext(
  browser: Browser,
  options: { theme: 'light' | 'dark'; scheme?: string; width?: number; height?: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: e2e.server.url,
    colorScheme: options.theme,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    storageState: await e2e.session.context.storageState(),
  });
  if (options.scheme) {
    await context.addInitScript(
      (scheme) => localStorage.setItem('cairn.colorScheme', JSON.stringify(scheme)),
      options.scheme,
    );
  }
  return context;
}

async function activeElement(
  page: Page,
): Promise<{ tag: string; text: string; invalid: boolean; inView: boolean }> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement;
    const box = active.getBoundingClientRect();
    return {
      tag: active.tagName,
      text: (active.getAttribute('aria-label') ?? active.textContent ?? '').trim(),
      invalid: active.getAttribute('aria-invalid') === 'true',
      inView: box.bottom > 0 && box.top < window.innerHeight,
    };
  });
}

describe.each(['light', 'dark'] as const)('axe in the %s theme', (theme) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await themedContext(e2e.browser, { theme });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
  });

  it('has no violations on the sign-in page', async () => {
    const { page: signedOut } = await e2e.open({ colorScheme: theme });
    await signedOut.goto('/panel/login');
    await waitForTitle(signedOut, 'Sign in - Cairn');
    await signedOut.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expectNoViolations(signedOut, '/login');
  });

  it.each(panelPages)('has no violations on $path', async (panelPage) => {
    await open(page, panelPage);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await expectNoViolations(page, panelPage.path);
  });

  // The settings sections built last, at a phone's width too (every page above is checked at 1280 px).
  it.each(settingsSections.filter(([path]) => ['feedback', 'beta'].includes(path)))(
    'has no violations on /settings/%s at 390 px',
    async (path, title) => {
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        await open(page, { path: `/settings/${path}`, title: `${title} - Settings` });
        await expectNoViolations(page, `/settings/${path} at 390 px`);
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    },
  );

  it.each([
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ])('has none with a menu, a select or a dialog open at $width px', async (size) => {
    await page.setViewportSize(size);
    try {
      await open(page, { path: '/campaigns/create', title: 'New campaign' });
      const header = page.getByRole('banner');
      const menus = ['Menu', /user menu/i, ...(size.width < 1200 ? ['Sections'] : [])];
      for (const name of menus) {
        await header.getByRole('button', { name, exact: typeof name === 'string' }).click();
        await page.getByRole('menu').waitFor();
        await settle(page);
        await expectNoViolations(page, `${String(name)} open`);
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
      }
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('listbox').waitFor();
      await settle(page);
      // The form and the header behind the open list are out of the focus order as well as hidden from
      // screen readers (so no role query reaches the header now).
      expect(await page.locator('header').evaluate((header) => header.closest('[inert]') !== null)).toBe(
        true,
      );
      await expectNoViolations(page, 'select open');
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      // Closed, it gives the page back.
      await page.waitForFunction(() => document.querySelector('[inert]') === null);

      await open(page, { path: '/offers/edit/{offers}', title: 'Edit offer' });
      await page.getByRole('button', { name: 'Archive', exact: true }).click();
      await page.getByRole('alertdialog').waitFor();
      await settle(page);
      await expectNoViolations(page, 'dialog open');
      await page.keyboard.press('Escape');
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelector('[inert]') === null);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});

describe('theme', () => {
  // Chromium's own link colours: unvisited and visited, in a light page and in a dark one.
  const browserLinkColours = [
    'rgb(0, 0, 238)',
    'rgb(85, 26, 139)',
    'rgb(158, 158, 255)',
    'rgb(208, 173, 240)',
  ];

  it.each([
    { path: '/campaigns', title: 'Campaigns' },
    // Over the seeded days, not "today": a run that crosses midnight (UTC) would find no rows to link.
    { path: '/report/campaign/{campaigns}?period=last7&tz=UTC', title: 'Report' },
    { path: '/clicklog?period=last7&tz=UTC', title: 'Click log' },
  ])('gives links and row actions the creative dark scheme colour on $path', async (panelPage) => {
    const context = await themedContext(e2e.browser, { theme: 'dark', scheme: 'creative' });
    try {
      const page = await context.newPage();
      await open(page, panelPage);
      expect(await page.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('creative');
      const colours = await page.evaluate(() =>
        [...document.querySelectorAll('a')].map((link) => ({
          link: link.textContent,
          inGrid: link.closest('table, [role="grid"], [role="treegrid"]') !== null,
          colour: getComputedStyle(link).color,
        })),
      );
      const inGrid = colours.filter((entry) => entry.inGrid);
      expect(inGrid.length).toBeGreaterThan(0);
      for (const entry of colours) expect(browserLinkColours, entry.link ?? '').not.toContain(entry.colour);
      // Names, row actions and the report's links all take one colour: the scheme's link colour.
      expect(new Set(inGrid.map((entry) => entry.colour)).size).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('shows help text at 12 px or more, and placeholders that cannot pass for values', async () => {
    const { page } = e2e.session;
    await open(page, { path: '/campaigns/create', title: 'New campaign' });
    const sizes = await page.evaluate(() =>
      [...document.querySelectorAll('main [id$="-description"], main [id$="-error"]')].map((help) =>
        Number.parseFloat(getComputedStyle(help).fontSize),
      ),
    );
    expect(sizes.length).toBeGreaterThan(3);
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(12);
    const placeholder = await page
      .getByRole('textbox', { name: 'Path 1 name' })
      .evaluate((input) => getComputedStyle(input, '::placeholder').fontStyle);
    expect(placeholder).toBe('italic');
  });

  it('makes a disabled button look unlike an enabled one of its kind', async () => {
    const { page } = e2e.session;
    await open(page, { path: '/campaigns/create', title: 'New campaign' });
    const look = (name: string) =>
      page.getByRole('button', { name, exact: true }).evaluate((button) => {
        const style = getComputedStyle(button);
        return {
          colour: style.color,
          cursor: style.cursor,
          disabled: (button as HTMLButtonElement).disabled,
        };
      });
    // The only path can move neither way; its pause button, of the same kind, is enabled.
    const disabled = await look('Move Path 1 up');
    const enabled = await look('Pause Path 1');
    expect(disabled.disabled).toBe(true);
    expect(enabled.disabled).toBe(false);
    expect(disabled.cursor).toBe('not-allowed');
    expect(disabled.colour).not.toBe(enabled.colour);
  });

  it('fits the settings tabs or shows where more of them are, with the current one in view', async () => {
    const { page } = e2e.session;
    for (const [path, title] of [settingsSections[0], settingsSections.at(-1)] as [string, string][]) {
      await open(page, { path: `/settings/${path}`, title: `${title} - Settings` });
      const tabs = page.getByRole('navigation', { name: 'Settings sections' });
      const row = await tabs.locator('ul').evaluate((list) => ({
        overflows: list.scrollWidth > list.clientWidth,
        moreBefore: list.hasAttribute('data-more-before'),
        moreAfter: list.hasAttribute('data-more-after'),
      }));
      if (row.overflows) {
        expect(row.moreBefore || row.moreAfter).toBe(true);
        // The cue is drawn: an arrow at each hidden end, within the row.
        const arrows = await tabs.locator('button').count();
        expect(arrows).toBe(Number(row.moreBefore) + Number(row.moreAfter));
      }
      const current = tabs.getByRole('link', { name: title, exact: true });
      expect(await current.getAttribute('aria-current')).toBe('page');
      const [currentBox, rowBox] = [await current.boundingBox(), await tabs.boundingBox()];
      expect(
        currentBox &&
          rowBox &&
          currentBox.x >= rowBox.x &&
          // A last tab scrolled to the very end may overhang by a fraction of a pixel.
          currentBox.x + currentBox.width <= rowBox.x + rowBox.width + 1,
      ).toBe(true);
    }
  });
});

describe('focus', () => {
  it('lands on the heading after a navigation by tab, by menu and by creating an item', async () => {
    const { page } = e2e.session;
    await open(page, { path: '/campaigns', title: 'Campaigns' });
    await page.getByRole('banner').getByRole('link', { name: 'Offers', exact: true }).click();
    await waitForTitle(page, 'Offers - Cairn');
    await expect.poll(() => activeElement(page)).toMatchObject({ tag: 'H1', text: 'Offers', inView: true });

    // By keyboard, through the menu.
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Groups', exact: true }).focus();
    await page.keyboard.press('Enter');
    await waitForTitle(page, 'Groups - Cairn');
    await expect.poll(() => activeElement(page)).toMatchObject({ tag: 'H1', text: 'Groups' });

    await page.getByRole('link', { name: 'New group' }).click();
    await waitForTitle(page, 'New group - Cairn');
    await expect.poll(() => activeElement(page)).toMatchObject({ tag: 'H1', text: 'New group' });
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Landers in Spanish');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.waitForURL(/\/panel\/groups\/edit\/\d+$/);
    await expect.poll(() => activeElement(page)).toMatchObject({ tag: 'H1', text: 'Edit group' });

    // A save that stays on the page takes focus to the heading too.
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Landers in Portuguese');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => activeElement(page)).toMatchObject({ tag: 'H1', text: 'Edit group' });
  });

  it('goes to the first invalid field after a failed submit, scrolled into view', async () => {
    const { page } = e2e.session;
    await open(page, { path: '/offers/create', title: 'New offer' });
    await page.getByRole('button', { name: 'Create offer' }).click();
    await expect
      .poll(() => activeElement(page))
      .toMatchObject({ tag: 'INPUT', text: '', invalid: true, inView: true });
    expect(
      await page
        .getByRole('textbox', { name: 'Name', exact: true })
        .evaluate((input) => input === document.activeElement),
    ).toBe(true);

    // Further down: a campaign whose only path has no offer, saved from the bottom of the form.
    await open(page, { path: '/campaigns/create', title: 'New campaign' });
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Spring push');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expect.poll(() => activeElement(page)).toMatchObject({ invalid: true, inView: true });
    expect(panelAddress(page)).toBe('/panel/campaigns/create');

    // Signing in without a password.
    const { page: signedOut } = await e2e.open();
    await signedOut.goto('/panel/login');
    await signedOut.getByLabel('Login').fill('admin');
    await signedOut.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(() => signedOut.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('password');
  });

  it('returns to what opened a dialog once it closes', async () => {
    const { page } = e2e.session;
    await open(page, { path: '/offers/edit/{offers}', title: 'Edit offer' });
    const archive = page.getByRole('button', { name: 'Archive', exact: true });
    await archive.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => archive.evaluate((button) => button === document.activeElement)).toBe(true);

    // The mass-edit dialog, opened through its own address, and closed with Cancel.
    await open(page, { path: '/offers', title: 'Offers' });
    await page
      .getByRole('checkbox', { name: /select row/i })
      .first()
      .check();
    const massEdit = page.getByRole('button', { name: 'Mass edit', exact: true });
    await massEdit.click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Cancel', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => massEdit.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});
