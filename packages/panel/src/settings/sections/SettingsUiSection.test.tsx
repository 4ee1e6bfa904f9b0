import { moreContrastClassNames, STORAGE_KEYS, themeClassNames } from '@cairn/tokens';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { signedInAs } from '../../app/testing.ts';

describe('settings/ui contrast', () => {
  beforeEach(() => localStorage.clear());

  it('offers the contrast after the colour scheme and lays high contrast over the chosen scheme', async () => {
    const user = userEvent.setup();
    renderApp('/settings/ui', signedInAs());
    const scheme = await screen.findByRole('combobox', { name: 'Colour scheme' });
    const contrast = screen.getByRole('combobox', { name: 'Contrast' });
    expect(scheme.compareDocumentPosition(contrast) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(contrast).toHaveTextContent('Standard');

    await user.click(scheme);
    await user.click(await screen.findByRole('option', { name: 'Legacy (dense)' }));
    await user.click(contrast);
    await user.click(await screen.findByRole('option', { name: 'More (high contrast)' }));

    expect(localStorage.getItem(STORAGE_KEYS.contrast)).toBe('"more"');
    expect(localStorage.getItem(STORAGE_KEYS.colorScheme)).toBe('"legacy"');
    const root = document.documentElement;
    const theme = root.dataset.theme === 'dark' ? 'dark' : 'light';
    expect(root.classList.contains(moreContrastClassNames.legacy[theme])).toBe(true);
    expect(root.classList.contains(themeClassNames.legacy[theme])).toBe(false);
    expect(screen.getByTestId('display-preview')).toHaveTextContent('high contrast');
  });
});
