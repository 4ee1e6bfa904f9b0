import { Badge, Button, DropdownMenu, NavTabs } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { Link, useLocation } from 'wouter';
import { checkForUpdates, logout } from '../api/calls.ts';
import { menuEntries, monitorForDevelopersEntry, navigationTabs } from '../routes/table.ts';
import { useCurrentUser, useDebugSettings } from './hooks.ts';
import * as styles from './Layout.css.ts';
import { updateStaleTimeMs, updatesCheckQueryKey } from './queries.ts';
import { useServices } from './services.ts';

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
  const entries = settings.isShowMonitorForDevelopersInMenu
    ? [...menuEntries, monitorForDevelopersEntry]
    : menuEntries;
  return (
    <DropdownMenu.Root>
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
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" aria-label="User menu">
          {user?.username ?? 'Account'}
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

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link href="/campaigns" className={styles.brand}>
          Cairn
        </Link>
        <div className={styles.tabs}>
          <NavTabs.Root label="Sections">
            {navigationTabs.map((tab) => (
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
      <main className={styles.main}>{children}</main>
    </div>
  );
}
