import {
  type AffiliateNetwork,
  type AffiliateNetworkTemplatesResponse,
  affiliateNetworkInputSchema,
  affiliateNetworkTemplateSchema,
  entityPath,
  type TrafficSourceTemplatesResponse,
  trafficSourceInputSchema,
  trafficSourceTemplateSchema,
  unknownMacros,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KindClient, kindClient, signedInAdmin } from '../../../../test-support/entities.ts';
import { TestBrowser } from '../../../../test-support/server.ts';
import { parsePostback } from '../../../conversions/params.ts';
import { mintClickId } from '../../../events/clickId.ts';
import type { RunningCairn } from '../../../index.ts';

let cairn: RunningCairn;
let browser: TestBrowser;
let networks: KindClient;
let sources: TrafficSourceTemplatesResponse['templates'];
let networkTemplates: AffiliateNetworkTemplatesResponse['templates'];

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
  networks = kindClient(browser, 'affiliate_network');
  const sourceAnswer = await browser.get(entityPath.trafficSourceTemplates);
  expect(sourceAnswer.status).toBe(200);
  sources = sourceAnswer.json<TrafficSourceTemplatesResponse>().templates;
  const networkAnswer = await browser.get(entityPath.affiliateNetworkTemplates);
  expect(networkAnswer.status).toBe(200);
  networkTemplates = networkAnswer.json<AffiliateNetworkTemplatesResponse>().templates;
});
afterAll(async () => {
  await cairn.close();
});

function expectUniqueIdsAndNames(list: readonly { id: string; name: string }[]): void {
  expect(new Set(list.map((entry) => entry.id)).size).toBe(list.length);
  expect(new Set(list.map((entry) => entry.name.toLowerCase())).size).toBe(list.length);
}

function expectHttpsDocs(list: readonly { name: string; docs: string }[]): void {
  for (const { name, docs } of list) expect(new URL(docs).protocol, name).toBe('https:');
}

describe('traffic source templates', () => {
  it('are valid traffic sources with unique ids and names, each with its https documentation', () => {
    expect(sources.length).toBeGreaterThanOrEqual(66);
    expectUniqueIdsAndNames(sources);
    expectHttpsDocs(sources);
    for (const template of sources) {
      expect(trafficSourceTemplateSchema.safeParse(template).success, template.name).toBe(true);
      expect(trafficSourceInputSchema.safeParse(template.values).success, template.name).toBe(true);
    }
  });

  it("postback only with Cairn's own macros, and always with the source's click id", () => {
    for (const template of sources) {
      const postback = template.values.postbackUrl;
      if (!postback) continue;
      expect(unknownMacros(postback), template.name).toEqual([]);
      expect(postback, template.name).toContain('{externalid}');
      // A token the postback reports ({t1}) must be one the source passes.
      for (const [, slot] of postback.matchAll(/\{t(\d+)\}/g)) {
        expect(template.values.tokens?.[Number(slot) - 1], `${template.name} {t${slot}}`).toBeDefined();
      }
    }
  });

  it('answers only a signed-in user', async () => {
    expect((await new TestBrowser(cairn.url).get(entityPath.trafficSourceTemplates)).status).toBe(401);
  });
});

describe('affiliate network templates', () => {
  it('are valid networks with unique ids and names, each with its https documentation', () => {
    expect(networkTemplates.length).toBeGreaterThanOrEqual(45);
    expectUniqueIdsAndNames(networkTemplates);
    expectHttpsDocs(networkTemplates);
    for (const template of networkTemplates) {
      expect(affiliateNetworkTemplateSchema.safeParse(template).success, template.name).toBe(true);
      expect(affiliateNetworkInputSchema.safeParse(template.values).success, template.name).toBe(true);
      const params = template.values.offerUrlParams ?? '';
      expect(unknownMacros(params), template.name).toEqual([]);
      expect(params, template.name).toContain('={clickid}');
    }
  });

  it('create networks whose postback URL, filled in by the network, gives Cairn the click and payout', async () => {
    for (const template of networkTemplates) {
      const created = await networks.create({ ...template.values, name: `${template.name} (template)` });
      expect(created.status, template.name).toBe(201);
      const network = created.json<AffiliateNetwork>();
      const clickId = mintClickId(Date.now());
      // The network replaces each of its placeholders with the conversion's values.
      const sent: [string | null, string][] = [
        [network.postbackPlaceholders.clickId, clickId],
        [network.postbackPlaceholders.payout, '12.5'],
        [network.postbackPlaceholders.txid, 'tx-1'],
        [network.postbackPlaceholders.currency, 'EUR'],
        [
          network.postbackPlaceholders.status,
          template.values.statusMapping?.[0]?.networkStatus ?? 'approved',
        ],
      ];
      let url = network.postbackUrl;
      for (const [placeholder, value] of sent) {
        if (placeholder) url = url.replace(`=${placeholder}`, `=${encodeURIComponent(value)}`);
      }
      const query = new URL(url).searchParams;
      const parsed = parsePostback((name) => query.get(name) ?? undefined);
      expect(parsed.ok, `${template.name}: ${url}`).toBe(true);
      if (!parsed.ok) continue;
      expect(parsed.input.clickId, template.name).toBe(clickId);
      if (network.postbackPlaceholders.payout)
        expect(parsed.input.payoutMicros, template.name).toBe(12_500_000);
      if (network.postbackPlaceholders.txid) expect(parsed.input.txid, template.name).toBe('tx-1');
      if (network.postbackPlaceholders.currency) expect(parsed.input.currency, template.name).toBe('EUR');
    }
  });

  it('answers only a signed-in user', async () => {
    expect((await new TestBrowser(cairn.url).get(entityPath.affiliateNetworkTemplates)).status).toBe(401);
  });
});
