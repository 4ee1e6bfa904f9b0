import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Stack } from '../storybook/Matrix.tsx';
import { DataTable } from './DataTable.tsx';
import { COLORIZATION_MODES } from './format.ts';
import { type SampleCampaign, sampleCampaigns, sampleColumns } from './sampleData.ts';

const rows = sampleCampaigns(8);
const getRowId = (row: SampleCampaign) => String(row.id);

const meta = {
  title: 'Data/DataTable',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj;

/** The four colorization modes, with and without vertical borders. */
export const Colorization: Story = {
  render: () => (
    <Stack gap={24}>
      {COLORIZATION_MODES.flatMap((mode) =>
        [false, true].map((borders) => (
          <div key={`${mode}-${borders}`} style={{ width: 1100 }}>
            <h3 style={{ margin: '0 0 4px', font: 'inherit' }}>
              {mode}
              {borders ? ' + vertical borders' : ''}
            </h3>
            <DataTable
              label={`Campaigns (${mode})`}
              data={rows.slice(0, 4)}
              columns={sampleColumns}
              getRowId={getRowId}
              colorization={mode}
              verticalBorders={borders}
              height={4 * 36 + 36 + 4}
            />
          </div>
        )),
      )}
    </Stack>
  ),
};

/** Search, filters, selection with mass actions, multi-sort and totals together. */
export const Full: Story = {
  render: () => (
    <div style={{ width: 1200 }}>
      <DataTable
        label="Campaigns"
        data={rows}
        columns={sampleColumns}
        getRowId={getRowId}
        selectable
        selectedIds={['2', '3', '4']}
        selectionActions={() => (
          <Button size="sm" variant="soft">
            Mass edit
          </Button>
        )}
        searchable
        showTotals
        sorting={[
          { id: 'profit', desc: true },
          { id: 'name', desc: false },
        ]}
        height={420}
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
            height={220}
            loading={state === 'loading'}
            error={state === 'error' ? 'Could not load campaigns' : undefined}
            onRetry={() => {}}
            emptyTitle="No campaigns yet"
            emptyAction={<Button>Create campaign</Button>}
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
        selectable
        showTotals
        height={500}
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
        manualSorting
        height={5 * 36 + 40}
        pagination={{ pageIndex: 2, pageSize: 50, rowCount: 1234, onChange: () => {} }}
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
        height={220}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Columns' }));
    await expect(within(document.body).getByRole('dialog', { name: 'Column settings' })).toBeVisible();
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
        selectable
        height={240}
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
