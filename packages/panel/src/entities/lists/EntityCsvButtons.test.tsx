import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServicesContext } from '../../app/services.ts';
import { fakeServer, json, on, testServices } from '../../app/testing.ts';
import { EntityCsvButtons } from './EntityCsvButtons.tsx';

function renderButtons(...routes: Parameters<typeof fakeServer>) {
  const server = fakeServer(...routes);
  const services = testServices(server.fetch);
  render(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <EntityCsvButtons
          kind="offer"
          params={{ page: 3, pageSize: 20, archived: 'false', q: 'sweeps', sort: 'name:desc' }}
          canImport
          nounPlural="Offers"
        />
      </QueryClientProvider>
    </ServicesContext.Provider>,
  );
  return server;
}

describe("a list's CSV", () => {
  const downloads: Blob[] = [];
  beforeEach(() => {
    downloads.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      downloads.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks the server for the whole list the filters select, not the page shown', async () => {
    const asked: URLSearchParams[] = [];
    renderButtons(
      on('GET', '/api/offer/csv', (request) => {
        asked.push(new URL(request.url).searchParams);
        return new Response('ID,Name\r\n1,Sweeps\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="cairn-offer-2026-12-07.csv"',
          },
        });
      }),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ archived: 'false', q: 'sweeps', sort: 'name:desc' });
    expect(await downloads[0]?.text()).toBe('ID,Name\r\n1,Sweeps\r\n');
  });

  it('reads a file back and lists each refused line with its reason', async () => {
    const sent: unknown[] = [];
    renderButtons(
      on('POST', '/api/offer/csv', async (request) => {
        sent.push(await request.json());
        return json({
          created: [{ line: 3, id: 40, name: 'New' }],
          updated: [{ line: 2, id: 7, name: 'Old' }],
          errors: [{ line: 4, message: 'Affiliate network "Nowhere" not found' }],
        });
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import offers from CSV' });
    expect(dialog).toHaveAccessibleDescription(/ID, Name, URL, Affiliate network/);
    const text = 'ID,Name\n7,Old\n,New\n,Bad';
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([text], 'offers.csv', { type: 'text/csv' }),
    );
    await vi.waitFor(() => expect(within(dialog).getByLabelText('CSV')).toHaveValue(text));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText(/1 created, 1 updated, 1 line refused/)).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Refused lines' })).toHaveTextContent(
      'Line 4: Affiliate network "Nowhere" not found',
    );
    expect(sent).toEqual([{ text }]);
  });
});
