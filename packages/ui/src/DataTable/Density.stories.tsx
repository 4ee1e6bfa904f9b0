import { type ColorScheme, schemeTokens, schemeTypeScales, sizeScale } from '@cairn/tokens';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { DataTable } from './DataTable.tsx';
import { type SampleCampaign, sampleCampaigns, sampleColumns } from './fixtures/sampleData.ts';

// Rows, headers and column widths follow the scheme's density and the user's size preference: each story
// renders the same table under one scheme and delta, and its play function measures what a user sees —
// the row height the scheme promises, and every number whole (no ellipsis) at the extremes of the range.

const rows = sampleCampaigns(6);
const getRowId = (row: SampleCampaign) => String(row.id);
const numericColumns = new Set(['clicks', 'conversions', 'revenue', 'cost', 'profit', 'roi']);

const meta = {
  title: 'Data/DataTable/Density and size',
  parameters: { layout: 'padded' },
  render: () => (
    <DataTable
      label="Campaigns"
      data={rows}
      columns={sampleColumns}
      getRowId={getRowId}
      appearance={{ height: { upTo: 600 } }}
      totals
    />
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj;

function px(length: string): number {
  return Number.parseFloat(length.replace(/^calc\(/, ''));
}

/** The row and header heights a scheme promises at a delta: its tokens times its size scale. */
function promised(scheme: ColorScheme, delta: number) {
  const size = schemeTokens[scheme].light.size;
  const scale = sizeScale(delta, schemeTypeScales[scheme]);
  return { row: Math.round(px(size.tableRow) * scale), header: Math.round(px(size.tableHeader) * scale) };
}

function measures(scheme: ColorScheme, delta: number): Story['play'] {
  return async ({ canvasElement }) => {
    const expected = promised(scheme, delta);
    await waitFor(() => {
      const bodyRows = [...canvasElement.querySelectorAll('[role="row"][data-row-id]')];
      expect(bodyRows).toHaveLength(rows.length);
      // Each row as tall as promised, and placed right under the one before: no gaps, no overlaps.
      const boxes = bodyRows.map((row) => row.getBoundingClientRect());
      for (const [index, box] of boxes.entries()) {
        expect(box.height).toBe(expected.row);
        if (index > 0) expect(box.top - (boxes[index - 1] as DOMRect).bottom).toBe(0);
      }
    });
    const header = canvasElement.querySelector('[role="columnheader"]');
    expect(Math.round(header?.getBoundingClientRect().height ?? 0)).toBe(expected.header);
    // Every number whole: no numeric cell is narrower than its text.
    const cut: string[] = [];
    for (const cell of canvasElement.querySelectorAll<HTMLElement>('[role="gridcell"][data-col-id]')) {
      if (!numericColumns.has(cell.dataset.colId ?? '')) continue;
      const text = cell.querySelector<HTMLElement>('*') ?? cell;
      if (text.scrollWidth > text.clientWidth + 1) cut.push(`${cell.dataset.colId}: ${cell.textContent}`);
    }
    expect(cut).toEqual([]);
  };
}

/** The legacy scheme is the dense one: 24 px rows at no delta. */
export const DenseLegacy: Story = { globals: { colorScheme: 'legacy' }, play: measures('legacy', 0) };
/** The default scheme at no delta: 36 px rows. */
export const DefaultScheme: Story = { play: measures('default', 0) };
/** The smallest size: rows, type and columns shrink together down to the readable floor. */
export const DefaultSmallest: Story = { globals: { fontSizeDelta: '-10' }, play: measures('default', -10) };
/** The largest size: rows, type and columns grow together, every number still whole. */
export const DefaultLargest: Story = { globals: { fontSizeDelta: '10' }, play: measures('default', 10) };
/** The dense scheme at its smallest. */
export const LegacySmallest: Story = {
  globals: { colorScheme: 'legacy', fontSizeDelta: '-10' },
  play: measures('legacy', -10),
};
/** The creative scheme at its largest, in the dark theme. */
export const CreativeLargestDark: Story = {
  globals: { colorScheme: 'creative', theme: 'dark', fontSizeDelta: '10' },
  play: measures('creative', 10),
};
