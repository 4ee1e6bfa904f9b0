import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Dark theme' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    act(() => system.setDark(true));
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Light theme' })).toBeInTheDocument();
  });
});
