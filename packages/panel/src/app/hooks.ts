import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '../stores/currentUser.ts';
import type { DebugSettings } from '../stores/debugSettings.ts';
import { useServices } from './services.ts';

// Read-only views of the shared stores for pages: they re-render when the value changes.

export function useCurrentUser(): CurrentUser | undefined {
  const { currentUser } = useServices();
  return useSyncExternalStore(currentUser.subscribe, currentUser.getSnapshot);
}

export function useDebugSettings(): DebugSettings {
  const { debugSettings } = useServices();
  return useSyncExternalStore(debugSettings.subscribe, debugSettings.getSnapshot);
}
