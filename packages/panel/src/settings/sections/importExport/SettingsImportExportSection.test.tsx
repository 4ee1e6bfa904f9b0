import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../../app/testing.ts';

const PATH = '/api/export/events';
const encoder = new TextEncoder();

/** A file answer whose second half waits for `release`, so the test can look at the progress between. */
function slowFile(name: string, text: string, release: Promise<void>, length = true): Response {
  const bytes = encoder.encode(text);
  const half = Math.floor(bytes.length / 2);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(bytes.slice(0, half));
      await release;
      controller.enqueue(bytes.slice(half));
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      ...(length ? { 'content-length': String(bytes.length) } : {}),
    },
  });
}

describe('Settings > Import/Export', () => {
  const created: Blob[] = [];
  beforeEach(() => {
    created.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:events';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the chosen period, kind, format and zone, showing the bytes received out of the whole', async () => {
    let release = () => {};
    const asked: URLSearchParams[] = [];
    const csv = `kind,ts\n${'click,2026-03-01 10:00:00.000\n'.repeat(40)}`;
    renderApp('/settings/import-export', [
      ...signedInAs(),
      on('GET', PATH, (request) => {
        asked.push(new URL(request.url).searchParams);
        return slowFile('cairn-clicks-2026-03-01-2026-03-02.csv', csv, new Promise((r) => (release = r)));
      }),
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Import / export' })).toBeInTheDocument();
    const user = userEvent.setup();
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-03-01');
    const to = screen.getByLabelText('To', { exact: false });
    await user.clear(to);
    await user.type(to, '2026-03-02');
    await user.click(screen.getByRole('radio', { name: 'Clicks' }));
    await user.click(screen.getByRole('radio', { name: 'UTC' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));

    const bar = await screen.findByRole('progressbar', { name: 'Downloading raw events' });
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(bar.getAttribute('aria-valuetext')).toMatch(/ of /);
    release();
    expect(
      await screen.findByText(/^Downloaded cairn-clicks-2026-03-01-2026-03-02\.csv/),
    ).toBeInTheDocument();
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
      kind: 'clicks',
      format: 'csv',
      zone: 'UTC',
    });
    expect(await created[0]?.text()).toBe(csv);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows an indeterminate bar without a length, and cancels', async () => {
    renderApp('/settings/import-export', [
      ...signedInAs(),
      on('GET', PATH, () => slowFile('events.csv', 'kind,ts\nclick,x\n', new Promise(() => {}), false)),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    const bar = await screen.findByRole('progressbar', { name: 'Downloading raw events' });
    expect(bar).toHaveAttribute('data-state', 'indeterminate');
    await vi.waitFor(() => expect(bar.getAttribute('aria-valuetext')).toMatch(/received$/));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Download cancelled.')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it("puts the server's refusal at its field", async () => {
    renderApp('/settings/import-export', [
      ...signedInAs(),
      on('GET', PATH, () =>
        json(
          {
            message: 'Invalid input: to: The range may span at most 366 days; export longer ones in parts',
            errors: [
              {
                message: 'The range may span at most 366 days; export longer ones in parts',
                detail: { field: 'to' },
              },
            ],
          },
          400,
        ),
      ),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(
      await screen.findByText('The range may span at most 366 days; export longer ones in parts'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('To', { exact: false })).toHaveAccessibleDescription(/366 days/);
  });
});
