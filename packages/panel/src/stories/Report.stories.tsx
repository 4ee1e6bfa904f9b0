import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { get } from './fixtureServer.ts';
import {
  PanelPage,
  pageViewport,
  perSchemeAndTheme,
  renderPanelPage,
  resetPanelStorage,
} from './PanelPage.tsx';
import { period, REPORT_SOURCE_ID, report } from './statsFixtures.ts';

// A traffic source's week by Campaign > Offer > Country: the tree table with a campaign and one of its
// offers opened, profit and loss tones, and the server's totals.

const query = new URLSearchParams({
  group: 'campaign,offer,country',
  period: 'custom',
  from: period.from,
  to: period.to,
  tz: period.timeZone,
});

const meta = {
  title: 'Pages/Report',
  component: PanelPage,
  render: renderPanelPage,
  args: {
    path: `/report/traffic-source/${REPORT_SOURCE_ID}?${query}`,
    routes: [get('/api/report', report)],
  },
  parameters: { layout: 'fullscreen', ...pageViewport() },
  beforeEach: () => resetPanelStorage(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole(
      'treegrid',
      { name: 'Report by Campaign > Offer > Country' },
      { timeout: 15_000 },
    );
    const rows = within(table);
    const wait = { timeout: 15_000 };
    await userEvent.click(await rows.findByRole('button', { name: 'Expand Keto EU - Advantage+' }, wait));
    await userEvent.click(await rows.findByRole('button', { name: 'Expand Keto Burn EU' }, wait));
    await rows.findByText('Netherlands', {}, wait);
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
