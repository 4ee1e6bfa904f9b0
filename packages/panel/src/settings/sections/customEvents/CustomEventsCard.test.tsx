import { DEFAULT_POSTBACK_PROCESSING, type PostbackProcessingSettings } from '@cairn/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../../../app/testing.ts';

const saved: PostbackProcessingSettings = {
  ...DEFAULT_POSTBACK_PROCESSING,
  unknownStatus: 'declined',
  eventNames: ['Registration'],
  networkEvents: [{ affiliateNetworkId: 7, networkEvent: 'reg', slot: 1 }],
};
// Networks as the list answers them (the panel checks the list's shape).
const network = (id: number, name: string) => ({
  id,
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  name,
  offerUrlParams: '',
  postbackPlaceholders: { clickId: '{clickid}', payout: null, status: null, txid: null, currency: null },
  allowedPostbackIps: [],
  statusMapping: [],
  duplicatePostbacks: 'ignore',
  acceptKeylessPostbacks: false,
  notes: '',
  postbackUrl: 'http://tracker.example/postback?clickid={clickid}&key=K3y',
  offerCount: 0,
});
const networks = [network(7, 'Net Seven'), network(8, 'Net Eight')];

function renderCard(...routes: Route[]) {
  return renderApp('/settings/postback-processing', [
    ...signedInAs({ role: 'admin' }),
    ...routes,
    on('GET', '/api/settings/postback-processing', () => json(saved)),
    on('GET', '/api/affiliate_network', () =>
      json({ items: networks, total: networks.length, page: 1, pageSize: 500 }),
    ),
  ]);
}

function recordPuts(bodies: unknown[]): Route {
  return on('PUT', '/api/settings/postback-processing', async (request) => {
    const body = await request.json();
    bodies.push(body);
    return json(body);
  });
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Custom events' })).closest('section') as HTMLElement;

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(within(await card()).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('settings/postback-processing: custom events', () => {
  it("names slots and maps a network's words to them, saving them with the page's other settings", async () => {
    const bodies: unknown[] = [];
    renderCard(recordPuts(bodies));
    const section = await card();
    expect(await within(section).findByRole('textbox', { name: 'Event 1' })).toHaveValue('Registration');
    expect(within(section).getAllByRole('textbox', { name: /^Event \d+$/ })).toHaveLength(30);
    expect(within(section).getByRole('textbox', { name: "Network's event 1" })).toHaveValue('reg');
    await waitFor(() =>
      expect(within(section).getByRole('combobox', { name: 'Network 1' })).toHaveTextContent('Net Seven'),
    );
    expect(within(section).getByRole('combobox', { name: 'Counts as 1' })).toHaveTextContent('Registration');

    const user = userEvent.setup();
    await user.type(within(section).getByRole('textbox', { name: 'Event 2' }), 'Deposit');
    await user.click(within(section).getByRole('button', { name: 'Add a network event' }));
    await choose('Network 2', 'Net Eight');
    await user.type(within(section).getByRole('textbox', { name: "Network's event 2" }), 'ftd');
    // The slot list already says the name typed above.
    await choose('Counts as 2', 'Deposit');
    await user.click(within(section).getByRole('button', { name: 'Save custom events' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          ...saved,
          eventNames: ['Registration', 'Deposit'],
          networkEvents: [
            { affiliateNetworkId: 7, networkEvent: 'reg', slot: 1 },
            { affiliateNetworkId: 8, networkEvent: 'ftd', slot: 2 },
          ],
        },
      ]),
    );
    expect(await screen.findByText(/Custom events saved/)).toBeInTheDocument();

    // A removed row is gone from what is saved next.
    await user.click(within(await card()).getByRole('button', { name: 'Remove network event 1' }));
    await user.click(within(await card()).getByRole('button', { name: 'Save custom events' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({
      networkEvents: [{ affiliateNetworkId: 8, networkEvent: 'ftd', slot: 2 }],
    });
  });

  it("says the contract's objections at their fields and sends nothing", async () => {
    const bodies: unknown[] = [];
    renderCard(recordPuts(bodies));
    const section = await card();
    const user = userEvent.setup();
    await user.type(await within(section).findByRole('textbox', { name: 'Event 3' }), 'sign-up!');
    await user.type(within(section).getByRole('textbox', { name: 'Event 4' }), 'registration');
    await user.click(within(section).getByRole('button', { name: 'Add a network event' }));
    await user.click(within(section).getByRole('button', { name: 'Add a network event' }));
    await user.type(within(section).getByRole('textbox', { name: "Network's event 3" }), 'REG');
    await choose('Network 3', 'Net Seven');
    await user.click(within(section).getByRole('button', { name: 'Save custom events' }));

    const described = (role: string, name: string) => within(section).getByRole(role, { name });
    await waitFor(() =>
      expect(described('textbox', 'Event 3')).toHaveAccessibleDescription(
        expect.stringContaining('An event name holds letters, digits, _, - and spaces'),
      ),
    );
    expect(described('textbox', 'Event 4')).toHaveAccessibleDescription(
      expect.stringContaining('Event name registration is used twice'),
    );
    expect(described('combobox', 'Network 2')).toHaveAccessibleDescription(
      expect.stringContaining('Choose the network'),
    );
    expect(described('textbox', "Network's event 2")).toHaveAccessibleDescription(
      expect.stringContaining('The network event name is required'),
    );
    expect(described('textbox', "Network's event 3")).toHaveAccessibleDescription(
      expect.stringContaining('Network event REG is mapped twice for one network'),
    );
    expect(bodies).toEqual([]);
  });

  it("shows the server's refusal at the field it names", async () => {
    renderCard(
      on('PUT', '/api/settings/postback-processing', () =>
        json(
          {
            message: 'Invalid request: networkEvents.0.slot: A slot is 1 to 30',
            errors: [{ message: 'A slot is 1 to 30', detail: { field: 'networkEvents.0.slot' } }],
          },
          400,
        ),
      ),
    );
    const section = await card();
    await within(section).findByRole('textbox', { name: "Network's event 1" });
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Save custom events' }));
    await waitFor(() =>
      expect(within(section).getByRole('combobox', { name: 'Counts as 1' })).toHaveAccessibleDescription(
        expect.stringContaining('A slot is 1 to 30'),
      ),
    );
  });
});
