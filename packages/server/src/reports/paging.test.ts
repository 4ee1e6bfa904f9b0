import { REPORT_PATHS, type ReportResponse, XLSX_MEDIA_TYPE } from '@cairn/contract';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { click } from '../../test-support/reports.ts';
import { TestBrowser } from '../../test-support/server.ts';
import type { TrackingEvent } from '../events/event.ts';
import type { RunningCairn } from '../index.ts';

// No hidden rows (issue 53): a token level with 250 values, where the worst by profit has one click and
// so ranks far past the first 100 by clicks. A server sort finds it on the first page, pages cover every
// row once with the count and totals unchanged, "Others" comes only with a chosen limit, and the CSV
// and XLSX exports hold every row.

let cairn: RunningCairn;
let admin: TestBrowser;
let campaignId = 0;
const ZONES = 250;
const range = 'from=2026-02-20&to=2026-02-20&timezone=UTC';
const zone = (index: number) => `z${String(index).padStart(3, '0')}`;

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin());
  const offerId = (await kindClient(admin, 'offer').make({ name: 'O', url: 'https://o.example/' })).id;
  campaignId = (
    await kindClient(admin, 'campaign').make({
      name: 'Zones',
      flow: { defaultPaths: [{ offers: [{ offerId }] }] },
    })
  ).id;
  const events: TrackingEvent[] = [];
  const add = (index: number, count: number, costMicros: number) => {
    for (let n = 0; n < count; n += 1) {
      const tokens = Array.from({ length: 30 }, (_, slot) => (slot === 0 ? zone(index) : ''));
      const minute = String(events.length % 60).padStart(2, '0');
      const hour = String(Math.floor(events.length / 60) % 24).padStart(2, '0');
      events.push(
        click(`p${events.length}`, `2026-02-20T${hour}:${minute}:00Z`, {
          campaignId,
          offerId,
          costMicros,
          tokens,
        }),
      );
    }
  };
  for (let index = 1; index <= ZONES; index += 1) {
    // z137: one click at $9.30, the worst by profit and last but few by clicks; z042: five clicks at
    // $1.54, the worst a top-100-by-clicks cut would show.
    if (index === 137) add(index, 1, 9_300_000);
    else if (index === 42) add(index, 5, 1_540_000);
    else add(index, 2 + (index % 3), 1_000);
  }
  await cairn.events.append(events);
});
afterAll(async () => {
  await cairn.close();
});

const report = async (query: string) => {
  const answer = await admin.get(`${REPORT_PATHS.report}?${query}&${range}`);
  expect(answer.status).toBe(200);
  return answer.json<ReportResponse>();
};

describe('report pages', () => {
  it('finds the worst row on the first page when sorted by profit ascending', async () => {
    const page = await report('groupBy=token_1&sort=profit&order=asc');
    expect(page.total).toBe(ZONES);
    expect(page.rows).toHaveLength(100);
    expect(page.nextOffset).toBe(100);
    expect(page.rows.slice(0, 2).map((row) => [row.value, row.metrics.profit])).toEqual([
      [zone(137), -9_300_000],
      [zone(42), -7_700_000],
    ]);
    expect(page.rows.some((row) => row.value === null)).toBe(false);
    // By clicks, the same level's first 100 rows leave it out: the cut the "Others" row used to hide.
    const byClicks = await report('groupBy=token_1');
    expect(byClicks.rows.map((row) => row.value)).not.toContain(zone(137));
  });

  it('covers every row exactly once across pages, with the count and totals of the whole level', async () => {
    const seen: unknown[] = [];
    let offset: number | null = 0;
    let clicks = 0;
    const totals: number[] = [];
    while (offset !== null) {
      const page = await report(`groupBy=token_1&sort=roi&order=desc&pageSize=60&offset=${offset}`);
      expect(page.total).toBe(ZONES);
      totals.push(page.totals.clicks);
      for (const row of page.rows) {
        seen.push(row.value);
        clicks += row.metrics.clicks;
      }
      offset = page.nextOffset;
    }
    expect(seen).toHaveLength(ZONES);
    expect(new Set(seen).size).toBe(ZONES);
    expect(new Set(totals)).toEqual(new Set([clicks]));
    const past = await report(`groupBy=token_1&pageSize=60&offset=${ZONES}`);
    expect(past.rows).toEqual([]);
    expect([past.total, past.nextOffset, past.totals.clicks]).toEqual([ZONES, null, clicks]);
  });

  it('pages nested levels under each parent with their count, and folds into Others only on a limit', async () => {
    const nested = await report('groupBy=campaign,token_1&sort=clicks,profit&order=desc,asc&pageSize=1,5');
    expect(nested.total).toBe(1);
    const [campaign] = nested.rows;
    expect(campaign?.childTotal).toBe(ZONES);
    expect(campaign?.children?.slice(0, 2).map((row) => row.value)).toEqual([zone(137), zone(42)]);
    expect(campaign?.children).toHaveLength(5);
    const limited = await report('groupBy=token_1&sort=profit&order=asc&limit=10');
    expect(limited.rows).toHaveLength(11);
    expect(limited.rows[10]).toMatchObject({ value: null, others: ZONES - 10 });
    expect(limited.nextOffset).toBeNull();
  });

  it('refuses a limit with a page', async () => {
    const answer = await admin.get(`${REPORT_PATHS.report}?groupBy=token_1&limit=10&offset=100&${range}`);
    expect(answer.status).toBe(400);
    expect(errorFields(answer)).toContain('offset');
  });
});

describe('report export', () => {
  const csvRows = (text: string) =>
    text
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .filter((line) => line !== '');

  it('streams every row in the report order, and the total', async () => {
    const answer = await admin.get(
      `${REPORT_PATHS.reportExport}?groupBy=token_1&sort=profit&order=asc&metrics=clicks,cost,profit&${range}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="report-token-1-custom\.csv"$/,
    );
    const lines = csvRows(answer.text);
    expect(lines[0]).toBe('Token 1,Clicks,Cost (USD),Profit (USD)');
    expect(lines[1]).toBe(`${zone(137)},1,9.30,-9.30`);
    expect(lines[2]).toBe(`${zone(42)},5,7.70,-7.70`);
    const body = lines.slice(1, -1);
    expect(body).toHaveLength(ZONES);
    expect(new Set(body.map((line) => line.split(',')[0])).size).toBe(ZONES);
    const clicks = body.reduce((sum, line) => sum + Number(line.split(',')[1]), 0);
    expect(lines.at(-1)).toMatch(new RegExp(`^Total,${clicks},`));
  });

  it('writes nested rows under their parent, repeating its name', async () => {
    const answer = await admin.get(
      `${REPORT_PATHS.reportExport}?groupBy=campaign,token_1&metrics=clicks&${range}`,
    );
    const lines = csvRows(answer.text);
    expect(lines[0]).toBe('Campaign,Token 1,Clicks');
    expect(lines[1]).toMatch(/^Zones,,\d+$/);
    expect(lines.slice(2, -1)).toHaveLength(ZONES);
    expect(lines.slice(2, -1).every((line) => line.startsWith('Zones,z'))).toBe(true);
  });

  it('leaves the profit columns out for a hide-profit user, and refuses a page or a limit', async () => {
    const login = 'export-viewer';
    const password = 'Report viewer pass 4417';
    await kindClient(admin, 'user').make({
      login,
      password,
      permissions: [{ kind: 'campaign', scope: 'all', access: 'read' }],
      hideProfit: true,
    });
    const viewer = new TestBrowser(cairn.url);
    expect((await viewer.signIn(login, password)).status).toBe(200);
    const answer = await viewer.get(`${REPORT_PATHS.reportExport}?groupBy=token_1&${range}`);
    expect(answer.status).toBe(200);
    expect(csvRows(answer.text)[0]).toBe(
      'Token 1,Clicks,Unique clicks,LP views,LP clicks,LP CTR (%),CR (%),Cost (USD),CPC (USD)',
    );
    expect(
      (await viewer.get(`${REPORT_PATHS.reportExport}?groupBy=token_1&metrics=profit&${range}`)).status,
    ).toBe(403);
    const paged = await admin.get(`${REPORT_PATHS.reportExport}?groupBy=token_1&pageSize=10&${range}`);
    expect(paged.status).toBe(400);
    expect(errorFields(paged)).toContain('pageSize');
  });

  /** The sheet's rows as text and numbers, read from the XML the way a spreadsheet reads its cells. */
  const sheetRows = (xml: string) =>
    [...xml.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)].map(([, , cells]) =>
      [...(cells ?? '').matchAll(/<c r="([A-Z]+)\d+"([^>]*)>(.*?)<\/c>/g)].map(
        ([, column, attributes, inner]) => ({
          column,
          value: attributes?.includes('t="inlineStr"')
            ? (inner ?? '')
                .replace(/^<is><t xml:space="preserve">(.*)<\/t><\/is>$/, '$1')
                .replaceAll('&amp;', '&')
            : Number((inner ?? '').replace(/^<v>(.*)<\/v>$/, '$1')),
        }),
      ),
    );

  it('writes the same cells as an XLSX workbook, numbers as numbers', async () => {
    const query = `groupBy=campaign,token_1&sort=clicks,profit&order=desc,asc&metrics=clicks,cost,profit,cr&${range}`;
    const csv = csvRows((await admin.get(`${REPORT_PATHS.reportExport}?${query}`)).text);
    // Fetched as bytes: the test browser reads answers as text.
    const answer = await fetch(`${cairn.url}${REPORT_PATHS.reportExport}?${query}&format=xlsx`, {
      headers: { cookie: admin.cookieHeader() },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(XLSX_MEDIA_TYPE);
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="report-campaign-token-1-custom.xlsx"',
    );
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    expect(Object.keys(files)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
    const rows = sheetRows(sheet);
    expect(rows).toHaveLength(csv.length);
    expect(rows[0]?.map((cell) => cell.value)).toEqual([
      'Campaign',
      'Token 1',
      'Clicks',
      'Cost (USD)',
      'Profit (USD)',
      'CR (%)',
    ]);
    // Row by row, the CSV's cells: names as text, metrics as the same numbers (an empty CSV cell is no cell).
    for (const [index, line] of csv.entries()) {
      const expected = line
        .split(',')
        .flatMap((text, column) => (text === '' ? [] : [index > 0 && column >= 2 ? Number(text) : text]));
      expect(rows[index]?.map((cell) => cell.value)).toEqual(expected);
    }
    expect(rows[2]?.map((cell) => cell.value)).toEqual([`Zones`, zone(137), 1, 9.3, -9.3, 0]);
    expect(rows.at(-1)?.[0]).toEqual({ column: 'A', value: 'Total' });
    expect(sheet).toMatch(/<c r="D3" s="\d+"><v>9.3<\/v><\/c>/);
  });
});
