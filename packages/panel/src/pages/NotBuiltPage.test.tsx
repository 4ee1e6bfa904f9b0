import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { signedInAs } from '../app/testing.ts';

// The routes of the spec whose pages are not built yet keep their title and say so: the root README and
// the panel README list exactly these.

describe('pages not built yet', () => {
  it.each([['/triggers', 'Triggers', 'Triggers: conditions on metrics with actions and notifications.']])(
    '%s shows its title and what it will hold',
    async (path, title, coming) => {
      renderApp(path, signedInAs());
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText('Not built yet')).toBeInTheDocument();
      expect(screen.getByText(coming)).toBeInTheDocument();
    },
  );
});
