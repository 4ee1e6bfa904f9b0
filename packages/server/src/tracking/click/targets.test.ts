import {
  CAMPAIGN_HOPS_MAX,
  type Campaign,
  flowSchema,
  type TestClickResponse,
  TRACKING_API_PATHS,
} from '@cairn/contract';
import { describe, expect, it } from 'vitest';

/** A 400 body as the API answers it. */
type Failure = { errors?: { message: string }[] };

import { campaignInput, useClickServer } from '../../../test-support/clicks.ts';
import { errorFields, kindClient } from '../../../test-support/entities.ts';

const server = useClickServer();
const { visit, makeCampaign } = server;

const toOffer = (offerId: number) => ({ defaultPaths: [{ offers: [{ offerId }] }] });
const toCampaign = (campaignId: number) => ({ defaultPaths: [{ target: 'campaign', campaignId }] });

/** The click's row as recorded, found by the click id the offer URL carries in `c`. */
async function recorded(location: string) {
  const clickId = new URL(location).searchParams.get('c') ?? '';
  await server.cairn.tracking.recorder.flushNow();
  const rows = await server.cairn.events.query<{ campaign_id: number; offer_id: number; t1: string }>(
    'SELECT campaign_id, offer_id, t1 FROM events WHERE click_id = $1',
    [clickId],
  );
  return rows.map((row) => ({
    campaignId: Number(row.campaign_id),
    offerId: Number(row.offer_id),
    t1: row.t1,
  }));
}

const testClick = async (campaign: Campaign, query = '') =>
  (
    await server.browser.post(TRACKING_API_PATHS.testClick, { campaignKey: campaign.key, query })
  ).json<TestClickResponse>();

describe('campaign targets at click time', () => {
  it('continues a click into the target campaign, recorded once under the campaign whose flow chose the offer', async () => {
    const final = await makeCampaign({ name: 'Final stop', flow: toOffer(server.hitOffer) });
    const entry = await makeCampaign({
      name: 'Entry',
      flow: {
        defaultPaths: [{ offers: [{ offerId: server.missOffer }] }],
        rules: [
          {
            criteria: [{ type: 'param', name: 'go', values: ['on'] }],
            paths: [{ target: 'campaign', campaignId: final.id }],
          },
        ],
      },
    });
    const answer = await visit(`/click?key=${entry.key}&go=on&t1=zone-4`);
    expect(answer.status).toBe(302);
    const location = answer.headers.get('location') ?? '';
    expect(new URL(location).host).toBe('hit.example');
    // The query went along: the final campaign read its token from it.
    expect(await recorded(location)).toEqual([
      { campaignId: final.id, offerId: server.hitOffer, t1: 'zone-4' },
    ]);
    // Clicks the rule does not take stay in the entry campaign.
    const stayed = (await visit(`/click?key=${entry.key}&t1=zone-5`)).headers.get('location') ?? '';
    expect(await recorded(stayed)).toEqual([
      { campaignId: entry.id, offerId: server.missOffer, t1: 'zone-5' },
    ]);
    // The test clicker shows the campaign that decided.
    const shown = await testClick(entry, 'go=on');
    expect([shown.status, shown.campaign?.name, shown.offer?.id]).toEqual([
      'routed',
      'Final stop',
      server.hitOffer,
    ]);
  });

  it('stops a chain longer than the hop limit with the fallback, and a loop stored behind the API too', async () => {
    // A chain one campaign longer than the limit allows: every save is fine, no campaign loops.
    let next = await makeCampaign({ name: 'chain end', flow: toOffer(server.hitOffer) });
    const chain = [next];
    for (let n = 0; n < CAMPAIGN_HOPS_MAX; n += 1) {
      next = await makeCampaign({ name: `chain ${n}`, flow: toCampaign(next.id) });
      chain.unshift(next);
    }
    expect((await visit(`/click?key=${chain[0]?.key}`)).status).toBe(404);
    expect((await testClick(chain[0] as Campaign)).reason).toMatch(
      new RegExp(
        `^campaign targets go further than ${CAMPAIGN_HOPS_MAX} campaigns: "chain ${CAMPAIGN_HOPS_MAX - 1}" → `,
      ),
    );
    // One hop fewer arrives.
    expect(new URL((await visit(`/click?key=${chain[1]?.key}`)).headers.get('location') ?? '').host).toBe(
      'hit.example',
    );

    // Two nodes' saves at once could store a loop the save check never saw: written here behind the API.
    const a = await makeCampaign({ name: 'loop a', flow: toOffer(server.hitOffer) });
    const b = await makeCampaign({ name: 'loop b', flow: toCampaign(a.id) });
    await server.cairn.store.execute('UPDATE campaigns SET flow = $1 WHERE id = $2', [
      JSON.stringify(flowSchema.parse(toCampaign(b.id))),
      a.id,
    ]);
    await server.cairn.changes.emit('campaign', a.id);
    expect((await visit(`/click?key=${a.key}`)).status).toBe(404);
    expect((await testClick(a)).reason).toBe(
      `campaign targets go further than ${CAMPAIGN_HOPS_MAX} campaigns: "loop a" → "loop b" → "loop a" → "loop b" → "loop a" → "loop b"`,
    );
  });

  it('takes the fallback when the target campaign is paused or gone', async () => {
    const target = await makeCampaign({
      name: 'paused target',
      status: 'paused',
      flow: toOffer(server.hitOffer),
    });
    const entry = await makeCampaign({ flow: toCampaign(target.id) });
    expect((await visit(`/click?key=${entry.key}`)).status).toBe(404);
    expect((await testClick(entry)).reason).toBe('campaign paused');
  });
});

describe('URL targets at click time', () => {
  it('redirects to the URL with its macros filled as an offer URL is, and records no offer', async () => {
    const campaign = await makeCampaign({
      flow: {
        defaultPaths: [
          { target: 'url', url: 'https://safe.example/landing?c={clickid}&z={t1}&k={campaign_key}' },
        ],
      },
    });
    const answer = await visit(`/click?key=${campaign.key}&t1=a%20b`);
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '');
    expect([
      location.host,
      location.pathname,
      location.searchParams.get('z'),
      location.searchParams.get('k'),
    ]).toEqual(['safe.example', '/landing', 'a b', campaign.key]);
    expect(await recorded(location.href)).toEqual([{ campaignId: campaign.id, offerId: 0, t1: 'a b' }]);
    const shown = await testClick(campaign, 't1=x');
    expect([shown.offer, shown.finalUrl?.startsWith('https://safe.example/landing?c=')]).toEqual([
      null,
      true,
    ]);
  });
});

describe('campaign targets at save time', () => {
  it('refuses a loop of campaigns, naming it at the path that closes it', async () => {
    const a = await makeCampaign({ name: 'Alpha', flow: toOffer(server.hitOffer) });
    const b = await makeCampaign({ name: 'Beta', flow: toCampaign(a.id) });
    const refused = await server.campaigns.put(a.id, { ...campaignInput(a), flow: toCampaign(b.id) });
    expect(refused.status).toBe(400);
    expect(errorFields(refused)).toEqual(['flow.defaultPaths.0.campaignId']);
    expect(refused.json<Failure>().errors?.[0]?.message).toBe(
      `Campaign targets would send clicks round in a loop: "Alpha" (${a.id}) → "Beta" (${b.id}) → "Alpha" (${a.id})`,
    );
    // Nothing of the refused save is kept: clicks on Alpha still reach its offer.
    expect(await server.destination(a)).toBe('hit');

    // Itself, from a rule's path.
    const self = await server.campaigns.put(a.id, {
      ...campaignInput(a),
      flow: {
        ...toOffer(server.hitOffer),
        rules: [
          {
            criteria: [{ type: 'bot', values: ['bot'] }],
            paths: [{ offers: [{ offerId: server.missOffer }] }, { target: 'campaign', campaignId: a.id }],
          },
        ],
      },
    });
    expect(self.status).toBe(400);
    expect(errorFields(self)).toEqual(['flow.rules.0.paths.1.campaignId']);
    expect(self.json<Failure>().errors?.[0]?.message).toBe(
      `Campaign targets would send clicks round in a loop: "Alpha" (${a.id}) → "Alpha" (${a.id})`,
    );

    // A longer chain: Gamma -> Beta -> Alpha, then Alpha -> Gamma.
    const c = await makeCampaign({ name: 'Gamma', flow: toCampaign(b.id) });
    const longer = await server.campaigns.put(a.id, { ...campaignInput(a), flow: toCampaign(c.id) });
    expect(longer.status).toBe(400);
    expect(longer.json<Failure>().errors?.[0]?.message).toBe(
      `Campaign targets would send clicks round in a loop: "Alpha" (${a.id}) → "Gamma" (${c.id}) → "Beta" (${b.id}) → "Alpha" (${a.id})`,
    );
    // A chain that does not come back is fine.
    const d = await makeCampaign({ name: 'Delta', flow: toOffer(server.missOffer) });
    expect((await server.campaigns.put(a.id, { ...campaignInput(a), flow: toCampaign(d.id) })).status).toBe(
      200,
    );
  });

  it('refuses a loop made through a rotation, and a target that does not exist', async () => {
    const rotations = kindClient(server.browser, 'rotation');
    const rotation = await rotations.make({ name: 'loop rotation', flow: toOffer(server.hitOffer) });
    const using = await makeCampaign({ name: 'Rotated', rotationId: rotation.id, flow: null });
    const pointing = await makeCampaign({ name: 'Pointing', flow: toCampaign(using.id) });
    const refused = await rotations.put(rotation.id, {
      name: 'loop rotation',
      flow: toCampaign(pointing.id),
    });
    expect(refused.status).toBe(400);
    expect(errorFields(refused)).toEqual(['flow.defaultPaths.0.campaignId']);
    expect(refused.json<Failure>().errors?.[0]?.message).toBe(
      `Campaign targets would send clicks round in a loop: "Rotated" (${using.id}) → "Pointing" (${pointing.id}) → "Rotated" (${using.id})`,
    );
    // The other way in: a campaign taking up a rotation that leads back to it.
    const other = await rotations.make({ name: 'to pointing', flow: toCampaign(pointing.id) });
    const joining = await server.campaigns.put(using.id, {
      ...campaignInput(using),
      rotationId: other.id,
      flow: null,
    });
    expect(joining.status).toBe(400);
    expect(errorFields(joining)).toEqual(['rotationId']);

    const missing = await server.campaigns.create({ name: 'to nowhere', flow: toCampaign(999_999) });
    expect(missing.status).toBe(400);
    expect(errorFields(missing)).toEqual(['flow.defaultPaths.0.campaignId']);
    // A campaign another one sends clicks to cannot be deleted while it does.
    expect((await server.campaigns.remove(using.id)).status).toBe(409);
  });
});
