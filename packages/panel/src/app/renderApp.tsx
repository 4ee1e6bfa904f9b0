import { render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from './App.tsx';
import type { AppServices } from './services.ts';
import { fakeServer, type Route, testServices } from './testing.ts';

/**
 * Tests: the whole App at a panel address (`/offers` -> /panel/offers) against a fake server answering
 * with `routes`; `setup` changes the fresh services before the first render.
 */
export function renderApp(path: string, routes: readonly Route[], setup?: (services: AppServices) => void) {
  const server = fakeServer(...routes);
  const services = testServices(server.fetch);
  setup?.(services);
  const location = memoryLocation({ path: `/panel${path}`, record: true });
  render(<App services={services} location={location} />);
  /** The address the app is at now. */
  const current = () => location.history[location.history.length - 1];
  return { services, server, location, current };
}
