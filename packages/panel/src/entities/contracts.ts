import { ENTITY_CONTRACTS } from '@cairn/contract';
import type { ManagedKind } from './types.ts';

/**
 * A kind's whole contract (schemas of its item, input and mass changes, and its list spec), for the
 * form and the mass-edit modal. A list needs only the list spec: listSpecOf in api.ts, without zod.
 */
export function contractOf(kind: ManagedKind) {
  return ENTITY_CONTRACTS[kind];
}
