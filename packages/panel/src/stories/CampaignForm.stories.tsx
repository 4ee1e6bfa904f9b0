import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { EDITED_CAMPAIGN_ID } from './fixtures.ts';
import {
  PanelPage,
  pageViewport,
  perSchemeAndTheme,
  renderPanelPage,
  resetPanelStorage,
} from './PanelPage.tsx';

// A campaign's form with its own flow: two weighted default paths (landers, a direct share, offers), and
// rules by country, device and bot with their own paths, one offer paused; then the audit trail.

const meta = {
  title: 'Pages/Campaign form',
  component: PanelPage,
  render: renderPanelPage,
  args: { path: `/campaigns/edit/${EDITED_CAMPAIGN_ID}` },
  // The whole form, flow editor and history included, in one screen.
  parameters: { layout: 'fullscreen', ...pageViewport(2800) },
  beforeEach: () => resetPanelStorage(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: 'Name' }, { timeout: 15_000 });
    // Landers and offers are named once their lists are in; the history comes last.
    await waitFor(() => expect(canvasElement).toHaveTextContent('Video sales letter'), { timeout: 15_000 });
    await canvas.findByText('marek', {}, { timeout: 15_000 });
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
