import { loadOnce } from '../../app/chunks.ts';
import { PartFailure, useLazyPart } from '../lazyPart.tsx';
import type { MassEditProps } from './MassEditBody.tsx';

// The modal, its editors and the kinds' form fields it offers are a chunk of their own: a list shows it
// only at edit/mass/{ids}, where it waits for the chosen items anyway, and most visits never do.
const loadMassEdit = loadOnce('mass-edit dialog', () =>
  import('./MassEditBody.tsx').then((module) => module.MassEditBody),
);

/** `edit/mass/{ids}`: the chosen items (archived ones too) in the ui mass-edit modal. */
export function MassEditDialog(props: MassEditProps) {
  const loaded = useLazyPart(loadMassEdit, true);
  if (!loaded) return null;
  if ('error' in loaded) return <PartFailure onClose={props.onClose} />;
  return <loaded.part {...props} />;
}
