import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from '../storybook/Matrix.tsx';
import { NavTabs } from './NavTabs.tsx';
import { Tabs } from './Tabs.tsx';

const meta = { title: 'Navigation/Tabs', component: Tabs.Root } satisfies Meta<typeof Tabs.Root>;
export default meta;
type Story = StoryObj<typeof meta>;

const sections = [
  'campaigns',
  'offers',
  'landings',
  'affiliate-networks',
  'traffic-sources',
  'rotations',
] as const;

/** Navigation tabs (links, one current) and in-page tabs (with a disabled one). */
export const Kinds: Story = {
  render: () => (
    <Stack gap={32}>
      <NavTabs.Root label="Sections">
        {sections.map((section) => (
          <NavTabs.Link key={section} href={`#${section}`} active={section === 'offers'}>
            {section}
          </NavTabs.Link>
        ))}
      </NavTabs.Root>
      <Tabs.Root defaultValue="general" style={{ width: 480 }}>
        <Tabs.List aria-label="Campaign settings">
          <Tabs.Trigger value="general">General</Tabs.Trigger>
          <Tabs.Trigger value="flow">Flow</Tabs.Trigger>
          <Tabs.Trigger value="costs" disabled>
            Costs
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="general">General settings</Tabs.Content>
        <Tabs.Content value="flow">Flow settings</Tabs.Content>
      </Tabs.Root>
    </Stack>
  ),
};

const settingsSections = [
  'Tracking links',
  'Auto-clearing',
  'User',
  'Interface',
  'Stats',
  'Columns',
  'Public API',
  'Click API',
  'LP protect',
  'Integration',
] as const;

/**
 * Tabs wider than their row scroll sideways: the hidden ends fade with an arrow that scrolls to them,
 * and the current tab starts in view.
 */
export const Overflowing: Story = {
  render: () => (
    <Stack gap={32}>
      {(['Columns', 'Integration'] as const).map((current) => (
        <div key={current} style={{ width: 420 }}>
          <NavTabs.Root label={`Settings sections, ${current} current`}>
            {settingsSections.map((section) => (
              <NavTabs.Link key={section} href={`#${section}`} active={section === current}>
                {section}
              </NavTabs.Link>
            ))}
          </NavTabs.Root>
        </div>
      ))}
    </Stack>
  ),
};
