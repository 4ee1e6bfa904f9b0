import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, signedInAs } from '../app/testing.ts';
import { describeClicks } from './ClicksChart.tsx';
import { monitorAnswer } from './testData.ts';

function card(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { name });
  const section = heading.closest('section');
  if (!section) throw new Error(`No card around "${name}"`);
  return section;
}

describe('monitor page', () => {
  it('shows every figure of the monitor answer', async () => {
    const { server } = renderApp('/monitor', [
      ...signedInAs(),
      on('GET', '/api/monitor', () => json(monitorAnswer())),
    ]);
    expect(await screen.findByRole('heading', { name: 'Monitor', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('node-a', { selector: 'strong' })).toBeInTheDocument();
    expect(document.title).toBe('Monitor - Cairn');

    const clicks = card('Clicks per minute');
    const chart = within(clicks).getByRole('img', {
      name: /^Clicks per minute\. 101 clicks in the last 60 minutes/,
    });
    expect(chart.closest('figure')).toHaveTextContent('Clicks');
    expect(
      within(clicks).getByText(/^101 clicks in the last 60 minutes; peak 40 per minute/),
    ).toBeInTheDocument();
    expect(within(clicks).getAllByRole('row')).toHaveLength(61);

    const journal = card('Click journal');
    expect(within(journal).getByText('1,234 events in 2 segments')).toBeInTheDocument();
    expect(within(journal).getByText('250 ms')).toBeInTheDocument();
    expect(within(journal).getByText('42.5 events/s')).toBeInTheDocument();
    expect(within(journal).getByText('98,765 events')).toBeInTheDocument();

    const background = card('Background work');
    const failing = within(background).getByRole('row', { name: /Geo reload/ });
    expect(failing).toHaveTextContent('Failing');
    expect(failing).toHaveTextContent('city-ipv6.mmdb is unreadable');
    expect(within(background).getByRole('row', { name: /Journal flusher/ })).toHaveTextContent('Busy');

    expect(within(card('Routing table')).getByText('17')).toBeInTheDocument();
    expect(within(card('Routing table')).getByText('5')).toBeInTheDocument();
    expect(within(card('Memory')).getByText('150 MB')).toBeInTheDocument();
    expect(within(card('Memory')).getByText('3,210')).toBeInTheDocument();

    const nodes = card('Nodes');
    expect(nodes).toHaveTextContent('3 nodes; 1 not seen for a while');
    const here = within(nodes).getByRole('row', { name: /node-a/ });
    expect(here).toHaveTextContent('node-a (this node)');
    expect(here).toHaveTextContent('OK');
    expect(here).toHaveTextContent('just now');
    expect(here).toHaveTextContent('1,234 events in 2 segments');
    const other = within(nodes).getByRole('row', { name: /node-b/ });
    expect(other).toHaveTextContent('4 s ago');
    expect(other).toHaveTextContent('17');
    const stale = within(nodes).getByRole('row', { name: /node-c/ });
    expect(stale).toHaveTextContent('Not seen');
    expect(stale).toHaveTextContent('19 min ago');
    expect(stale).toHaveTextContent('1 min 35 s');
    expect(stale).toHaveTextContent('1.3.2');

    const databases = card('Enrichment databases');
    expect(within(databases).getByRole('row', { name: /city-ipv4/ })).toHaveTextContent('Shipped with Cairn');
    const asn = within(databases).getByRole('row', { name: /asn-ipv4/ });
    expect(asn).toHaveTextContent('Data directory');
    expect(asn).toHaveTextContent('https://example.org/asn-ipv4.csv');
    expect(asn).toHaveTextContent('(9 days ago)');
    expect(within(databases).queryByRole('status')).toBeNull();
    expect(within(databases).getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );
    expect(server.calls).toContain('GET /api/monitor');
  });

  it('warns of old geo data with its date and source', async () => {
    const warning =
      'Geo data older than 60 days: city-ipv4 built 2025-12-01 (93 days ago), from /srv/geo/city.mmdb. ' +
      'Install newer data with `cairn geo update --from FILE|DIR|URL` (no restart needed).';
    renderApp('/monitor', [
      ...signedInAs(),
      on('GET', '/api/monitor', () => json(monitorAnswer({ geoDataWarning: warning }))),
    ]);
    await screen.findByRole('heading', { name: 'Enrichment databases' });
    expect(within(card('Enrichment databases')).getByRole('status')).toHaveTextContent(warning);
  });

  it('refreshes by itself while open', async () => {
    let answers = 0;
    renderApp('/monitor', [
      ...signedInAs(),
      on('GET', '/api/monitor', () => {
        answers += 1;
        return json(monitorAnswer({ routing: { campaigns: answers === 1 ? 1 : 2, changesApplied: 0 } }));
      }),
    ]);
    const routing = await screen.findByRole('heading', { name: 'Routing table' });
    const section = routing.closest('section') as HTMLElement;
    expect(within(section).getByText('1')).toBeInTheDocument();
    // The next answer arrives without any user action.
    expect(await within(section).findByText('2')).toBeInTheDocument();
  });

  it('says so when the monitor cannot be read', async () => {
    renderApp('/monitor', [
      ...signedInAs({ role: 'user' }),
      on('GET', '/api/monitor', () => json({ message: 'Only admins may do this' }, 403)),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The monitor did not answer');
    expect(alert).toHaveTextContent('Only admins may do this');
  });
});

describe('describeClicks', () => {
  it('words an empty and a quiet hour', () => {
    expect(describeClicks([])).toBe('No minutes reported yet.');
    expect(describeClicks([{ minute: '2026-03-01T12:00:00.000Z', count: 0 }])).toBe(
      'No clicks in the last minute.',
    );
  });
});
