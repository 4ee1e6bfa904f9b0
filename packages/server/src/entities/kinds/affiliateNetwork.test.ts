import type { AffiliateNetwork } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, type KindClient, kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import type { TestBrowser } from '../../../test-support/server.ts';
import type { RunningCairn } from '../../index.ts';

let cairn: RunningCairn;
let browser: TestBrowser;
let networks: KindClient;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
  networks = kindClient(browser, 'affiliate_network');
});
afterAll(async () => {
  await cairn.close();
});

describe('affiliate network', () => {
  it('is created, read, updated and deleted, handing out its postback URL', async () => {
    const created = await networks.create({
      name: 'MaxBounty',
      offerUrlParams: 's1={clickid}&s2={campaign_id}',
      postbackPlaceholders: { clickId: '#S1#', payout: '#RATE#', txid: '#OFFID#' },
      allowedPostbackIps: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'],
      statusMapping: [
        { networkStatus: 'approved', status: 'approved' },
        { networkStatus: 'reversed', status: 'chargeback' },
      ],
      duplicatePostbacks: 'update',
    });
    expect(created.status).toBe(201);
    const network = created.json<AffiliateNetwork>();
    expect(network).toMatchObject({
      name: 'MaxBounty',
      offerUrlParams: 's1={clickid}&s2={campaign_id}',
      postbackPlaceholders: {
        clickId: '#S1#',
        payout: '#RATE#',
        status: null,
        txid: '#OFFID#',
        currency: null,
      },
      allowedPostbackIps: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'],
      duplicatePostbacks: 'update',
      offerCount: 0,
      postbackUrl: `${cairn.url}/postback?clickid=#S1#&payout=#RATE#&txid=#OFFID#&key=${cairn.tracking.conversions.keys.current}`,
      acceptKeylessPostbacks: false,
    });
    expect((await networks.get(network.id)).json<AffiliateNetwork>()).toEqual(network);

    const updated = await networks.put(network.id, { name: 'MaxBounty' });
    expect(updated.json<AffiliateNetwork>()).toMatchObject({
      offerUrlParams: '',
      postbackPlaceholders: { clickId: '{clickid}', payout: '{payout}' },
      allowedPostbackIps: [],
      statusMapping: [],
      duplicatePostbacks: 'ignore',
      postbackUrl: `${cairn.url}/postback?clickid={clickid}&payout={payout}&key=${cairn.tracking.conversions.keys.current}`,
    });
    expect((await networks.remove(network.id)).status).toBe(200);
  });

  it('validates the parameter template, IPs and status mapping at their fields', async () => {
    const result = await networks.create({
      name: 'Broken',
      offerUrlParams: 'sub={sub_id}',
      postbackPlaceholders: { clickId: 'has space' },
      allowedPostbackIps: ['10.0.0.1', 'not-an-ip', '300.1.1.1'],
      statusMapping: [
        { networkStatus: 'sale', status: 'approved' },
        { networkStatus: 'SALE', status: 'pending' },
        { networkStatus: 'x', status: 'maybe' },
      ],
      duplicatePostbacks: 'sometimes',
    });
    expect(result.status).toBe(400);
    expect(errorFields(result).sort()).toEqual([
      'allowedPostbackIps.1',
      'allowedPostbackIps.2',
      'duplicatePostbacks',
      'offerUrlParams',
      'postbackPlaceholders.clickId',
      'statusMapping.2.status',
    ]);
    expect(result.json().message).toContain('Unknown macro {sub_id}');
    const notPairs = await networks.create({ name: 'Pairs', offerUrlParams: '{clickid}' });
    expect(errorFields(notPairs)).toEqual(['offerUrlParams']);
    const twice = await networks.create({
      name: 'Twice',
      statusMapping: [
        { networkStatus: 'sale', status: 'approved' },
        { networkStatus: 'SALE', status: 'pending' },
      ],
    });
    expect(errorFields(twice)).toEqual(['statusMapping.1.networkStatus']);
  });

  it('counts its offers and mass-updates the postback policy only', async () => {
    const a = await networks.make<AffiliateNetwork>({ name: 'Net A', notes: 'a' });
    const b = await networks.make<AffiliateNetwork>({ name: 'Net B', allowedPostbackIps: ['192.0.2.1'] });
    await kindClient(browser, 'offer').make({
      name: 'o',
      url: 'https://o.example/',
      affiliateNetworkId: a.id,
    });
    const mass = await networks.mass([a.id, b.id], { duplicatePostbacks: 'add' });
    expect(mass.status).toBe(200);
    const [newA, newB] = [
      (await networks.get(a.id)).json<AffiliateNetwork>(),
      (await networks.get(b.id)).json<AffiliateNetwork>(),
    ];
    expect(newA).toMatchObject({ duplicatePostbacks: 'add', notes: 'a', offerCount: 1 });
    expect(newB).toMatchObject({
      duplicatePostbacks: 'add',
      allowedPostbackIps: ['192.0.2.1'],
      offerCount: 0,
    });
  });
});
