import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { signedInAs } from '../../app/testing.ts';

// The settings page renders the section its route names from the registry: a tab for each, the built
// sections themselves, and a "not built yet" note for the rest.

describe('settings page', () => {
  it('shows a tab per section and the note of a section not built yet', async () => {
    renderApp('/settings/integration', signedInAs());
    const tabs = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(within(tabs).getAllByRole('link')).toHaveLength(15);
    expect(within(tabs).getByRole('link', { name: 'Interface' })).toHaveAttribute(
      'href',
      '/panel/settings/ui',
    );
    expect(await screen.findByText('Not built yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Integration' })).toBeInTheDocument();
    expect(screen.getByText('Integration settings are coming in a later release.')).toBeInTheDocument();
  });

  it('shows a built section', async () => {
    renderApp('/settings/ui', signedInAs());
    expect(await screen.findByRole('combobox', { name: 'Colour scheme' })).toBeInTheDocument();
    expect(screen.queryByText('Not built yet')).not.toBeInTheDocument();
  });
});
