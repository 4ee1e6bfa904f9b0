import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Stack } from '../storybook/Matrix.tsx';
import type { ColorizationMode } from './cells/format.ts';
import { DataTable } from './DataTable.tsx';
import { type SampleCampaign, sampleCampaigns, sampleColumns } from './fixtures/sampleData.ts';

const rows = sampleCampaigns(8);
const getRowId = (row: SampleCampaign) => String(row.id);

const meta = {
  title: 'Data/DataTable',
  // Its docs page's props table is read from this component's types.
  component: DataTable,
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj;

const colorColumns = sampleColumns.filter((column) =>
  ['id', 'name', 'clicks', 'revenue', 'profit', 'roi'].includes(column.id),
);

function ColorizationPair({ mode }: { mode: ColorizationMode }) {
  return (
    <Stack gap={16}>
      {[false, true].map((borders) => (
        <div key={String(borders)} style={{ width: 900 }}>
          <DataTable
            label={`Campaigns, ${mode}${borders ? ', vertical borders' : ''}`}
            data={rows.slice(0, 4)}
            columns={colorColumns}
            getRowId={getRowId}
            appearance={{ colorization: mode, verticalBorders: borders, height: { upTo: 400 } }}
            totals
          />
        </div>
      ))}
    </Stack>
  );
}

/** colored-cells: only profit and ROI cells are tinted by sign; top without, bottom with vertical borders. */
export const ColoredCells: Story = { render: () => <ColorizationPair mode="colored-cells" /> };
/** colored-rows (the default): each row is tinted by its profit. */
export const ColoredRows: Story = { render: () => <ColorizationPair mode="colored-rows" /> };
/** even-odd: zebra rows; profit told by text colour. */
export const EvenOdd: Story = { render: () => <ColorizationPair mode="even-odd" /> };
/** no: plain rows; profit told by text colour. */
export const NoColors: Story = { render: () => <ColorizationPair mode="no" /> };

/** Search, filters, selection with mass actions, multi-sort and totals together. */
export const Full: Story = {
  render: () => (
    <div style={{ width: 1200 }}>
      <DataTable
        label="Campaigns"
        data={rows}
        columns={sampleColumns}
        getRowId={getRowId}
        selection={{
          selectedIds: ['2', '3', '4'],
          actions: () => (
            <Button size="sm" variant="soft">
              Mass edit
            </Button>
          ),
        }}
        search={{}}
        totals
        sorting={{
          state: [
            { id: 'profit', desc: true },
            { id: 'name', desc: false },
          ],
        }}
        appearance={{ height: 420 }}
        toolbar={<Button size="sm">Create</Button>}
      />
    </div>
  ),
};

/** Empty, no data yet; loading; failed to load. */
export const States: Story = {
  render: () => (
    <Stack gap={24}>
      {(['empty', 'loading', 'error'] as const).map((state) => (
        <div key={state} style={{ width: 900 }}>
          <DataTable
            label={`Campaigns (${state})`}
            data={[]}
            columns={sampleColumns.slice(0, 5)}
            getRowId={getRowId}
            appearance={{ height: 220 }}
            status={{
              loading: state === 'loading',
              error: state === 'error' ? 'Could not load campaigns' : undefined,
              onRetry: () => {},
              emptyTitle: 'No campaigns yet',
              emptyAction: <Button>Create campaign</Button>,
            }}
          />
        </div>
      ))}
    </Stack>
  ),
};

const many = sampleCampaigns(100_000);

/** 100,000 rows: only the rows in view are in the DOM. */
export const HundredThousandRows: Story = {
  render: () => (
    <div style={{ width: 1200 }}>
      <DataTable
        label="100k campaigns"
        data={many}
        columns={sampleColumns}
        getRowId={getRowId}
        selection={{}}
        totals
        appearance={{ height: 500 }}
      />
    </div>
  ),
};

/** Server-side paging: the table shows one page and reports page changes. */
export const ServerPaging: Story = {
  render: () => (
    <div style={{ width: 1000 }}>
      <DataTable
        label="Clicks"
        data={rows.slice(0, 5)}
        columns={sampleColumns.slice(0, 6)}
        getRowId={getRowId}
        sorting={{ manual: true }}
        appearance={{ height: 5 * 36 + 40 }}
        paging={{ pages: { pageIndex: 2, pageSize: 50, rowCount: 1234, onChange: () => {} } }}
      />
    </div>
  ),
};

/** The column settings popover: show/hide and reorder, saved under the table's storage key. */
export const ColumnSettings: Story = {
  render: () => (
    <div style={{ width: 1000, minHeight: 480 }}>
      <DataTable
        label="Campaigns"
        data={rows.slice(0, 4)}
        columns={sampleColumns}
        getRowId={getRowId}
        appearance={{ height: 220 }}
        storageKey="story-column-settings"
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Columns' }));
    // The popover's code may still be on its way (it is fetched after the table's first paint).
    await expect(await within(document.body).findByRole('dialog', { name: 'Column settings' })).toBeVisible();
  },
};

/** Keyboard: the focused cell carries the focus ring. */
export const KeyboardFocus: Story = {
  render: () => (
    <div style={{ width: 1000 }}>
      <DataTable
        label="Campaigns"
        data={rows.slice(0, 5)}
        columns={sampleColumns}
        getRowId={getRowId}
        selection={{}}
        appearance={{ height: 240 }}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const first = canvasElement.querySelector<HTMLElement>('[data-cell="0:0"]');
    first?.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowRight}{ArrowRight}');
    await expect(canvasElement.querySelector('[data-cell="1:2"]')).toHaveFocus();
  },
};

const longRows = rows
  .slice(0, 4)
  .map((row, index) =>
    index === 1 ? { ...row, name: `${row.name}: the autumn push for new subscribers, all placements` } : row,
  );
const wideColumns = sampleColumns.map((column) =>
  column.id === 'name' ? { ...column, pinned: true, width: 200 } : column,
);

/**
 * Wider than its box: the checkboxes and the pinned name stay while the rest scrolls under them, with a
 * shadow on each edge that hides columns. A name too long for its cell ends in an ellipsis, with the
 * whole name as the title on hover and in a tip while the cell has the keyboard focus.
 */
export const WideAndLong: Story = {
  render: () => (
    <div style={{ width: 720, minHeight: 320 }}>
      <DataTable
        label="Campaigns"
        data={longRows}
        columns={wideColumns}
        getRowId={getRowId}
        selection={{}}
        totals
        appearance={{ height: 6 * 36 + 4 }}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const long = longRows[1]?.name ?? '';
    const cell = within(canvasElement).getByRole('gridcell', { name: long });
    await userEvent.hover(cell);
    await expect(cell).toHaveAttribute('title', long);
    // A short name fits: no title repeats it.
    const short = within(canvasElement).getByRole('gridcell', { name: longRows[0]?.name ?? '' });
    await userEvent.hover(short);
    await expect(short).not.toHaveAttribute('title');

    const scroller = canvasElement.querySelector<HTMLElement>('[role="grid"]')?.parentElement;
    if (scroller) scroller.scrollLeft = 200;
    await waitFor(() => expect(scroller?.parentElement?.dataset.scrolledStart).toBe('true'));
    // The pinned name stays where it was, with the scrolled columns under it.
    const box = cell.getBoundingClientRect();
    const grid = scroller?.getBoundingClientRect();
    await expect(Math.round(box.left - (grid?.left ?? 0))).toBe(41);

    // From the keyboard: the cell's whole text shows under it.
    canvasElement.querySelector<HTMLElement>('[data-cell="0:2"]')?.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(cell).toHaveFocus();
    await expect(
      await within(canvasElement).findByText(long, { selector: 'div[aria-hidden]' }),
    ).toBeVisible();
  },
};

/** Colorization and totals in the dark theme and the dense legacy scheme. */
export const ColoredRowsDark: Story = { ...ColoredRows, globals: { theme: 'dark' } };
export const ColoredCellsLegacy: Story = { ...ColoredCells, globals: { colorScheme: 'legacy' } };
export const FullCreativeDark: Story = { ...Full, globals: { theme: 'dark', colorScheme: 'creative' } };

/**
 * The same wide table right to left: the checkboxes and the pinned name stick at the right edge, the
 * columns scroll under them towards the left, and the shades mark the hidden side.
 */
export const WideRightToLeft: Story = {
  globals: { direction: 'rtl' },
  render: WideAndLong.render,
  play: async ({ canvasElement }) => {
    const scroller = canvasElement.querySelector<HTMLElement>('[role="grid"]')?.parentElement;
    const frame = scroller?.parentElement;
    await waitFor(() => expect(frame?.dataset.moreEnd).toBe('true'));
    await expect(frame?.dataset.scrolledStart).toBe('false');
    if (scroller) scroller.scrollLeft = -200;
    await waitFor(() => expect(frame?.dataset.scrolledStart).toBe('true'));
    const cell = within(canvasElement).getByRole('gridcell', { name: longRows[0]?.name ?? '' });
    const box = cell.getBoundingClientRect();
    const grid = scroller?.getBoundingClientRect();
    // As left to right, mirrored: the frame's border and the checkbox column lie between the name and the edge.
    await expect(Math.round((grid?.right ?? 0) - box.right)).toBe(41);
  },
};
