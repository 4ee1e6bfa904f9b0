import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { navigationTabs } from '../routes/table.ts';
import { createDisplayPreferencesStore } from '../stores/displayPreferences.ts';
import { systemColorScheme } from '../stores/systemColorScheme.testing.ts';
import { renderApp } from './renderApp.tsx';
import { signedInAs } from './testing.ts';

describe('user menu', () => {
  it('names the theme the toggle leads to, following the system switching light/dark', async () => {
    const user = userEvent.setup();
    const system = systemColorScheme(false);
    renderApp('/offers', signedInAs(), (services) => {
      services.display = createDisplayPreferencesStore({
        root: document.documentElement,
        storage: localStorage,
        matchMedia: system.matchMedia,
        loadFont: async () => 'loaded',
        measureScale: () => 1,
        logger: { warn: vi.fn() },
      });
    });
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    await user.click(screen.getByRole('button', { name: 'admin, user menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Dark theme' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    act(() => system.setDark(true));
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'admin, user menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Light theme' })).toBeInTheDocument();
  });
});

describe('header', () => {
  it('names the user menu by the visible username first, so what a speech user says matches', async () => {
    renderApp('/offers', signedInAs({ username: 'olga' }));
    const button = await screen.findByRole('button', { name: 'olga, user menu' });
    expect(button.textContent).toMatch(/^olga/);
  });

  it('starts with a skip link that moves focus to the main content', async () => {
    const user = userEvent.setup();
    renderApp('/offers', signedInAs());
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Offers' }),
    );
  });

  it('offers every navigation tab in the Sections menu, marking the current one', async () => {
    const user = userEvent.setup();
    renderApp('/offers', signedInAs());
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    await user.click(screen.getByRole('button', { name: 'Sections' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(navigationTabs.map((tab) => tab.label));
    const current = screen.getByRole('menuitem', { name: 'Offers' });
    expect(current).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('menuitem', { name: 'Users' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  });

  it('shows the postback log to admins only', async () => {
    renderApp('/offers', signedInAs({ role: 'user' }));
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).queryByRole('link', { name: 'Postbacks' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Click log' })).toBeInTheDocument();
  });
});

describe('focus after a navigation', () => {
  it("lands on the new page's heading, and not while the user has a menu open", async () => {
    const user = userEvent.setup();
    renderApp('/offers', signedInAs());
    // The first page of a visit keeps the browser's own start: nothing is focused for it.
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    expect(document.body).toHaveFocus();

    const sections = screen.getByRole('navigation', { name: 'Sections' });
    await user.click(within(sections).getByRole('link', { name: 'Landers' }));
    const landers = await screen.findByRole('heading', { level: 1, name: 'Landers' });
    await waitFor(() => expect(landers).toHaveFocus());

    await user.click(within(sections).getByRole('link', { name: 'Rotations' }));
    await user.click(screen.getByRole('button', { name: 'admin, user menu' }));
    const menu = await screen.findByRole('menu');
    await screen.findByRole('heading', { level: 1, name: 'Rotations' });
    expect(menu).toContainElement(document.activeElement as HTMLElement);
  });
});
