import { EVENT_COLUMNS } from '../../events/columns.ts';
import type { TrackingEvent } from '../../events/event.ts';
import type { Enrichment } from './types.ts';

/** A column the click engine fills from its enrichment: the event's field and the fact it takes. */
export interface EnrichedField {
  field: keyof TrackingEvent;
  fact: keyof Enrichment;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The event's columns that come from the enrichment, as the event's column table declares them. */
export function enrichedFields(): EnrichedField[] {
  return EVENT_COLUMNS.flatMap((column) =>
    column.enrichment !== null && typeof column.field === 'string'
      ? [{ field: column.field, fact: column.enrichment as keyof Enrichment }]
      : [],
  );
}

/**
 * Compiles the copy of a click's facts into its event from the column table. It runs on every click, so it
 * is made once as straight-line code (one monomorphic store per field); a loop over the table would make
 * each `event[field]` a megamorphic access. The names come from the table, never from a request, and are
 * checked to be plain identifiers before they are written into code.
 */
export function compileEnrichmentCopy(
  fields: readonly EnrichedField[] = enrichedFields(),
): (event: TrackingEvent, enrichment: Enrichment) => void {
  const lines = fields.map(({ field, fact }) => {
    if (!IDENTIFIER.test(field) || !IDENTIFIER.test(fact)) {
      throw new Error(`event column field ${field} <- ${fact} is not a plain name`);
    }
    return `event.${field} = enrichment.${fact};`;
  });
  return new Function('event', 'enrichment', lines.join('\n')) as (
    event: TrackingEvent,
    enrichment: Enrichment,
  ) => void;
}
