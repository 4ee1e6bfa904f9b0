import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, offerItem, on, type Route, signedInAs } from '../../app/testing.ts';

// The campaign form on the generic machinery: the choice between the campaign's own flow and a shared
// rotation decides what is sent, and the URL to copy is the server's.

const signedIn = signedInAs();

const meta = {
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};
const ownFlow = {
  defaultPaths: [
    {
      name: '',
      weight: 100,
      paused: false,
      landers: [],
      offers: [{ offerId: 10, weight: 100, paused: false }],
    },
  ],
  rules: [],
};

function campaign(change: Record<string, unknown>) {
  return {
    id: 7,
    ...meta,
    name: 'Push US',
    key: 'abcdefghijkl',
    groupId: null,
    trafficSourceId: null,
    domainId: null,
    costModel: 'cpc',
    costAuto: false,
    costMicros: 0,
    currency: 'USD',
    redirectMode: 'http_302',
    uniquenessHours: 24,
    status: 'active',
    rotationId: null,
    flow: ownFlow,
    notes: '',
    effectiveFlow: ownFlow,
    url: 'http://track.example/click?key=abcdefghijkl',
    ...change,
  };
}

const list = (items: unknown[]) => () => json({ items, total: items.length, page: 1, pageSize: 500 });
const pushHouse = {
  id: 4,
  ...meta,
  name: 'PushHouse',
  tokens: [{ parameter: 'zone', placeholder: '{zone_id}', name: 'Zone' }],
  externalId: { parameter: 'cid', placeholder: '{click_id}' },
  cost: null,
  postbackUrl: null,
  postbackPercent: 100,
  payoutPercent: 100,
  postbackMode: 'all',
  trafficLossPercent: 0,
  templateId: null,
  notes: '',
  campaignUrlParams: 'cid={click_id}&zone={zone_id}',
};
const references: Route[] = [
  on('GET', '/api/group', list([])),
  on('GET', '/api/traffic_source', list([pushHouse])),
  on('GET', '/api/traffic_source/4', () => json(pushHouse)),
  on('GET', '/api/domain', list([{ id: 2, ...meta, host: 'go.example', isDefault: false, notes: '' }])),
  on('GET', '/api/landing', list([])),
  on('GET', '/api/offer', list([offerItem(10, 'Summer sweeps')])),
  on(
    'GET',
    '/api/rotation',
    list([{ id: 3, ...meta, name: 'Evergreen', groupId: null, flow: ownFlow, notes: '', campaignCount: 1 }]),
  ),
];

function renderEdit(item: ReturnType<typeof campaign>) {
  const bodies: Record<string, unknown>[] = [];
  renderApp('/campaigns/edit/7', [
    ...signedIn,
    ...references,
    on('GET', '/api/campaign/7', () => json(item)),
    on('GET', '/api/audit_log', () => json({ items: [], total: 0, page: 1, pageSize: 20 })),
    on('PUT', '/api/campaign/7', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return json({ ...item, ...body });
    }),
  ]);
  return { bodies, user: userEvent.setup() };
}

// A whole App with lazy pages boots per test; on a busy two-core machine that alone can near 5 s.
describe('campaign form', { timeout: 20_000 }, () => {
  it('shows the campaign URL to copy', async () => {
    renderEdit(campaign({}));
    expect(await screen.findByRole('textbox', { name: 'Campaign URL' })).toHaveValue(
      'http://track.example/click?key=abcdefghijkl',
    );
    expect(screen.getByRole('button', { name: 'Copy URL' })).toBeInTheDocument();
    // An admin tests the saved campaign where they edit it.
    expect(screen.getByRole('button', { name: 'Test link' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('gives the lander script and offer link for direct tracking, in place of the campaign URL', async () => {
    const { user } = renderEdit(campaign({}));
    await screen.findByRole('textbox', { name: 'Campaign URL' });
    await user.click(screen.getByRole('radio', { name: 'Direct on the lander (no redirect)' }));
    expect(screen.getByRole('textbox', { name: 'Lander script' })).toHaveValue(
      '<script src="http://track.example/t.js?key=abcdefghijkl" async></script>',
    );
    expect(screen.getByRole('textbox', { name: 'Offer link on the lander' })).toHaveValue(
      'http://track.example/click?lp=1&clickid={clickid}',
    );
    expect(screen.queryByRole('textbox', { name: 'Campaign URL' })).toBeNull();
  });

  it('previews the URL of a new campaign with the chosen source and domain', async () => {
    renderApp('/campaigns/create', [...signedIn, ...references]);
    const user = userEvent.setup();
    const url = await screen.findByRole('textbox', { name: 'Campaign URL' });
    expect(url).toHaveValue(`${window.location.origin}/click?key={key}`);
    await user.click(screen.getByRole('combobox', { name: 'Traffic source' }));
    await user.click(await screen.findByRole('option', { name: 'PushHouse' }));
    await user.click(screen.getByRole('combobox', { name: 'Domain' }));
    await user.click(await screen.findByRole('option', { name: 'go.example' }));
    await waitFor(() =>
      expect(url).toHaveValue('https://go.example/click?key={key}&cid={click_id}&zone={zone_id}'),
    );
  });

  it('previews the URL on the click path the tracker was given (URL customization)', async () => {
    renderApp('/campaigns/create', [
      ...signedIn,
      ...references,
      on('GET', '/api/settings/url-customization', () =>
        json({
          clickPath: '/go',
          postbackPath: '/postback',
          conversionPixelPath: '/conversion.gif',
          fallbackUrl: '',
        }),
      ),
    ]);
    const url = await screen.findByRole('textbox', { name: 'Campaign URL' });
    await waitFor(() => expect(url).toHaveValue(`${window.location.origin}/go?key={key}`));
  });

  it('leaves a rotation for its own flow and sends that flow', async () => {
    const { bodies, user } = renderEdit(campaign({ rotationId: 3, flow: null }));
    const rotationChoice = await screen.findByRole('radio', { name: 'A shared rotation' });
    expect(rotationChoice).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Path 1' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Its own flow' }));
    const path = await screen.findByRole('group', { name: 'Path 1' });
    // Pasted, not typed: the whole form re-renders per keystroke, which is slow in jsdom.
    await user.click(within(path).getByRole('combobox', { name: 'Offers of Path 1' }));
    await user.paste('Summer');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.rotationId).toBeNull();
    expect(bodies[0]?.flow).toEqual({
      defaultPaths: [
        {
          name: '',
          weight: 100,
          paused: false,
          target: 'offers',
          campaignId: null,
          url: null,
          landers: [],
          offers: [{ offerId: 10, weight: 100, paused: false }],
        },
      ],
      rules: [],
    });
  });

  it('asks for a rotation before switching a campaign to one, and sends nothing meanwhile', async () => {
    const { bodies, user } = renderEdit(campaign({}));
    await user.click(await screen.findByRole('radio', { name: 'A shared rotation' }));
    expect(screen.queryByRole('group', { name: 'Path 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rotation' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Choose a rotation or build the flow/)).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('shows a contract message of the flow at its path', async () => {
    const { bodies, user } = renderEdit(campaign({}));
    const path = await screen.findByRole('group', { name: 'Path 1' });
    // The offer is named once the offer list is in.
    await user.click(await within(path).findByRole('button', { name: 'Remove Summer sweeps (Path 1)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(path).findByText('An active path needs at least one active offer'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});

describe('campaign list and history', { timeout: 20_000 }, () => {
  it('shows the traffic source by name, never its id, also when the names answer after the rows', async () => {
    let answerNames: () => void = () => {};
    const namesAsked = new Promise<void>((resolve) => {
      answerNames = resolve;
    });
    let listAnswered = false;
    renderApp('/campaigns', [
      ...signedIn,
      on('GET', '/api/traffic_source', async () => {
        await namesAsked;
        return list([pushHouse])();
      }),
      ...references,
      on('GET', '/api/campaign', () => {
        listAnswered = true;
        return list([campaign({ trafficSourceId: 4, costMicros: 12_500 })])();
      }),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Campaigns' });
    await waitFor(() => expect(listAnswered).toBe(true));
    expect(grid).not.toHaveTextContent('#4');
    expect(grid).toHaveAttribute('aria-busy', 'true');
    answerNames();
    const row = await within(grid).findByRole('row', { name: /Push US/ });
    expect(row).toHaveTextContent('PushHouse');
    expect(row).not.toHaveTextContent('#4');
    // Money with its symbol, the last change as the viewer's calendar and clock say it.
    expect(row).toHaveTextContent('CPC $0.0125');
    expect(row).toHaveTextContent(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        Date.parse(meta.updatedAt),
      ),
    );
    expect(row).not.toHaveTextContent(meta.updatedAt);
  });

  it('says Archived for an archived campaign, never the status it was archived with', async () => {
    renderApp('/campaigns?archived=true', [
      ...signedIn,
      ...references,
      on('GET', '/api/campaign', () => list([{ ...campaign({}), archived: true }])()),
    ]);
    const row = await screen.findByRole('row', { name: /Push US/ });
    expect(row).toHaveTextContent('Archived');
    expect(row).not.toHaveTextContent('Active');
  });

  it('sets the cost of the one campaign selected, the dialog starting from it', async () => {
    renderApp('/campaigns', [
      ...signedIn,
      ...references,
      on('GET', '/api/campaign', () =>
        list([campaign({}), { ...campaign({}), id: 8, key: 'other8keyxyz', name: 'Push DE' }])(),
      ),
    ]);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Push DE' });
    await user.click(screen.getByRole('checkbox', { name: 'Select row 8' }));
    await user.click(await screen.findByRole('button', { name: 'Set cost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update costs' });
    expect(await within(dialog).findByRole('combobox', { name: 'Campaign' })).toHaveTextContent('Push DE');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('checkbox', { name: 'Select row 7' }));
    expect(screen.queryByRole('button', { name: 'Set cost' })).toBeNull();
  });

  it('names changed fields as the form labels them, each value as the form shows it', async () => {
    renderApp('/campaigns/edit/7', [
      ...signedIn,
      ...references,
      on('GET', '/api/campaign/7', () => json(campaign({ rotationId: 3, flow: null, currency: 'EUR' }))),
      on('GET', '/api/audit_log', () =>
        json({
          items: [
            {
              id: 2,
              occurredAt: '2026-11-23T08:16:00.000Z',
              userId: 1,
              userLogin: 'admin',
              action: 'campaign_updated',
              entityKind: 'campaign',
              entityId: 7,
              details: {
                changes: {
                  trafficSourceId: { before: 4, after: null },
                  costMicros: { before: 12_500, after: 20_000 },
                  rotationId: { before: null, after: 3 },
                  redirectMode: { before: 'http_302', after: 'javascript' },
                  costAuto: { before: false, after: true },
                },
              },
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        }),
      ),
    ]);
    const history = await screen.findByRole('region', { name: 'History' });
    const row = await within(history).findByRole('row', { name: /admin/ });
    await waitFor(() => expect(row).toHaveTextContent('Traffic source: PushHouse → to No traffic source'));
    expect(row).toHaveTextContent('Cost: €0.0125 → to €0.02');
    expect(row).toHaveTextContent('Flow source: Its own flow → to Evergreen');
    expect(row).toHaveTextContent('Redirect: HTTP 302 → to JavaScript');
    expect(row).toHaveTextContent('Cost from the URL (auto): Off → to On');
    expect(row).not.toHaveTextContent('trafficSourceId');
    expect(within(row).getByRole('cell', { name: 'Updated' })).toBeInTheDocument();
    expect(row).toHaveTextContent(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        Date.parse('2026-11-23T08:16:00.000Z'),
      ),
    );
  });
});
