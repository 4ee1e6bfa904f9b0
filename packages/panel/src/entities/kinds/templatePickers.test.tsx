import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../app/testing.ts';

// The create forms' template pickers: typing narrows the list by name or category, picking fills the form.

const sourceValues = (name: string, externalId: string, placeholder: string) => ({
  name,
  tokens: [{ parameter: 'zone', placeholder: '{zone}', name: 'Zone' }],
  externalId: { parameter: externalId, placeholder },
  cost: null,
  postbackUrl: null,
  postbackPercent: 100,
  payoutPercent: 100,
  postbackMode: 'all',
  trafficLossPercent: 0,
  notes: '',
});

const sourceTemplates = on('GET', '/api/traffic_source/templates', () =>
  json({
    templates: [
      {
        id: 'pop-one',
        name: 'Popunder One',
        website: 'https://pop.example',
        categories: ['pop'],
        docs: 'https://pop.example/docs/macros',
        values: sourceValues('Popunder One', 'subid', '[SUBID]'),
      },
      {
        id: 'native-two',
        name: 'Native Two',
        website: 'https://native.example',
        categories: ['native'],
        docs: 'https://native.example/help',
        values: sourceValues('Native Two', 'click_id', '{click_id}'),
      },
    ],
  }),
);

const networkTemplates = on('GET', '/api/affiliate_network/templates', () =>
  json({
    templates: [
      {
        id: 'subs',
        name: 'Subs Platform',
        website: 'https://subs.example',
        kind: 'platform',
        verticals: [],
        docs: 'https://subs.example/postback-macros',
        values: {
          name: 'Subs Platform',
          offerUrlParams: 'sub1={clickid}',
          postbackPlaceholders: {
            clickId: '{sub1}',
            payout: '{sum}',
            status: '{status}',
            txid: null,
            currency: null,
          },
          allowedPostbackIps: [],
          statusMapping: [{ networkStatus: '1', status: 'approved' }],
          duplicatePostbacks: 'ignore',
          acceptKeylessPostbacks: false,
          notes: '',
        },
      },
      {
        id: 'dating',
        name: 'Heart Network',
        website: 'https://heart.example',
        kind: 'network',
        verticals: ['dating'],
        docs: 'https://heart.example/s2s',
        values: {
          name: 'Heart Network',
          offerUrlParams: 's2={clickid}',
          postbackPlaceholders: { clickId: '#s2#', payout: null, status: null, txid: null, currency: null },
          allowedPostbackIps: [],
          statusMapping: [],
          duplicatePostbacks: 'ignore',
          acceptKeylessPostbacks: false,
          notes: '',
        },
      },
    ],
  }),
);

const trackingLinks = on('GET', '/api/tracking/links', () =>
  json({
    domains: [
      {
        host: 'trk.example',
        baseUrl: 'https://trk.example',
        isDefault: true,
        clickUrl: 'https://trk.example/click?key={campaign_key}',
        lpClickUrl: 'https://trk.example/click?lp=1',
        postbackUrl: 'https://trk.example/r/cb?clickid={clickid}&payout={payout}&key=K3y',
        conversionPixelUrl: 'https://trk.example/conversion.gif?clickid={clickid}&key=K3y',
      },
    ],
    previousPostbackKeys: 0,
    postback: { path: '/r/cb', key: 'K3y' },
  }),
);

const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('template pickers', () => {
  it('narrow the traffic sources by category and fill the form with the one picked', async () => {
    renderApp('/traffic-sources/create', [...signedInAs(), sourceTemplates]);
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Start from template' });
    await user.click(picker);
    await waitFor(() => expect(optionNames()).toEqual(['Popunder One', 'Native Two']));
    await user.type(picker, 'nati');
    expect(optionNames()).toEqual(['Native Two']);
    await user.clear(picker);
    await user.type(picker, 'pop');
    expect(optionNames()).toEqual(['Popunder One']);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Popunder One');
    expect(screen.getByRole('textbox', { name: 'Token 1 placeholder' })).toHaveValue('{zone}');
    expect(screen.getByRole('link', { name: /documentation/ })).toHaveAttribute(
      'href',
      'https://pop.example/docs/macros',
    );
    // Another pick replaces the first one's values.
    await user.type(picker, 'two');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Native Two');
    expect(
      screen.getAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label')),
    ).toContain('Remove Native Two');
  });

  it('find affiliate networks by vertical and fill the sub-id and postback placeholders', async () => {
    renderApp('/affiliate-networks/create', [...signedInAs(), networkTemplates, trackingLinks]);
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Start from template' });
    await user.type(picker, 'dating');
    await waitFor(() => expect(optionNames()).toEqual(['Heart Network']));
    await user.clear(picker);
    await user.type(picker, 'subs');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Subs Platform');
    expect(screen.getByRole('textbox', { name: 'Offer URL parameters' })).toHaveValue('sub1={clickid}');
    expect(screen.getByRole('textbox', { name: 'Click id' })).toHaveValue('{sub1}');
    await waitFor(() =>
      expect(screen.getByLabelText('Postback URL')).toHaveValue(
        'https://trk.example/r/cb?clickid={sub1}&payout={sum}&status={status}&key=K3y',
      ),
    );
  });
});
