// biome-ignore-all lint/a11y/noRedundantRoles: the table's parts keep their roles when narrow screens lay them out as blocks (history.css.ts)
import {
  type AuditEntry,
  auditEntrySchema,
  type EntityKind,
  entityPath,
  listResponseSchema,
} from '@cairn/contract';
import { Button, Skeleton, visuallyHidden } from '@cairn/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useServices } from '../app/services.ts';
import { problemOf } from '../entities/api.ts';
import * as entityStyles from '../entities/entities.css.ts';
import { refKey, useRefOptionsMap } from '../entities/refs.ts';
import type { EntityFormUi, FormExtrasProps, Item, RefSpec } from '../entities/types.ts';
import { entityNames } from '../routes/table.ts';
import { formatDateTime } from '../utils/format.ts';
import { capitalize } from '../utils/text.ts';
import { type ChangeLine, changeLines, changesOf, type NameOf, refSpecsOf } from './changes.ts';
import * as styles from './history.css.ts';

// The audit log (admins only) where it answers a question: what happened to this campaign or rotation,
// what this user did. Fields are named as their forms label them and values read as the forms show
// them. For anyone the server refuses, the section is simply absent.

const PAGE_SIZE = 20;
const auditPageSchema = listResponseSchema(auditEntrySchema);

export interface AuditFilter {
  kind?: string;
  entityId?: number;
  userId?: number;
  /** ISO instants: entries at or after `from`, before `to`. */
  from?: string;
  to?: string;
}

interface AuditTrailProps {
  title: string;
  filter: AuditFilter;
  formUiOf: (kind: string) => EntityFormUi | undefined;
  /** The item whose history this is: fills in what an entry did not change (the currency of a cost). */
  item?: Item;
}

/** `campaign_updated` on the campaign's own page: "Updated"; elsewhere "Campaign updated". */
function whatText(entry: AuditEntry, own: boolean, formUi: EntityFormUi | undefined): string {
  const kind = entry.entityKind;
  if (kind && entry.action.startsWith(`${kind}_`)) {
    const verb = entry.action.slice(kind.length + 1).replaceAll('_', ' ');
    if (own) return capitalize(verb);
    const singular = formUi ? entityNames[formUi.routeKind].singular : kind.replaceAll('_', ' ');
    return `${capitalize(singular)} ${verb}`;
  }
  return capitalize(entry.action.replaceAll('_', ' '));
}

/** Creating and deleting say it all; archiving is told by the action, not as a field. */
function shownLines(entry: AuditEntry, lines: ChangeLine[]): ChangeLine[] {
  if (/_(created|deleted)$/.test(entry.action)) return [];
  return lines.filter((line) => line.field !== 'archived');
}

export function AuditTrail({ title, filter, formUiOf, item }: AuditTrailProps) {
  const { client } = useServices();
  const [page, setPage] = useState(1);
  const query = { ...filter, page, pageSize: PAGE_SIZE };
  const log = useQuery({
    // Under the entity root: every save refreshes ['entity'], and every save adds an entry here.
    queryKey: ['entity', 'audit_log', query],
    queryFn: ({ signal }) =>
      client.get(entityPath.auditLog, {
        query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<
          string,
          string | number
        >,
        schema: auditPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const result = log.data;
  const entries = result?.status === 'ok' ? result.data.items : [];

  // The names the entries need: of the references their fields hold, and (listing several items) of
  // the items themselves.
  const kinds = useMemo(
    () => [...new Set(entries.flatMap((entry) => (entry.entityKind ? [entry.entityKind] : [])))],
    [entries],
  );
  const refSpecs = useMemo(() => {
    const specs: RefSpec[] = kinds.flatMap((kind) => {
      const formUi = formUiOf(kind);
      if (!formUi) return [];
      return filter.entityId === undefined
        ? [...refSpecsOf(formUi.fields), { kind: formUi.kind }]
        : refSpecsOf(formUi.fields);
    });
    return specs.filter(
      (spec, index) => specs.findIndex((other) => refKey(other) === refKey(spec)) === index,
    );
  }, [kinds, formUiOf, filter.entityId]);
  const refOptions = useRefOptionsMap(refSpecs);
  const names = useCallback<NameOf>(
    (spec, id) => refOptions.get(refKey(spec))?.find((option) => option.id === id)?.label,
    [refOptions],
  );

  if (!result) return <Skeleton height={80} />;
  if (result.status === 'access-denied') return null;
  const pages = result.status === 'ok' ? Math.max(1, Math.ceil(result.data.total / PAGE_SIZE)) : 1;
  const own = filter.entityId !== undefined;
  return (
    <section className={entityStyles.stack} aria-label={title}>
      <h2 className={entityStyles.sectionTitle}>{title}</h2>
      {result.status !== 'ok' ? (
        <p className={entityStyles.problem}>{problemOf(result).message}</p>
      ) : entries.length === 0 ? (
        <p className={entityStyles.muted}>Nothing recorded yet.</p>
      ) : (
        <>
          <table role="table" className={styles.table}>
            <thead role="rowgroup" className={styles.head}>
              <tr role="row">
                <th role="columnheader" scope="col" className={`${styles.header} ${styles.when}`}>
                  When
                </th>
                <th role="columnheader" scope="col" className={`${styles.header} ${styles.who}`}>
                  Who
                </th>
                <th role="columnheader" scope="col" className={`${styles.header} ${styles.what}`}>
                  What
                </th>
                <th role="columnheader" scope="col" className={styles.header}>
                  Changes
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup" className={styles.body}>
              {entries.map((entry) => {
                const formUi = entry.entityKind ? formUiOf(entry.entityKind) : undefined;
                const lines = shownLines(
                  entry,
                  changeLines(changesOf(entry), formUi?.fields, own ? item : undefined, names),
                );
                const subject =
                  !own && entry.entityId !== null
                    ? formUi
                      ? (names({ kind: formUi.kind as EntityKind }, entry.entityId) ?? `#${entry.entityId}`)
                      : `#${entry.entityId}`
                    : undefined;
                return (
                  <tr key={entry.id} role="row" className={styles.row}>
                    <td role="cell" className={styles.cell}>
                      <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
                    </td>
                    <td role="cell" className={styles.cell}>
                      {entry.userLogin ?? 'system'}
                    </td>
                    <td role="cell" className={styles.cell}>
                      {whatText(entry, own, formUi)}
                      {subject !== undefined && ` ${subject}`}
                    </td>
                    <td role="cell" className={styles.changesCell}>
                      {lines.length > 0 && (
                        <ul className={styles.changes}>
                          {lines.map((line) => (
                            <li key={line.field}>
                              <span className={styles.field}>{line.label}</span>:{' '}
                              <span className={styles.before}>{line.before}</span> <span aria-hidden>→</span>
                              <span className={visuallyHidden}> to </span> {line.after}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {pages > 1 && (
            <span className={entityStyles.actions}>
              <Button
                type="button"
                size="sm"
                variant="outline"
                tone="neutral"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Newer
              </Button>
              <span className={entityStyles.muted}>
                Page {page} of {pages}
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                tone="neutral"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Older
              </Button>
            </span>
          )}
        </>
      )}
    </section>
  );
}

/** The change history of the item a form edits, below the form (edit mode only). */
export function ItemHistory({ mode, item, formUiOf, kind }: FormExtrasProps & { kind: string }) {
  if (mode !== 'edit' || !item) return null;
  return <AuditTrail title="History" filter={{ kind, entityId: item.id }} formUiOf={formUiOf} item={item} />;
}
