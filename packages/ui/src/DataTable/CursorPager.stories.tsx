import type { Meta, StoryObj } from '@storybook/react-vite';
import { Matrix } from '../storybook/Matrix.tsx';
import { DataTable } from './DataTable.tsx';
import { type SampleCampaign, sampleCampaigns, sampleColumns } from './fixtures/sampleData.ts';
import { CURSOR_PAGER_MODES, CursorPager, type CursorPaginationProps } from './paging/CursorPager.tsx';

const meta = {
  title: 'Data/DataTable/Cursor paging',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj;

const STATES = ['more to come', 'loading', 'last rows'] as const;
const noop = () => {};

function propsOf(state: (typeof STATES)[number]): Omit<CursorPaginationProps, 'mode'> {
  switch (state) {
    case 'more to come':
      return { nextCursor: 'c50', onNext: noop, loadedCount: 50 };
    case 'loading':
      return {
        nextCursor: 'c100',
        onNext: noop,
        onPrevious: noop,
        pageIndex: 1,
        loadedCount: 100,
        loading: true,
      };
    case 'last rows':
      return { nextCursor: null, onNext: noop, onPrevious: noop, pageIndex: 2, loadedCount: 137 };
  }
}

/** For `{ rows, nextCursor }` APIs: "Load more" (more) or Previous / Next (pages), in each state. */
export const Pagers: Story = {
  render: () => (
    <Matrix
      rows={STATES}
      columns={CURSOR_PAGER_MODES}
      render={(state, mode) => (
        <div style={{ width: 420 }}>
          <CursorPager mode={mode} label={`${mode}, ${state}`} {...propsOf(state)} />
        </div>
      )}
    />
  ),
};

const rows = sampleCampaigns(6);
const getRowId = (row: SampleCampaign) => String(row.id);

/** A click log that loads its next rows below the ones it has. */
export const LoadMoreTable: Story = {
  render: () => (
    <div style={{ width: 1000 }}>
      <DataTable
        label="Clicks"
        data={rows}
        columns={sampleColumns.slice(0, 6)}
        getRowId={getRowId}
        sorting={{ manual: true }}
        appearance={{ height: 6 * 36 + 2 * 36 + 4 }}
        paging={{ cursor: { nextCursor: 'opaque-cursor', onNext: noop } }}
      />
    </div>
  ),
};
