import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPage } from '../pages/registry.ts';
import { ChunkLoadError } from './chunks.ts';
import { renderApp } from './renderApp.tsx';
import { signedInAs } from './testing.ts';

vi.mock('../pages/registry.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../pages/registry.ts')>();
  return { ...actual, loadPage: vi.fn(actual.loadPage) };
});

// What a tab opened before an upgrade meets: the old build's chunk is gone from the server.
const missingChunk = () =>
  Promise.reject(new ChunkLoadError('page', new TypeError('Failed to fetch dynamically imported module')));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a page chunk that does not load', () => {
  it('says so and offers a reload instead of failing silently', async () => {
    const user = userEvent.setup();
    vi.mocked(loadPage).mockImplementationOnce(missingChunk);
    const reload = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/rollback', signedInAs(), (services) => {
      services.reload = reload;
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cairn may have been updated since this tab was opened',
    );
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('lets the next navigation try again', async () => {
    vi.mocked(loadPage).mockImplementationOnce(missingChunk);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { location, services } = renderApp('/rollback', signedInAs());
    await screen.findByRole('button', { name: 'Reload' });
    location.navigate('/panel/offers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    await waitFor(() => expect(services.progress.done).toHaveBeenCalledTimes(2));
  });
});
