import { Badge, Button, DropdownMenu, NavTabs, visuallyHidden } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useRef, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'wouter';
import { checkForUpdates, logout } from '../api/calls.ts';
import { menuEntries, monitorForDevelopersEntry, navigationTabs } from '../routes/table.ts';
import { useCurrentUser, useDebugSettings } from './hooks.ts';
import * as styles from './Layout.css.ts';
import { updateStaleTimeMs, updatesCheckQueryKey } from './queries.ts';
import { useServices } from './services.ts';

// The header's menus are not modal: a modal Radix menu hides the rest of the page with aria-hidden,
// leaving the tabs, links and buttons there focusable inside a hidden tree (axe aria-hidden-focus).
// Focus still moves into an open menu, and Escape, Tab or a click outside closes it.

function isActive(current: string, tabPath: string): boolean {
  if (tabPath === '/campaigns' && current === '/') return true;
  return current === tabPath || current.startsWith(`${tabPath}/`);
}

/** Whether an update is waiting, rechecked only after the update stale time; plain users may not ask. */
function useUpdateAvailable(): boolean {
  const { client } = useServices();
  const user = useCurrentUser();
  const check = useQuery({
    queryKey: updatesCheckQueryKey,
    queryFn: () => checkForUpdates(client),
    staleTime: updateStaleTimeMs,
    enabled: user !== undefined && user.role !== 'user',
  });
  return check.data?.status === 'ok' && check.data.data.is_available_updates;
}

function MainMenu() {
  const [, navigate] = useLocation();
  const settings = useDebugSettings();
  const updateAvailable = useUpdateAvailable();
  const user = useCurrentUser();
  const admin = user !== undefined && user.role !== 'user';
  const shown = menuEntries.filter((entry) => admin || !entry.adminOnly);
  const entries = settings.isShowMonitorForDevelopersInMenu ? [...shown, monitorForDevelopersEntry] : shown;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost">
          Menu
          {updateAvailable && (
            <Badge tone="accent" aria-label="An update is available">
              1
            </Badge>
          )}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        {entries.map((entry) => (
          <DropdownMenu.Item key={entry.path} onSelect={() => navigate(entry.path)}>
            {entry.label}
            {entry.path === '/update' && updateAvailable ? ' (new version)' : ''}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

function UserMenu() {
  const services = useServices();
  const [, navigate] = useLocation();
  const user = useCurrentUser();
  const display = useSyncExternalStore(services.display.subscribe, services.display.getSnapshot);
  const signOut = async () => {
    await logout(services.client);
    services.currentUser.clear();
    services.authSecret.clear();
    services.queryClient.clear();
    navigate('/login');
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        {/* The name starts with the visible text (WCAG 2.5.3: speech users say what they see) and the
            hidden suffix tells screen reader users what the button opens. */}
        <Button variant="ghost">
          <span className={styles.userName}>{user?.username ?? 'Account'}</span>
          <span className={visuallyHidden}>, user menu</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Label>{user ? `${user.username} (${user.role})` : 'Signed in'}</DropdownMenu.Label>
        <DropdownMenu.Item onSelect={() => services.display.toggleTheme()}>
          {display.theme === 'dark' ? 'Light theme' : 'Dark theme'}
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Item tone="danger" onSelect={() => void signOut()}>
          Log out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/** The tabs this user is shown: admin-only ones (the postback log) not to plain users. */
function useNavigationTabs() {
  const user = useCurrentUser();
  const admin = user !== undefined && user.role !== 'user';
  return navigationTabs.filter((tab) => admin || !tab.adminOnly);
}

/** The navigation tabs as a menu, shown instead of the tabs where they no longer fit (see Layout.css.ts). */
function SectionsMenu({ location }: { location: string }) {
  const [, navigate] = useLocation();
  const tabs = useNavigationTabs();
  return (
    <div className={styles.sectionsMenu}>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost">Sections</Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="start">
          {tabs.map((tab) => (
            <DropdownMenu.Item
              key={tab.path}
              aria-current={isActive(location, tab.path) ? 'page' : undefined}
              onSelect={() => navigate(tab.path)}
            >
              {tab.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </div>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  const tabs = useNavigationTabs();
  return (
    <div className={styles.shell}>
      {/* biome-ignore lint/a11y/useValidAnchor: it is a link to #main (and works as one without
          scripts); the click moves focus itself only so that the address keeps its own hash. */}
      <a
        href="#main"
        className={styles.skipLink}
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
      >
        Skip to main content
      </a>
      <header className={styles.header}>
        <Link href="/campaigns" className={styles.brand}>
          Cairn
        </Link>
        <SectionsMenu location={location} />
        <div className={styles.tabs}>
          <NavTabs.Root label="Sections">
            {tabs.map((tab) => (
              <NavTabs.Link key={tab.path} asChild active={isActive(location, tab.path)}>
                <Link href={tab.path}>{tab.label}</Link>
              </NavTabs.Link>
            ))}
          </NavTabs.Root>
        </div>
        <div className={styles.menus}>
          <MainMenu />
          <UserMenu />
        </div>
      </header>
      <main id="main" tabIndex={-1} ref={main} className={styles.main}>
        {children}
      </main>
    </div>
  );
}
