import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../../app/testing.ts';
import { metrics, namesRoute, range, statsSettingsRoutes } from '../testData.ts';
import { scopeOfPath } from './scopeTokens.ts';

// A report about one traffic source, or one campaign buying from one, names the tokens as the source
// does and offers only those it defines.

const source = {
  id: 7,
  name: 'PropellerAds',
  tokens: [
    { parameter: 'zoneid', placeholder: '{zoneid}', name: 'Zone' },
    { parameter: 'banner', placeholder: '{bannerid}', name: '' },
  ],
};

function routes(campaignSource: number | null): Route[] {
  return [
    ...signedInAs({}),
    ...statsSettingsRoutes(),
    namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
    namesRoute('traffic_source', [{ id: 7, name: 'PropellerAds' }]),
    on('GET', '/api/campaign/3', () => json({ id: 3, name: 'Summer sale', trafficSourceId: campaignSource })),
    on('GET', '/api/traffic_source/7', () => json(source)),
    on('GET', '/api/report', () =>
      json({
        rows: [{ dimension: 'token_1', value: '1234', name: '1234', metrics: metrics(10, 1, 0, 0) }],
        totals: metrics(10, 1, 0, 0),
        range,
      }),
    ),
  ];
}

const levelOne = () => screen.getByRole('combobox', { name: 'Level 1' });

describe('the source’s token names in a report', () => {
  it('reads the scope from report addresses only', () => {
    expect(scopeOfPath('/report/traffic-source/7')).toEqual({ type: 'traffic-source', id: 7 });
    expect(scopeOfPath('/report/leads/campaign/3')).toEqual({ type: 'campaign', id: 3 });
    expect(scopeOfPath('/report/campaign/3,4')).toBeUndefined();
    expect(scopeOfPath('/report/offer/3')).toBeUndefined();
  });

  it("offers a campaign's source tokens by their names, and only those", async () => {
    const user = userEvent.setup();
    renderApp('/report/campaign/3', routes(7));
    await screen.findByRole('heading', { name: 'Report: Summer sale', level: 1 });
    await user.click(levelOne());
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(within(listbox).getByRole('option', { name: 'Zone (t1)' })).toBeInTheDocument(),
    );
    // A token without a name goes by its parameter.
    expect(within(listbox).getByRole('option', { name: 'banner (t2)' })).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: /Token 3|\(t3\)/ })).toBeNull();
    await user.click(within(listbox).getByRole('option', { name: 'Zone (t1)' }));
    expect(await screen.findByRole('treegrid', { name: /^Report by Zone \(t1\)/ })).toBeInTheDocument();
  });

  it('offers every slot under its plain name when the campaign has no source', async () => {
    const user = userEvent.setup();
    renderApp('/report/campaign/3', routes(null));
    await screen.findByRole('heading', { name: 'Report: Summer sale', level: 1 });
    await user.click(levelOne());
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Token 30' })).toBeInTheDocument();
  });
});
