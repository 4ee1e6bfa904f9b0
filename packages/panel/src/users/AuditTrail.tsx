import { type AuditEntry, auditEntrySchema, entityPath, listResponseSchema } from '@cairn/contract';
import { Button, Skeleton } from '@cairn/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../app/services.ts';
import { problemOf } from '../entities/api.ts';
import * as entityStyles from '../entities/entities.css.ts';
import type { FormExtrasProps } from '../entities/types.ts';
import { TableHead } from './TableHead.tsx';
import * as styles from './users.css.ts';

// The audit log (admins only) where it answers a question: what happened to this campaign or rotation,
// what this user did. For anyone the server refuses, the section is simply absent.

const PAGE_SIZE = 20;
const auditPageSchema = listResponseSchema(auditEntrySchema);

export interface AuditFilter {
  kind?: string;
  entityId?: number;
  userId?: number;
}

/** `campaign_updated` -> "campaign updated"; other events keep their words. */
function actionText(action: string): string {
  return action.replaceAll('_', ' ');
}

/** The fields an entry changed, by name (values stay in the log: they may be secrets, shown as "changed"). */
function changedFields(entry: AuditEntry): string {
  const details = entry.details as { changes?: Record<string, unknown> } | null;
  const fields =
    details && typeof details === 'object' && details.changes ? Object.keys(details.changes) : [];
  return fields.join(', ');
}

export function AuditTrail({ title, filter }: { title: string; filter: AuditFilter }) {
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
  if (!result) return <Skeleton height={80} />;
  if (result.status === 'access-denied') return null;
  const pages = result.status === 'ok' ? Math.max(1, Math.ceil(result.data.total / PAGE_SIZE)) : 1;
  return (
    <section className={entityStyles.stack} aria-label={title}>
      <h2 className={entityStyles.sectionTitle}>{title}</h2>
      {result.status !== 'ok' ? (
        <p className={entityStyles.problem}>{problemOf(result).message}</p>
      ) : result.data.items.length === 0 ? (
        <p className={entityStyles.muted}>Nothing recorded yet.</p>
      ) : (
        <>
          <table className={styles.table}>
            <TableHead columns={['When (UTC)', 'Who', 'What', 'Fields']} />
            <tbody>
              {result.data.items.map((entry) => (
                <tr key={entry.id}>
                  <td className={styles.cell}>{entry.occurredAt.replace('T', ' ').slice(0, 19)}</td>
                  <td className={styles.cell}>{entry.userLogin ?? 'system'}</td>
                  <td className={styles.cell}>
                    {actionText(entry.action)}
                    {entry.entityId !== null && filter.entityId === undefined ? ` #${entry.entityId}` : ''}
                  </td>
                  <td className={styles.cell}>{changedFields(entry)}</td>
                </tr>
              ))}
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
export function itemHistory(kind: string) {
  return function ItemHistory({ mode, item }: FormExtrasProps) {
    if (mode !== 'edit' || !item) return null;
    return <AuditTrail title="History" filter={{ kind, entityId: item.id }} />;
  };
}
