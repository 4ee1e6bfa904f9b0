import { Slot } from '@radix-ui/react-slot';
import type { ReactNode } from 'react';
import * as styles from './Tabs.css.ts';

// Apart from Tabs.tsx: navigation tabs are plain links, and a screen with only these (the panel's
// header) should not carry Radix Tabs and its roving focus.

const cx = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

export interface NavTabsRootProps {
  /** Names the navigation landmark, e.g. "Sections". */
  label: string;
  children: ReactNode;
  className?: string;
}

export interface NavTabsLinkProps {
  /** Whether this tab is the current page (sets aria-current="page"). */
  active?: boolean;
  /** Pass the router's link element as the only child; it receives the tab look. */
  asChild?: boolean;
  href?: string;
  children: ReactNode;
  className?: string;
}

/**
 * Navigation tabs: a list of links in a <nav>, the current one marked aria-current. Routing stays
 * in the app: pass a router link with `asChild`, e.g.
 * `<NavTabs.Link asChild active={isActive}><Link href="/offers">Offers</Link></NavTabs.Link>`.
 */
export const NavTabs = {
  Root({ label, children, className }: NavTabsRootProps) {
    return (
      <nav aria-label={label}>
        <ul className={cx(styles.list, className)}>{children}</ul>
      </nav>
    );
  },
  Link({ active = false, asChild = false, href, children, className }: NavTabsLinkProps) {
    const Component = asChild ? Slot : 'a';
    return (
      <li style={{ display: 'flex' }}>
        <Component
          href={asChild ? undefined : href}
          className={cx(styles.tab, className)}
          aria-current={active ? 'page' : undefined}
        >
          {children}
        </Component>
      </li>
    );
  },
};
