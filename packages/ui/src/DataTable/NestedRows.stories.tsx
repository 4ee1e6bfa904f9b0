import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Stack } from '../storybook/Matrix.tsx';
import type { ColorizationMode } from './cells/format.ts';
import { DataTable } from './DataTable.tsx';
import { reportRowId, reportSubRows, sampleReport, sampleReportColumns } from './fixtures/sampleTree.ts';

const report = sampleReport();

const meta = {
  title: 'Data/DataTable/Nested rows',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj;

const OPEN = {
  'one campaign open': { c0: true },
  'two levels open': { c0: true, 'c0/o1': true, c1: true, 'c1/o0': true },
} as const;

function Tree({ mode }: { mode: ColorizationMode }) {
  return (
    <Stack gap={16}>
      {(Object.keys(OPEN) as (keyof typeof OPEN)[]).map((state) => (
        <div key={state} style={{ width: 1000 }}>
          <DataTable
            label={`Report by campaign, offer and country (${state})`}
            data={report}
            columns={sampleReportColumns}
            getRowId={reportRowId}
            tree={{ getSubRows: reportSubRows, expanded: OPEN[state] }}
            appearance={{ colorization: mode, height: 36 * 12 }}
            selection={{}}
            totals
          />
        </div>
      ))}
    </Stack>
  );
}

/** Campaign > Offer > Country: an expander in the first column, an indent per level, totals of the campaigns. */
export const NestedRows: Story = { render: () => <Tree mode="colored-rows" /> };
/** The same tree with profit told by cell tints. */
export const NestedRowsColoredCells: Story = { render: () => <Tree mode="colored-cells" /> };
export const NestedRowsDark: Story = { ...NestedRows, globals: { theme: 'dark' } };

/** Keyboard: Right opens the focused row, Down moves, Right opens the offer, Left goes back to the parent. */
export const NestedRowsKeyboard: Story = {
  render: () => (
    <div style={{ width: 1000 }}>
      <DataTable
        label="Report"
        data={report}
        columns={sampleReportColumns}
        getRowId={reportRowId}
        tree={{ getSubRows: reportSubRows }}
        appearance={{ height: 36 * 10 }}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLElement>('[data-cell="0:0"]')?.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{ArrowRight}{ArrowDown}{ArrowLeft}');
    const rows = canvasElement.querySelectorAll('[role="row"][aria-level]');
    await expect(rows[0]).toHaveAttribute('aria-expanded', 'true');
    await expect(rows[1]).toHaveAttribute('aria-expanded', 'true');
    await expect(canvasElement.querySelector('[data-cell="1:0"]')).toHaveFocus();
  },
};
