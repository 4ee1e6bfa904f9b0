import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { EDITED_CAMPAIGN_ID } from './fixtures.ts';
import {
  PanelPage,
  pageViewport,
  perSchemeAndTheme,
  renderPanelPage,
  resetPanelStorage,
} from './PanelPage.tsx';
import { period } from './statsFixtures.ts';

// The campaigns list as a media buyer opens it: names, statuses, URLs, sources, groups, costs, a week's
// numbers with their totals, and three campaigns selected for a bulk action.

const meta = {
  title: 'Pages/Campaigns list',
  component: PanelPage,
  render: renderPanelPage,
  args: { path: '/campaigns' },
  parameters: { layout: 'fullscreen', ...pageViewport() },
  // Lists and reports open on the period last chosen in this browser; a fixed week keeps the numbers and
  // the header.
  beforeEach: () => resetPanelStorage({ 'cairn.period': { preset: 'custom', ...period } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('grid', { name: 'Campaigns' }, { timeout: 15_000 });
    const rows = within(table);
    // The references' names and the week's numbers come with their own calls.
    await rows.findAllByText('TikTok Ads', {}, { timeout: 15_000 });
    await waitFor(() => expect(table).toHaveTextContent('22,148'), { timeout: 15_000 });
    for (const id of [1, 2, EDITED_CAMPAIGN_ID]) {
      await userEvent.click(rows.getByRole('checkbox', { name: `Select row ${id}` }));
    }
    await canvas.findByText(/3 selected/);
    // The last click's focus ring belongs to no screen a designer reviews.
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Meta<typeof PanelPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = perSchemeAndTheme<Story>({});
export const DefaultLight = stories.DefaultLight;
export const DefaultDark = stories.DefaultDark;
export const LegacyLight = stories.LegacyLight;
export const LegacyDark = stories.LegacyDark;
export const CreativeLight = stories.CreativeLight;
export const CreativeDark = stories.CreativeDark;
({
  DefaultLight,
  DefaultDark,
  LegacyLight,
  LegacyDark,
  CreativeLight,
  CreativeDark,
}) satisfies typeof stories;
