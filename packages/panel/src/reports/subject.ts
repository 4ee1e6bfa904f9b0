import { type EntityStatsKind, entityPath } from '@cairn/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useServices } from '../app/services.ts';
import { entityNames, type SubjectType } from '../routes/table.ts';
import { ENTITY_LIST_PATHS, SUBJECT_DIMENSIONS } from './dimensions.ts';

// A report's subject (`/report/campaign/3,4`): its items' names for the heading, and its list.

const namesSchema = z.object({ items: z.array(z.object({ id: z.number(), name: z.string() })) });

export interface Subject {
  type: SubjectType;
  kind: EntityStatsKind;
  ids: number[];
  /** The list the subject's items live in (`/campaigns`). */
  listPath: string;
  listName: string;
  singular: string;
}

export function subjectOf(type: SubjectType, ids: number[]): Subject {
  const kind = SUBJECT_DIMENSIONS[type];
  const list = ENTITY_LIST_PATHS[kind] ?? 'campaigns';
  return {
    type,
    kind,
    ids,
    listPath: `/${list}`,
    listName: entityNames[list].plural,
    singular: entityNames[list].singular,
  };
}

/** "Summer sale", "Summer sale, Winter sale", "5 campaigns"; ids while the names load or cannot be read. */
export function useSubjectTitle(subject: Subject): string {
  const { client } = useServices();
  const names = useQuery({
    queryKey: ['reports', 'subject', subject.kind, subject.ids],
    queryFn: async ({ signal }) => {
      const result = await client.get(entityPath.list(subject.kind), {
        query: { ids: subject.ids.join(','), archived: 'all', pageSize: Math.min(500, subject.ids.length) },
        schema: namesSchema,
        signal,
      });
      return result.status === 'ok' ? result.data.items : [];
    },
    staleTime: 60_000,
  });
  if (subject.ids.length > 3) return `${subject.ids.length} ${subject.listName.toLowerCase()}`;
  const byId = new Map((names.data ?? []).map((item) => [item.id, item.name]));
  return subject.ids.map((id) => byId.get(id) ?? `${subject.singular} #${id}`).join(', ');
}
