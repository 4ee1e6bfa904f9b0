import type { ReportMetrics } from '@cairn/contract';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ExportPart } from './xlsx.ts';
import { columnName, xlsxStream } from './xlsx.ts';

// The workbook is read back with another zip reader (fflate), so a wrong CRC, size or offset fails here.

const metrics = { clicks: 3, cost: 1_234_567, cr: 33.3333, epc: 833_333 } as unknown as ReportMetrics;

async function workbook(names: string[]): Promise<Record<string, string>> {
  async function* parts(): AsyncGenerator<ExportPart> {
    yield { rows: [{ names, metrics }] };
    yield { totals: metrics };
  }
  const shape = {
    levels: ['campaign', 'token_1'] as const,
    metrics: ['clicks', 'cr', 'cost', 'epc'] as const,
    currency: 'EUR',
  };
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream(shape, parts(), new Date('2026-03-01T10:00:00Z'))) chunks.push(chunk);
  const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('xlsx export', () => {
  it('writes text as escaped inline strings without the characters XML cannot carry', async () => {
    const sheet =
      (await workbook(['A & <b> "q"\u0001\uD800 é', '=SUM(A1)']))['xl/worksheets/sheet1.xml'] ?? '';
    expect(sheet).toContain(
      '<c r="A2" t="inlineStr"><is><t xml:space="preserve">A &amp; &lt;b&gt; &quot;q&quot; é</t></is></c>',
    );
    // A spreadsheet never runs an inline string, so a formula-like name stays as it was.
    expect(sheet).toContain('<t xml:space="preserve">=SUM(A1)</t>');
  });

  it('writes metrics as numbers in the currency with the CSV decimals, and the head and total in bold', async () => {
    const files = await workbook(['Camp']);
    const sheet = files['xl/worksheets/sheet1.xml'] ?? '';
    const values = [...sheet.matchAll(/<c r="([A-Z]+2)" s="\d+"><v>([^<]*)<\/v><\/c>/g)].map(
      ([, ref, value]) => [ref, value],
    );
    expect(values).toEqual([
      ['C2', '3'],
      ['D2', '33.33'],
      ['E2', '1.23'],
      ['F2', '0.8333'],
    ]);
    expect(sheet).toContain(
      '<c r="E1" t="inlineStr" s="1"><is><t xml:space="preserve">Cost (EUR)</t></is></c>',
    );
    expect(sheet).toMatch(/<row r="3"><c r="A3" t="inlineStr" s="1"><is><t xml:space="preserve">Total<\/t>/);
    expect(Object.keys(files)).toContain('[Content_Types].xml');
    expect(files['xl/_rels/workbook.xml.rels']).toContain('Target="worksheets/sheet1.xml"');
  });

  it('hands the workbook on while the rows are still coming, so a long report is never held whole', async () => {
    let produced = 0;
    async function* parts(): AsyncGenerator<ExportPart> {
      for (let chunk = 0; chunk < 200; chunk += 1) {
        produced += 1;
        yield {
          rows: Array.from({ length: 500 }, (_, index) => ({
            names: [`campaign ${chunk}`, `zone ${((chunk * 500 + index) * 2_654_435_761) % 4_294_967_296}`],
            metrics,
          })),
        };
      }
      yield { totals: metrics };
    }
    const shape = {
      levels: ['campaign', 'token_1'] as const,
      metrics: ['clicks', 'cost'] as const,
      currency: 'USD',
    };
    let bytes = 0;
    let producedAtFirstMegabyte = 0;
    for await (const chunk of xlsxStream(shape, parts(), new Date())) {
      bytes += chunk.length;
      if (producedAtFirstMegabyte === 0 && bytes > 1_000_000) producedAtFirstMegabyte = produced;
    }
    expect(produced).toBe(200);
    expect(producedAtFirstMegabyte).toBeGreaterThan(0);
    expect(producedAtFirstMegabyte).toBeLessThan(100);
  });

  it('names columns past Z as a spreadsheet does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
