import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../app/testing.ts';

// The network form's postback URL: what the network must call, shown while the placeholders are typed.

const trackingLinks = on('GET', '/api/tracking/links', () =>
  json({
    domains: ['b.example', 'trk.example'].map((host) => ({
      host,
      baseUrl: `https://${host}`,
      isDefault: host === 'trk.example',
      clickUrl: `https://${host}/click?key={campaign_key}`,
      lpClickUrl: `https://${host}/click?lp=1`,
      postbackUrl: `https://${host}/r/cb?clickid={clickid}&payout={payout}&status={status}&txid={txid}&key=K3y`,
      conversionPixelUrl: `https://${host}/conversion.gif?clickid={clickid}&key=K3y`,
    })),
    previousPostbackKeys: 0,
    postback: { path: '/r/cb', key: 'K3y' },
  }),
);

describe('affiliate network form', () => {
  it('shows the postback URL on the default domain as the placeholders are typed, before saving', async () => {
    renderApp('/affiliate-networks/create', [...signedInAs(), trackingLinks]);
    const postbackUrl = await screen.findByLabelText('Postback URL');
    expect(postbackUrl).toHaveValue('https://trk.example/r/cb?clickid={clickid}&payout={payout}&key=K3y');
    const user = userEvent.setup();
    const clickId = screen.getByRole('textbox', { name: 'Click id' });
    await user.clear(clickId);
    expect(screen.queryByLabelText('Postback URL')).toBeNull();
    expect(screen.getByText(/Enter the network’s click id placeholder/)).toBeInTheDocument();
    await user.click(clickId);
    await user.paste('{aff_sub}');
    await user.click(screen.getByRole('textbox', { name: 'Transaction id' }));
    await user.paste(' #TID# ');
    await waitFor(() =>
      expect(screen.getByLabelText('Postback URL')).toHaveValue(
        'https://trk.example/r/cb?clickid={aff_sub}&payout={payout}&txid=#TID#&key=K3y',
      ),
    );
  });
});
