import { Card, EmptyState, PageHeader, ServerMessage } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { fetchBackups } from '../api/calls.ts';
import { useServices } from '../app/services.ts';
import * as styles from './pages.css.ts';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export default function RollbackPage() {
  const { client } = useServices();
  const backups = useQuery({ queryKey: ['backups'], queryFn: () => fetchBackups(client) });
  const result = backups.data;
  return (
    <div className={styles.sectionLayout}>
      <PageHeader
        title="Rollback"
        description="Backups of the embedded configuration database (entities, users, settings), taken before each migration. The event store (clicks and the figures reports read) is not in them. A backup is restored from the command line with Cairn stopped, as below."
      />
      {!result && <p className={styles.note}>Loading backups…</p>}
      {result && result.status !== 'ok' && (
        <div role="alert" className={styles.message}>
          <ServerMessage message={result.message} />
        </div>
      )}
      {result?.status === 'ok' && (
        <>
          {result.data.backups.length === 0 ? (
            <EmptyState title="No backups yet" description="A backup is taken before the next migration." />
          ) : (
            result.data.backups.map((backup) => (
              <Card key={backup.id} title={backup.id}>
                <dl className={styles.definitionList}>
                  <dt className={styles.definitionTerm}>Taken</dt>
                  <dd className={styles.definitionValue}>{new Date(backup.createdAt).toLocaleString()}</dd>
                  <dt className={styles.definitionTerm}>Schema version</dt>
                  <dd className={styles.definitionValue}>{backup.schemaVersion}</dd>
                  <dt className={styles.definitionTerm}>Before migration</dt>
                  <dd className={styles.definitionValue}>{backup.beforeMigration ?? 'manual'}</dd>
                  <dt className={styles.definitionTerm}>Size</dt>
                  <dd className={styles.definitionValue}>{formatBytes(backup.sizeBytes)}</dd>
                </dl>
              </Card>
            ))
          )}
          <p className={styles.note}>{result.data.restoreCommand}</p>
        </>
      )}
    </div>
  );
}
