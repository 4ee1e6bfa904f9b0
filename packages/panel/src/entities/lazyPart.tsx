import { Button } from '@cairn/ui';
import { useEffect, useState } from 'react';
import { useServices } from '../app/services.ts';
import * as styles from './entities.css.ts';

// A part of a list that only an action opens (a dialog), loaded when first wanted: the list renders
// without it, and without the dialog code it needs.

export type LazyPart<T> = { part: T } | { error: unknown } | undefined;

/** Loads the part once `wanted` first holds (load should be a loadOnce, shared by every caller). */
export function useLazyPart<T>(load: () => Promise<T>, wanted: boolean): LazyPart<T> {
  const [state, setState] = useState<LazyPart<T>>();
  const start = wanted && state === undefined;
  useEffect(() => {
    if (!start) return;
    let current = true;
    load().then(
      (part) => current && setState({ part }),
      (error: unknown) => {
        console.error('A part of the list could not be loaded', error);
        if (current) setState({ error });
      },
    );
    return () => {
      current = false;
    };
  }, [start, load]);
  return state;
}

/**
 * Said in place of a part whose chunk did not arrive (as LoadFailure says for a page): only a reload
 * fetches the current build. Plain markup, since a dialog would need a chunk of its own.
 */
export function PartFailure({ onClose }: { onClose: () => void }) {
  const { reload } = useServices();
  return (
    <div role="alert" className={styles.problem}>
      <p>
        Part of the panel did not arrive. Cairn may have been updated since this tab was opened, or the
        connection dropped: reload to get the current version.
      </p>
      <span className={styles.actions}>
        <Button variant="outline" tone="neutral" onClick={onClose}>
          Close
        </Button>
        <Button onClick={reload}>Reload</Button>
      </span>
    </div>
  );
}
