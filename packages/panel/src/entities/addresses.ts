import { type FormMode, formModes } from '../routes/table.ts';
import type { EntityUi } from './types.ts';

// Where a kind's pages live, and which form a form address asks for. The route table owns the addresses
// (`/{kind}`, `/{kind}/create`, `/{kind}/edit/{id}`, `/{kind}/clone/{id}`); these read them back.

export function listPathOf(ui: EntityUi): string {
  return `/${ui.routeKind}`;
}

/** The form mode a form route's path names; a path naming none is a create form. */
export function formModeOf(path: string): FormMode {
  return formModes.find((mode) => path.includes(`/${mode}/`) || path.endsWith(`/${mode}`)) ?? 'create';
}
