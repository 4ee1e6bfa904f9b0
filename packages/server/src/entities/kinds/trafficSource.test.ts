import {
  entityPath,
  type TrafficSource,
  type TrafficSourceTemplatesResponse,
  trafficSourceInputSchema,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, type KindClient, kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import type { TestBrowser } from '../../../test-support/server.ts';
import type { RunningCairn } from '../../index.ts';

let cairn: RunningCairn;
let browser: TestBrowser;
let sources: KindClient;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
  sources = kindClient(browser, 'traffic_source');
});
afterAll(async () => {
  await cairn.close();
});

describe('traffic source', () => {
  it('is created, read, updated and deleted, with the parameters its campaign URLs carry', async () => {
    const created = await sources.create({
      name: 'My push source',
      externalId: { parameter: 'cid', placeholder: '{click_id}' },
      cost: { parameter: 'cost', placeholder: '{cpc}' },
      tokens: [
        { parameter: 'zone', placeholder: '{zone}', name: 'Zone' },
        { parameter: 'creative', placeholder: '{creative}' },
      ],
      postbackUrl: 'https://push.example/pb?click={externalid}&sum={payout}',
      postbackPercent: 80,
      payoutPercent: 50,
      postbackMode: 'first',
      trafficLossPercent: 5.5,
    });
    expect(created.status).toBe(201);
    const source = created.json<TrafficSource>();
    expect(source).toMatchObject({
      name: 'My push source',
      tokens: [
        { parameter: 'zone', placeholder: '{zone}', name: 'Zone' },
        { parameter: 'creative', placeholder: '{creative}', name: '' },
      ],
      postbackPercent: 80,
      payoutPercent: 50,
      postbackMode: 'first',
      trafficLossPercent: 5.5,
      templateId: null,
      campaignUrlParams: 'cid={click_id}&cost={cpc}&zone={zone}&creative={creative}',
    });
    expect((await sources.get(source.id)).json<TrafficSource>()).toEqual(source);
    const updated = await sources.put(source.id, { name: 'Renamed source' });
    expect(updated.json<TrafficSource>()).toMatchObject({
      name: 'Renamed source',
      tokens: [],
      externalId: null,
      postbackUrl: null,
      postbackMode: 'all',
      campaignUrlParams: '',
    });
    expect((await sources.remove(source.id)).status).toBe(200);
  });

  it('validates tokens, percentages and the postback URL at their fields', async () => {
    const tooMany = Array.from({ length: 31 }, (_, index) => ({ parameter: `t${index}` }));
    expect(errorFields(await sources.create({ name: 'Many', tokens: tooMany }))).toEqual(['tokens']);
    const result = await sources.create({
      name: 'Broken',
      externalId: { parameter: 'id', placeholder: '{id}' },
      tokens: [{ parameter: 'zone' }, { parameter: 'ID' }, { parameter: 'bad param' }],
      postbackUrl: 'https://push.example/pb?click={external_id}',
      postbackPercent: 120,
      trafficLossPercent: -1,
      postbackMode: 'sometimes',
    });
    expect(result.status).toBe(400);
    expect(errorFields(result).sort()).toEqual([
      'postbackMode',
      'postbackPercent',
      'postbackUrl',
      'tokens.2.parameter',
      'trafficLossPercent',
    ]);
    // Once the fields are well-formed, a parameter used twice is refused where it is used the second time.
    const shared = await sources.create({
      name: 'Shared',
      tokens: [{ parameter: 'zone' }, { parameter: 'id' }],
      externalId: { parameter: 'ID', placeholder: '{id}' },
    });
    expect(errorFields(shared)).toEqual(['externalId.parameter']);
    expect(shared.json().message).toContain('already used by token 2');
  });

  it('offers well-known templates that are valid traffic sources', async () => {
    const result = await browser.get(entityPath.trafficSourceTemplates);
    expect(result.status).toBe(200);
    const { templates } = result.json<TrafficSourceTemplatesResponse>();
    expect(templates.length).toBeGreaterThanOrEqual(10);
    const names = templates.map((template) => template.name);
    for (const name of [
      'PropellerAds',
      'ExoClick',
      'TrafficStars',
      'Zeropark',
      'MGID',
      'Facebook',
      'Google Ads',
    ]) {
      expect(names).toContain(name);
    }
    expect(new Set(templates.map((template) => template.id)).size).toBe(templates.length);
    for (const template of templates) {
      expect(trafficSourceInputSchema.safeParse(template.values).success, template.name).toBe(true);
    }
    const propeller = templates.find((template) => template.id === 'propellerads');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: PropellerAds writes its macros as ${NAME}
    expect(propeller?.values.externalId).toEqual({ parameter: 'subid', placeholder: '${SUBID}' });

    // The panel creates from a template by posting its values with the template id.
    const created = await sources.create({ ...propeller?.values, templateId: 'propellerads' });
    expect(created.status).toBe(201);
    expect(created.json<TrafficSource>().campaignUrlParams).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: PropellerAds writes its macros as ${NAME}
      'subid=${SUBID}&cost=${COST}&zoneid=${ZONEID}',
    );
    expect((await sources.list('templateId=propellerads')).json().total).toBe(1);
  });

  it('mass-updates the postback settings only', async () => {
    const a = await sources.make<TrafficSource>({
      name: 'Mass A',
      postbackPercent: 10,
      tokens: [{ parameter: 'z' }],
    });
    const b = await sources.make<TrafficSource>({ name: 'Mass B', trafficLossPercent: 3 });
    expect((await sources.mass([a.id, b.id], { postbackMode: 'approved', payoutPercent: 70 })).status).toBe(
      200,
    );
    expect((await sources.get(a.id)).json<TrafficSource>()).toMatchObject({
      postbackMode: 'approved',
      payoutPercent: 70,
      postbackPercent: 10,
      tokens: [{ parameter: 'z', placeholder: '', name: '' }],
    });
    expect((await sources.get(b.id)).json<TrafficSource>()).toMatchObject({
      payoutPercent: 70,
      trafficLossPercent: 3,
    });
    expect((await sources.mass([a.id], { tokens: [] })).status).toBe(400);
  });
});
