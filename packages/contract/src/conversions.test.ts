import { describe, expect, it } from 'vitest';
import { networkPostbackUrl } from './conversions.ts';

describe('networkPostbackUrl', () => {
  it("puts the network's placeholders under our fixed names, unencoded, and the key last", () => {
    expect(
      networkPostbackUrl(
        'https://trk.example',
        '/postback',
        { clickId: '{aff_sub}', payout: '#payout#', status: null, txid: '[TID]', currency: null },
        'K3y',
      ),
    ).toBe('https://trk.example/postback?clickid={aff_sub}&payout=#payout#&txid=[TID]&key=K3y');
  });

  it('leaves the key out when there is none, and follows a renamed postback path', () => {
    expect(
      networkPostbackUrl('https://trk.example', '/r/cb', {
        clickId: '{clickid}',
        payout: null,
        status: '{status}',
        txid: null,
        currency: '{currency}',
      }),
    ).toBe('https://trk.example/r/cb?clickid={clickid}&status={status}&currency={currency}');
  });
});
