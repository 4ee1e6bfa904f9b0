import { Button, Dialog } from '@cairn/ui';
import { useEffect, useState } from 'react';
import { loadOnce } from '../app/chunks.ts';
import { useServices } from '../app/services.ts';
import { entityNames } from '../routes/table.ts';
import type { MassEditBody, MassEditProps } from './MassEditBody.tsx';

// The modal, its editors and the kinds' form fields it offers are a chunk of their own: a list shows it
// only at edit/mass/{ids}, where it waits for the chosen items anyway, and most visits never do.
const loadMassEdit = loadOnce('mass-edit dialog', () =>
  import('./MassEditBody.tsx').then((module) => module.MassEditBody),
);

type Loaded = { Body: typeof MassEditBody } | { error: unknown };

/** `edit/mass/{ids}`: the chosen items (archived ones too) in the ui mass-edit modal. */
export function MassEditDialog(props: MassEditProps) {
  const { reload } = useServices();
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    let current = true;
    loadMassEdit().then(
      (Body) => current && setLoaded({ Body }),
      (error: unknown) => current && setLoaded({ error }),
    );
    return () => {
      current = false;
    };
  }, []);
  if (!loaded) return null;
  if ('Body' in loaded) return <loaded.Body {...props} />;
  console.error('The mass-edit dialog could not be loaded', loaded.error);
  // As for a page whose chunk is gone (LoadFailure): only a reload fetches the current build.
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
    >
      <Dialog.Content title={`Mass edit - ${entityNames[props.ui.routeKind].plural}`} size="sm">
        <p role="alert">
          Part of the panel did not arrive. Cairn may have been updated since this tab was opened, or the
          connection dropped: reload to get the current version.
        </p>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button variant="outline" tone="neutral">
              Back to the list
            </Button>
          </Dialog.Close>
          <Button onClick={reload}>Reload</Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}
