import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NavTabs } from './NavTabs.tsx';
import { Tabs } from './Tabs.tsx';

describe('NavTabs', () => {
  it('renders router links as tabs and marks the current page', () => {
    render(
      <NavTabs.Root label="Sections">
        <NavTabs.Link asChild active>
          <a href="/panel/campaigns">Campaigns</a>
        </NavTabs.Link>
        <NavTabs.Link href="/panel/offers">Offers</NavTabs.Link>
      </NavTabs.Root>,
    );
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Offers' })).not.toHaveAttribute('aria-current');
  });
});

describe('Tabs', () => {
  it('switches panels from the keyboard', async () => {
    render(
      <Tabs.Root defaultValue="a">
        <Tabs.List aria-label="Settings">
          <Tabs.Trigger value="a">General</Tabs.Trigger>
          <Tabs.Trigger value="b">Flow</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="a">General panel</Tabs.Content>
        <Tabs.Content value="b">Flow panel</Tabs.Content>
      </Tabs.Root>,
    );
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Flow' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Flow panel');
  });
});
