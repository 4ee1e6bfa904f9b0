import fs from 'node:fs';
import {
  type Campaign,
  csvUnguard,
  ENTITY_CONTRACTS,
  ENTITY_CSV_COLUMNS,
  type EntityCsvImportResponse,
  entityCsvPath,
  type Offer,
  parseCsv,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import type { TestBrowser } from '../../../test-support/server.ts';
import type { RunningCairn } from '../../index.ts';

// Entity lists as CSV through the real API: the whole filtered list out (not a page of it), edited in a
// spreadsheet and read back as updates and new items, each line with its own outcome; a campaign's one
// path as Offers and Landers cells, other flows as JSON.

let cairn: RunningCairn;
let browser: TestBrowser;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
});
afterAll(async () => {
  await cairn.close();
});

/** The export as rows of cells by header, and the raw answer. */
async function exported(kind: string, query = '') {
  const result = await browser.get(`${entityCsvPath(kind)}${query ? `?${query}` : ''}`);
  expect(result.status).toBe(200);
  expect(result.headers.get('content-type')).toContain('text/csv');
  const [header, ...rows] = parseCsv(result.text);
  const names = header?.cells ?? [];
  return {
    header: names,
    rows: rows.map((row) =>
      Object.fromEntries(names.map((name, i) => [name, csvUnguard(row.cells[i] ?? '')])),
    ),
    text: result.text,
  };
}

async function imported(kind: string, text: string) {
  const result = await browser.post(entityCsvPath(kind), { text });
  return { status: result.status, body: result.json<EntityCsvImportResponse>(), result };
}

describe('offers as CSV', () => {
  let network: { id: number };
  beforeAll(async () => {
    network = await kindClient(browser, 'affiliate_network').make({ name: 'MaxBounty' });
    const group = await kindClient(browser, 'group').make({ name: 'Sweeps', kind: 'offer' });
    const offers = kindClient(browser, 'offer');
    for (let n = 1; n <= 12; n += 1) {
      await offers.make({
        name: `Sweeps ${String(n).padStart(2, '0')}`,
        url: `https://sweeps.example/${n}?c={clickid}`,
        affiliateNetworkId: network.id,
        groupId: group.id,
        payoutMicros: 1_250_000 * n,
        countryCode: 'US',
      });
    }
    await offers.make({ name: '=cmd|calc', url: 'https://formula.example/', notes: 'inert, "quoted"' });
    const old = await offers.make({ name: 'Sweeps old', url: 'https://old.example/' });
    expect((await offers.archive(old.id)).status).toBe(200);
  });

  it('writes the whole list its query selects, every page, names for references', async () => {
    const { header, rows } = await exported('offer', 'q=Sweeps&pageSize=5&sort=name:desc');
    expect(header.slice(0, 4)).toEqual(['ID', 'Name', 'URL', 'Affiliate network']);
    // 12 live offers match (the archived one is not listed, as in the list), though a page holds 5.
    expect(rows.map((row) => row.Name)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Sweeps ${String(12 - i).padStart(2, '0')}`),
    );
    expect(rows.at(-1)).toMatchObject({
      'Affiliate network': 'MaxBounty',
      Group: 'Sweeps',
      Payout: '1.25',
      'Payout auto': 'no',
      Country: 'US',
      'Daily conversion cap': '',
    });
    const archived = await exported('offer', 'archived=true');
    expect(archived.rows.map((row) => row.Name)).toEqual(['Sweeps old']);
  });

  it('makes a formula inert in the file and reads it back as it was', async () => {
    const { rows, text } = await exported('offer', 'q=cmd');
    expect(text).toContain("'=cmd|calc");
    expect(rows[0]).toMatchObject({ Name: '=cmd|calc', Notes: 'inert, "quoted"' });
  });

  it('reads an edited file back: updates by ID, creates without one, one outcome per line', async () => {
    const before = await exported('offer', 'q=Sweeps 0');
    const first = before.rows[0] as Record<string, string>;
    const lines = [
      'ID;Name;URL;Payout;Affiliate network;Daily conversion cap',
      `${first.ID};${first.Name} (edited);;9.99;MaxBounty;25`,
      // A semicolon file (as spreadsheets in many locales save) may write amounts with a decimal comma.
      ';New from CSV;https://new.example/;3,5;maxbounty;',
      ';Bad network;https://bad.example/;1;Nowhere;',
      ';;https://nameless.example/;1;;',
      '999999;Ghost;https://ghost.example/;1;;',
    ];
    const { status, body } = await imported('offer', lines.join('\r\n'));
    expect(status).toBe(200);
    expect(body.updated).toEqual([{ line: 2, id: Number(first.ID), name: `${first.Name} (edited)` }]);
    expect(body.created).toEqual([{ line: 3, id: expect.any(Number), name: 'New from CSV' }]);
    expect(body.errors.map((error) => error.line)).toEqual([4, 5, 6]);
    expect(body.errors[0]?.message).toBe('Affiliate network "Nowhere" not found');
    expect(body.errors[1]?.message).toMatch(/name/i);
    expect(body.errors[2]?.message).toMatch(/999999/);

    const updated = (await kindClient(browser, 'offer').get(Number(first.ID))).json<Offer>();
    // The columns the file has changed; the others (URL, group, country) stayed.
    expect(updated).toMatchObject({
      payoutMicros: 9_990_000,
      dailyCap: 25,
      url: first.URL,
      countryCode: 'US',
      affiliateNetworkId: network.id,
    });
    const created = (await kindClient(browser, 'offer').get(body.created[0]?.id ?? 0)).json<Offer>();
    expect(created).toMatchObject({ payoutMicros: 3_500_000, affiliateNetworkId: network.id, groupId: null });
  });

  it('refuses a file whose header has a column it does not know, creating nothing', async () => {
    const count = (await kindClient(browser, 'offer').list('archived=all')).json<{ total: number }>().total;
    const refused = await imported('offer', 'Name,URL,Colour\nA,https://a.example/,red\n');
    expect(refused.status).toBe(400);
    expect(errorFields(refused.result)).toEqual(['text']);
    expect(refused.body).toMatchObject({ message: expect.stringContaining('"Colour" is not a column') });
    const unclosed = await imported('offer', 'Name,URL\n"A,https://a.example/\n');
    expect(unclosed.status).toBe(400);
    expect((await kindClient(browser, 'offer').list('archived=all')).json<{ total: number }>().total).toBe(
      count,
    );
  });
});

describe('campaigns as CSV', () => {
  it('writes a one-path flow as Offers and Landers and reads it back; other flows as JSON', async () => {
    const offers = kindClient(browser, 'offer');
    const hit = await offers.make({ name: 'Hit', url: 'https://hit.example/' });
    const miss = await offers.make({ name: 'Miss', url: 'https://miss.example/' });
    const lander = await kindClient(browser, 'landing').make({ name: 'LP one', url: 'https://lp.example/' });
    const source = await kindClient(browser, 'traffic_source').make({ name: 'PropellerAds' });
    const campaigns = kindClient(browser, 'campaign');
    const simple = await campaigns.make<Campaign>({
      name: 'Simple',
      trafficSourceId: source.id,
      flow: {
        defaultPaths: [
          {
            landers: [
              { landingId: lander.id, weight: 70 },
              { landingId: null, weight: 30 },
            ],
            offers: [
              { offerId: hit.id, weight: 60 },
              { offerId: miss.id, weight: 40 },
            ],
          },
        ],
      },
    });
    const ruled = await campaigns.make<Campaign>({
      name: 'Ruled',
      flow: {
        defaultPaths: [{ offers: [{ offerId: miss.id }] }],
        rules: [
          {
            name: 'FR',
            criteria: [{ type: 'country', values: ['FR'] }],
            paths: [{ offers: [{ offerId: hit.id }] }],
          },
        ],
      },
    });
    const { rows } = await exported('campaign');
    const byName = Object.fromEntries(rows.map((row) => [row.Name, row]));
    expect(byName.Simple).toMatchObject({
      'Traffic source': 'PropellerAds',
      Offers: 'Hit:60 | Miss:40',
      Landers: 'LP one:70 | Direct:30',
      Flow: '',
    });
    expect(byName.Ruled?.Offers).toBe('');
    expect(JSON.parse(byName.Ruled?.Flow ?? 'null')).toEqual(ruled.flow);

    const file = [
      'Name,Traffic source,Offers,Landers,Cost model,Cost',
      'From CSV,propellerads,Miss:10 | Hit,LP one,cpc,0.0125',
    ].join('\n');
    const { body } = await imported('campaign', file);
    expect(body.errors).toEqual([]);
    const made = (await campaigns.get(body.created[0]?.id ?? 0)).json<Campaign>();
    expect(made).toMatchObject({ trafficSourceId: source.id, costMicros: 12_500 });
    expect(made.flow?.defaultPaths[0]).toMatchObject({
      landers: [{ landingId: lander.id, weight: 100 }],
      offers: [
        { offerId: miss.id, weight: 10 },
        { offerId: hit.id, weight: 100 },
      ],
    });

    // The exported file read back as it is changes nothing the flows say.
    const again = await exported('campaign');
    const roundTrip = await imported('campaign', again.text);
    expect(roundTrip.body.errors).toEqual([]);
    expect(roundTrip.body.updated).toHaveLength(3);
    expect((await campaigns.get(simple.id)).json<Campaign>().flow).toEqual(simple.flow);
    expect((await campaigns.get(ruled.id)).json<Campaign>().flow).toEqual(ruled.flow);
  });
});

describe('the docs', () => {
  it("list each kind's columns as the server writes them", () => {
    const docs = fs.readFileSync(new URL('../../../../../docs/operations.md', import.meta.url), 'utf8');
    for (const [kind, columns] of Object.entries(ENTITY_CSV_COLUMNS)) {
      const plural = ENTITY_CONTRACTS[kind as keyof typeof ENTITY_CONTRACTS].nounPlural;
      const title = plural.charAt(0).toUpperCase() + plural.slice(1);
      expect(docs).toContain(`| ${title} | ${columns.map((column) => column.header).join(', ')} |`);
    }
  });
});
