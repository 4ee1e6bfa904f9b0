import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../app/testing.ts';

// The settings page renders the section its route names from the registry: a tab for each, the built
// sections themselves (every section is built: the "not built yet" note is left for none).

describe('settings page', () => {
  it('shows a tab per section and the section its route names', async () => {
    renderApp('/settings/integration', [
      ...signedInAs(),
      on('GET', '/api/integrations/accounts', () => json({ items: [] })),
    ]);
    const tabs = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(within(tabs).getAllByRole('link')).toHaveLength(15);
    expect(within(tabs).getByRole('link', { name: 'Interface' })).toHaveAttribute(
      'href',
      '/panel/settings/ui',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Integration' })).toBeInTheDocument();
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
    expect(screen.queryByText('Not built yet')).not.toBeInTheDocument();
  });

  it('shows a built section', async () => {
    renderApp('/settings/ui', signedInAs());
    expect(await screen.findByRole('combobox', { name: 'Colour scheme' })).toBeInTheDocument();
    expect(screen.queryByText('Not built yet')).not.toBeInTheDocument();
  });
});
