import { type Campaign, campaignPath, entityPath, type OfferImportResponse } from '@cairn/contract';
import { describe, expect, it, vi } from 'vitest';
import { campaignInput, useClickServer } from '../../../test-support/clicks.ts';
import { kindClient } from '../../../test-support/entities.ts';

const server = useClickServer();
const { visit, makeCampaign, destination } = server;

// What an API write changes is routed by the time the write is answered: clicks never see an older
// configuration than the one the panel shows.
describe('routing follows API writes', () => {
  it('routes a campaign from the moment the API answers its creation, edit or new key', async () => {
    const campaign = await makeCampaign({
      flow: { defaultPaths: [{ offers: [{ offerId: server.missOffer }] }] },
    });
    expect(server.cairn.tracking.table.campaignByKey(campaign.key)?.id).toBe(campaign.id);
    expect(await destination(campaign)).toBe('miss');
    const edited = await server.campaigns.put(campaign.id, {
      ...campaignInput(campaign),
      flow: { defaultPaths: [{ offers: [{ offerId: server.hitOffer }] }] },
    });
    expect(edited.status).toBe(200);
    expect(await destination(campaign)).toBe('hit');
    const regenerated = await server.browser.post(campaignPath.regenerateKey(campaign.id));
    expect(regenerated.status).toBe(200);
    const rekeyed = regenerated.json<Campaign>();
    expect(server.cairn.tracking.table.campaignByKey(rekeyed.key)?.id).toBe(campaign.id);
    expect((await visit(`/click?key=${campaign.key}`)).status).toBe(404);

    // The answer waits for every copy the change signal feeds, however slow.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let called = false;
    const unsubscribe = server.cairn.changes.onChange(() => {
      called = true;
      return held;
    });
    try {
      let answered = false;
      const making = makeCampaign({
        flow: { defaultPaths: [{ offers: [{ offerId: server.hitOffer }] }] },
      }).then((made) => {
        answered = true;
        return made;
      });
      await vi.waitFor(() => expect(called).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
      release();
      expect(await destination(await making)).toBe('hit');
    } finally {
      unsubscribe();
    }
  });

  it("sends clicks to an offer's URL with its network's parameters as they are now edited", async () => {
    const networks = kindClient(server.browser, 'affiliate_network');
    const network = await networks.make({ name: 'Params network', offerUrlParams: 'a={clickid}' });
    const offer = await server.offers.make({
      name: 'networked',
      url: 'https://networked.example/?o=1',
      affiliateNetworkId: network.id,
    });
    const campaign = await makeCampaign({ flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] } });
    const sentTo = async () =>
      new URL((await visit(`/click?key=${campaign.key}`)).headers.get('location') ?? '').searchParams;
    expect((await sentTo()).has('a')).toBe(true);
    const edited = await networks.put(network.id, { name: 'Params network', offerUrlParams: 'b={clickid}' });
    expect(edited.status).toBe(200);
    const now = await sentTo();
    expect([now.has('a'), now.has('b'), now.get('o')]).toEqual([false, true, '1']);
  });

  it('routes every offer of an import from the moment the API answers it', async () => {
    const lines = Array.from({ length: 300 }, (_, n) => `imported ${n};https://imported.example/${n};no;1`);
    const before = server.cairn.tracking.table.changeCount;
    const imported = await server.browser.post(entityPath.offerImport, { text: lines.join('\n') });
    expect(imported.status).toBe(200);
    const { created, errors } = imported.json<OfferImportResponse>();
    expect([created.length, errors]).toEqual([300, []]);
    for (const { id, name } of created) expect(server.cairn.tracking.table.offer(id)?.name).toBe(name);
    expect(server.cairn.tracking.table.changeCount - before).toBe(300);
  });
});
