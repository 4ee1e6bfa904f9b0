import {
  type AuditEntry,
  type Campaign,
  campaignPath,
  type ListResponse,
  type Rotation,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, type KindClient, kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import type { TestBrowser } from '../../../test-support/server.ts';
import type { RunningCairn } from '../../index.ts';

let cairn: RunningCairn;
let browser: TestBrowser;
let campaigns: KindClient;
let rotations: KindClient;
let offers: KindClient;
let landings: KindClient;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
  campaigns = kindClient(browser, 'campaign');
  rotations = kindClient(browser, 'rotation');
  offers = kindClient(browser, 'offer');
  landings = kindClient(browser, 'landing');
});
afterAll(async () => {
  await cairn.close();
});

const newOffer = (name: string) => offers.make({ name, url: 'https://offer.example/?s={clickid}' });
const flowTo = (offerId: number) => ({ defaultPaths: [{ offers: [{ offerId }] }] });

describe('campaign', () => {
  it('is created with weighted paths and a country rule, and hands out its URL with the source tokens', async () => {
    const [a, b, c] = [await newOffer('c-offer-a'), await newOffer('c-offer-b'), await newOffer('c-offer-c')];
    const lander = await landings.make({ name: 'c-lander', url: 'https://lp.example/' });
    const source = await kindClient(browser, 'traffic_source').make({
      name: 'c-source',
      externalId: { parameter: 'cid', placeholder: '{clickid}' },
      cost: { parameter: 'cost', placeholder: '{cost}' },
      tokens: [{ parameter: 'zone', placeholder: '{zoneid}', name: 'Zone' }],
    });
    const group = await kindClient(browser, 'group').make({ name: 'c-group', kind: 'campaign' });
    const flow = {
      defaultPaths: [
        { name: 'Lander path', weight: 70, landers: [{ landingId: lander.id }], offers: [{ offerId: a.id }] },
        { name: 'Direct', weight: 30, offers: [{ offerId: b.id, weight: 2 }, { offerId: c.id }] },
      ],
      rules: [
        {
          name: 'DE',
          criteria: [{ type: 'country', values: ['de'] }],
          paths: [{ offers: [{ offerId: c.id }] }],
        },
      ],
    };
    const created = await campaigns.create({
      name: 'Summer push',
      groupId: group.id,
      trafficSourceId: source.id,
      costModel: 'cpc',
      costAuto: true,
      costMicros: 15_000,
      redirectMode: 'double_meta_refresh',
      uniquenessHours: 12,
      flow,
    });
    expect(created.status).toBe(201);
    const campaign = created.json<Campaign>();
    expect(campaign.key).toMatch(/^[a-z0-9]{12}$/);
    expect(campaign).toMatchObject({
      name: 'Summer push',
      status: 'active',
      currency: 'USD',
      rotationId: null,
      url: `${cairn.url}/click?key=${campaign.key}&cid={clickid}&cost={cost}&zone={zoneid}`,
    });
    expect(campaign.flow?.defaultPaths.map((path) => path.weight)).toEqual([70, 30]);
    expect(campaign.flow?.rules[0]?.criteria[0]?.values).toEqual(['DE']);
    expect(campaign.effectiveFlow).toEqual(campaign.flow);
    expect((await campaigns.get(campaign.id)).json<Campaign>()).toEqual(campaign);

    // Edits keep the key; a campaign domain replaces the default address.
    const domain = await kindClient(browser, 'domain').make({ host: 'go.campaign-test.example' });
    const edited = await campaigns.put(campaign.id, {
      ...campaign,
      domainId: domain.id,
      name: 'Summer push 2',
    });
    expect(edited.json<Campaign>()).toMatchObject({
      key: campaign.key,
      url: `https://go.campaign-test.example/click?key=${campaign.key}&cid={clickid}&cost={cost}&zone={zoneid}`,
    });
    // Its group and domain cannot be deleted while it uses them; the message names it.
    for (const [kind, id] of [
      ['group', group.id],
      ['domain', domain.id],
    ] as const) {
      const inUse = await kindClient(browser, kind).remove(id);
      expect(inUse.status, kind).toBe(409);
      expect(inUse.json().message).toContain('1 campaign (Summer push 2)');
    }
  });

  it('regenerates its key on request, audited', async () => {
    const offer = await newOffer('key-offer');
    const campaign = await campaigns.make<Campaign>({ name: 'Key campaign', flow: flowTo(offer.id) });
    expect(campaign.url).toBe(`${cairn.url}/click?key=${campaign.key}`);
    const regenerated = await browser.post(campaignPath.regenerateKey(campaign.id));
    expect(regenerated.status).toBe(200);
    const after = regenerated.json<Campaign>();
    expect(after.key).toMatch(/^[a-z0-9]{12}$/);
    expect(after.key).not.toBe(campaign.key);
    expect(after.url).toBe(`${cairn.url}/click?key=${after.key}`);
    const audit = await browser.get(`/api/audit_log?kind=campaign&entityId=${campaign.id}`);
    expect(audit.json<ListResponse<AuditEntry>>().items[0]).toMatchObject({
      action: 'campaign_key_regenerated',
      details: { changes: { key: { before: campaign.key, after: after.key } } },
    });
    expect((await browser.post(campaignPath.regenerateKey(999_999))).status).toBe(404);
  });

  it('validates the flow with field paths: offers needed, positive weights, existing and active references', async () => {
    const offer = await newOffer('v-offer');
    const archivedOffer = await newOffer('v-archived');
    await offers.archive(archivedOffer.id);
    const invalid = await campaigns.create({
      name: 'Invalid',
      flow: {
        defaultPaths: [{ weight: 0, offers: [{ offerId: offer.id }] }, { offers: [] }],
        rules: [
          {
            criteria: [
              { type: 'country', values: ['Germany'] },
              { type: 'os_version', values: ['Android >= 10', '>= 10'] },
              { type: 'header', operator: 'exists', values: [] },
              { type: 'time_of_day', timezone: 'Nowhere/Else', values: ['09:00-17:30'] },
            ],
            paths: [{ offers: [{ offerId: offer.id }] }],
          },
        ],
      },
    });
    expect(invalid.status).toBe(400);
    expect(errorFields(invalid)).toEqual([
      'flow.defaultPaths.0.weight',
      'flow.defaultPaths.1.offers',
      'flow.rules.0.criteria.0.values.0',
      'flow.rules.0.criteria.1.values.1',
      'flow.rules.0.criteria.2.name',
      'flow.rules.0.criteria.3.timezone',
    ]);

    const references = await campaigns.create({
      name: 'Bad references',
      flow: {
        defaultPaths: [
          { offers: [{ offerId: offer.id }] },
          { landers: [{ landingId: 987_654 }], offers: [{ offerId: archivedOffer.id }] },
        ],
      },
    });
    expect(references.status).toBe(400);
    expect(errorFields(references)).toEqual([
      'flow.defaultPaths.1.landers.0',
      'flow.defaultPaths.1.offers.0',
    ]);
    expect(references.json().message).toContain('Lander 987654 does not exist');
    expect(references.json().message).toContain(`Offer ${archivedOffer.id} is archived`);
    expect((await campaigns.list('q=Bad references')).json<ListResponse<Campaign>>().total).toBe(0);

    const both = await campaigns.create({ name: 'Both', rotationId: 1, flow: flowTo(offer.id) });
    expect(errorFields(both)).toEqual(['flow']);
    const neither = await campaigns.create({ name: 'Neither' });
    expect(errorFields(neither)).toEqual(['flow']);
    const noCostParameter = await campaigns.create({
      name: 'Auto cost',
      costAuto: true,
      flow: flowTo(offer.id),
    });
    expect(errorFields(noCostParameter)).toEqual(['costAuto']);
    const archivedRotation = await rotations.make({ name: 'v-rotation', flow: flowTo(offer.id) });
    await rotations.archive(archivedRotation.id);
    const onArchived = await campaigns.create({ name: 'On archived', rotationId: archivedRotation.id });
    expect(errorFields(onArchived)).toEqual(['rotationId']);
  });

  it('keeps an offer archived after it was added, and refuses deleting what campaigns and rotations use', async () => {
    const offer = await newOffer('used-offer');
    const lander = await landings.make({ name: 'used-lander', url: 'https://lp.example/used' });
    const source = await kindClient(browser, 'traffic_source').make({ name: 'used-source' });
    const flow = { defaultPaths: [{ landers: [{ landingId: lander.id }], offers: [{ offerId: offer.id }] }] };
    const campaign = await campaigns.make<Campaign>({
      name: 'User of things',
      trafficSourceId: source.id,
      flow,
    });
    const rotation = await rotations.make<Rotation>({ name: 'Rotation of things', flow });
    await campaigns.make({ name: 'Rotation user', rotationId: rotation.id });

    const offerInUse = await offers.remove(offer.id);
    expect(offerInUse.status).toBe(409);
    expect(offerInUse.json().message).toContain(
      '1 campaign (User of things) and 1 rotation (Rotation of things)',
    );
    expect((await landings.remove(lander.id)).status).toBe(409);
    const rotationInUse = await rotations.remove(rotation.id);
    expect(rotationInUse.status).toBe(409);
    expect(rotationInUse.json().message).toContain('1 campaign (Rotation user)');
    const sourceInUse = await kindClient(browser, 'traffic_source').remove(source.id);
    expect(sourceInUse.json().message).toContain('1 campaign (User of things)');

    // Archiving the offer does not block editing a campaign that already had it.
    await offers.archive(offer.id);
    const renamed = await campaigns.put(campaign.id, { ...campaign, name: 'User of things, renamed' });
    expect(renamed.status).toBe(200);

    expect((await campaigns.remove(campaign.id)).status).toBe(200);
    await rotations.put(rotation.id, { ...rotation, flow: flowTo((await newOffer('replacement')).id) });
    expect((await landings.remove(lander.id)).status).toBe(200);
  });

  it('mass-updates group, traffic source, domain, cost and status, and nothing else', async () => {
    const offer = await newOffer('mass-offer');
    const group = await kindClient(browser, 'group').make({ name: 'mass-group', kind: 'campaign' });
    const source = await kindClient(browser, 'traffic_source').make({
      name: 'mass-source',
      cost: { parameter: 'c', placeholder: '[COST]' },
    });
    const domain = await kindClient(browser, 'domain').make({ host: 'mass.campaign-test.example' });
    const first = await campaigns.make<Campaign>({ name: 'mass-1', notes: 'one', flow: flowTo(offer.id) });
    const second = await campaigns.make<Campaign>({
      name: 'mass-2',
      redirectMode: 'javascript',
      flow: flowTo(offer.id),
    });
    const result = await campaigns.mass([first.id, second.id], {
      groupId: group.id,
      trafficSourceId: source.id,
      domainId: domain.id,
      costModel: 'cpm',
      costAuto: true,
      costMicros: 2_500_000,
      status: 'paused',
    });
    expect(result.status).toBe(200);
    expect(result.json()).toEqual({ updated: 2, ids: [first.id, second.id] });
    const changed = {
      groupId: group.id,
      trafficSourceId: source.id,
      domainId: domain.id,
      costModel: 'cpm',
      costAuto: true,
      costMicros: 2_500_000,
      status: 'paused',
    };
    const [newFirst, newSecond] = [
      (await campaigns.get(first.id)).json<Campaign>(),
      (await campaigns.get(second.id)).json<Campaign>(),
    ];
    expect(newFirst).toMatchObject({
      ...changed,
      name: 'mass-1',
      notes: 'one',
      key: first.key,
      flow: first.flow,
    });
    expect(newSecond).toMatchObject({ ...changed, name: 'mass-2', redirectMode: 'javascript' });
    expect(newFirst.url).toBe(`https://mass.campaign-test.example/click?key=${first.key}&c=[COST]`);

    // Each item is validated whole: an automatic cost needs a source with a cost parameter.
    const plainSource = await kindClient(browser, 'traffic_source').make({ name: 'mass-plain-source' });
    const refused = await campaigns.mass([first.id], { trafficSourceId: plainSource.id });
    expect(refused.status).toBe(400);
    expect(errorFields(refused)).toEqual(['costAuto']);
    const filtered = await campaigns.list(`groupId=${group.id}&status=paused`);
    expect(filtered.json<ListResponse<Campaign>>().total).toBe(2);
  });
});

describe('rotation', () => {
  it('is used by reference: a change is seen by every campaign that uses it', async () => {
    const [x, y] = [await newOffer('r-offer-x'), await newOffer('r-offer-y')];
    const group = await kindClient(browser, 'group').make({ name: 'r-group', kind: 'rotation' });
    const rotation = await rotations.make<Rotation>({
      name: 'Shared',
      groupId: group.id,
      flow: flowTo(x.id),
    });
    const one = await campaigns.make<Campaign>({ name: 'r-one', rotationId: rotation.id });
    const two = await campaigns.make<Campaign>({ name: 'r-two', rotationId: rotation.id });
    expect(one.flow).toBeNull();
    expect(one.effectiveFlow?.defaultPaths[0]?.offers[0]?.offerId).toBe(x.id);
    expect((await rotations.get(rotation.id)).json<Rotation>().campaignCount).toBe(2);

    const updated = await rotations.put(rotation.id, {
      name: 'Shared',
      groupId: group.id,
      flow: {
        defaultPaths: [{ offers: [{ offerId: y.id }] }],
        rules: [
          {
            criteria: [{ type: 'device_type', values: ['mobile'] }],
            paths: [{ offers: [{ offerId: x.id }] }],
          },
        ],
      },
    });
    expect(updated.status).toBe(200);
    for (const campaign of [one, two]) {
      const seen = (await campaigns.get(campaign.id)).json<Campaign>();
      expect(seen.effectiveFlow).toEqual(updated.json<Rotation>().flow);
    }
    const listed = (await campaigns.list(`rotationId=${rotation.id}`)).json<ListResponse<Campaign>>();
    expect(listed.items.map((item) => item.effectiveFlow?.defaultPaths[0]?.offers[0]?.offerId)).toEqual([
      y.id,
      y.id,
    ]);

    // Switching a campaign to its own flow detaches it from the rotation.
    const own = await campaigns.put(one.id, { name: 'r-one', rotationId: null, flow: flowTo(x.id) });
    expect(own.json<Campaign>().effectiveFlow?.defaultPaths[0]?.offers[0]?.offerId).toBe(x.id);
    expect((await rotations.get(rotation.id)).json<Rotation>().campaignCount).toBe(1);
  });

  it('validates its flow like a campaign does', async () => {
    const result = await rotations.create({
      name: 'Empty',
      flow: { defaultPaths: [{ offers: [{ offerId: 424_242 }] }] },
    });
    expect(result.status).toBe(400);
    expect(errorFields(result)).toEqual(['flow.defaultPaths.0.offers.0']);
    const noFlow = await rotations.create({ name: 'No flow' });
    expect(errorFields(noFlow)).toEqual(['flow']);
    const wrongGroup = await kindClient(browser, 'group').make({ name: 'r-offer-group', kind: 'offer' });
    const grouped = await rotations.create({
      name: 'Grouped',
      groupId: wrongGroup.id,
      flow: flowTo((await newOffer('r-z')).id),
    });
    expect(errorFields(grouped)).toEqual(['groupId']);
  });
});
