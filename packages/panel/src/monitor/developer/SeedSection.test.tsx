import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../../app/testing.ts';

function renderSeed(...routes: Route[]) {
  return renderApp('/monitor/developer/seed', [...signedInAs(), ...routes]);
}

async function setNumber(label: string, value: string) {
  const user = userEvent.setup();
  const field = await screen.findByLabelText(new RegExp(`^${label}`));
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe('developer monitor: seed', () => {
  it('runs with the numbers given and lists the new campaigns with links to them', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { current } = renderSeed(
      on('POST', '/api/monitor/seed', async (request) => {
        sent.push(await request.json());
        await answered;
        return json({
          clicks: 2500,
          lpClicks: 900,
          conversions: 41,
          campaigns: [
            { id: 31, name: 'Seed campaign 1' },
            { id: 32, name: 'Seed campaign 2' },
          ],
          elapsedMs: 1830,
        });
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Seed' })).toBeInTheDocument();
    expect(document.title).toBe('Seed - Monitor for developers - Cairn');
    await setNumber('Clicks', '2500');
    await setNumber('Days', '3');
    await setNumber('Campaigns', '2');
    await user.click(screen.getByRole('button', { name: 'Run' }));

    expect(await screen.findByText(/^Seeding…/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run' })).toHaveAttribute('aria-busy', 'true');
    release();

    const seeded = (await screen.findByRole('heading', { name: 'Seeded' })).closest('section') as HTMLElement;
    expect(sent).toEqual([{ clicks: 2500, days: 3, campaigns: 2 }]);
    for (const text of ['2,500', '900', '41', '1.8 s']) {
      expect(within(seeded).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('status')).toHaveTextContent('Done: 2,500 clicks in 1.8 s.');
    const link = within(seeded).getByRole('link', { name: 'Seed campaign 2' });
    expect(link).toHaveAttribute('href', '/panel/campaigns/edit/32');
    await user.click(link);
    expect(current()).toBe('/panel/campaigns/edit/32');
  });

  it('checks the numbers before sending', async () => {
    const user = userEvent.setup();
    const { server } = renderSeed();
    await setNumber('Clicks', '');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Enter a number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Clicks/)).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).not.toContain('POST /api/monitor/seed');
  });

  it("shows the server's field messages at their fields", async () => {
    const user = userEvent.setup();
    renderSeed(
      on('POST', '/api/monitor/seed', () =>
        json(
          {
            message: 'Invalid request: campaigns: Too many campaigns for this tracker',
            errors: [{ message: 'Too many campaigns for this tracker', detail: { field: 'campaigns' } }],
          },
          400,
        ),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Too many campaigns for this tracker')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Campaigns/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid request');
    expect(screen.queryByRole('heading', { name: 'Seeded' })).toBeNull();
  });
});
