import type { ComponentType, ReactNode } from 'react';

/**
 * A lazily loaded part of the panel that did not arrive. The usual cause is a tab opened before an
 * upgrade: its entry still names the old build's chunk files, which the server no longer has.
 */
export class ChunkLoadError extends Error {
  constructor(what: string, cause: unknown) {
    super(`The ${what} could not be loaded`, { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * Loads a chunk once and keeps it; a failed load is forgotten so the next navigation tries again, and
 * its error says which part of the panel is missing.
 */
export function loadOnce<T>(what: string, load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new ChunkLoadError(what, error);
    });
    return loading;
  };
}

export type LayoutComponent = ComponentType<{ children: ReactNode }>;

/** The signed-in frame (tabs and menus) is a chunk of its own: the sign-in screen never needs it. */
export const loadLayout = loadOnce<LayoutComponent>('panel frame', () =>
  import('./Layout.tsx').then((module) => module.Layout),
);
