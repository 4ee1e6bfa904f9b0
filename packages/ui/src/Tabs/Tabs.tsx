import { Slot } from '@radix-ui/react-slot';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';
import * as styles from './Tabs.css.ts';

const cx = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** In-page tabs with panels (Radix Tabs: arrow keys move between tabs). */
export const Tabs = {
  Root: TabsPrimitive.Root,
  List: forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof TabsPrimitive.List>>(function TabsList(
    { className, ...props },
    ref,
  ) {
    return <TabsPrimitive.List ref={ref} className={cx(styles.list, className)} {...props} />;
  }),
  Trigger: forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>>(
    function TabsTrigger({ className, ...props }, ref) {
      return <TabsPrimitive.Trigger ref={ref} className={cx(styles.tab, className)} {...props} />;
    },
  ),
  Content: forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof TabsPrimitive.Content>>(
    function TabsContent({ className, ...props }, ref) {
      return <TabsPrimitive.Content ref={ref} className={cx(styles.content, className)} {...props} />;
    },
  ),
};

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
