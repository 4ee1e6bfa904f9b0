import { Button, Card, PageHeader, ServerMessage } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { checkForUpdates } from '../api/calls.ts';
import { updatesCheckQueryKey } from '../app/queries.ts';
import { useServices } from '../app/services.ts';
import * as styles from './pages.css.ts';

export default function UpdatePage() {
  const { client } = useServices();
  // The navigation controller fetched this just before the page showed; it is read from the cache.
  const check = useQuery({ queryKey: updatesCheckQueryKey, queryFn: () => checkForUpdates(client) });
  const result = check.data;
  return (
    <div className={styles.sectionLayout}>
      <PageHeader
        title="Update"
        actions={
          <Button variant="outline" loading={check.isFetching} onClick={() => void check.refetch()}>
            Check again
          </Button>
        }
      />
      {result?.status === 'ok' ? (
        <Card title={result.data.is_available_updates ? 'A new version is available' : 'Cairn is up to date'}>
          <dl className={styles.definitionList}>
            <dt className={styles.definitionTerm}>Running version</dt>
            <dd className={styles.definitionValue}>{result.data.current_version}</dd>
            <dt className={styles.definitionTerm}>Latest version</dt>
            <dd className={styles.definitionValue}>{result.data.latest_version}</dd>
          </dl>
          {result.data.notes && (
            <>
              <h3>Release notes</h3>
              <p className={styles.note}>{result.data.notes}</p>
            </>
          )}
          <p className={styles.note}>
            To update: back up on the Rollback page, stop Cairn, install the new version, and start it again.
            Migrations run at start. On the embedded store the configuration database is backed up before each
            one as well; with Cairn stopped, cairn rollback restores such a backup.
          </p>
        </Card>
      ) : result ? (
        <div role="alert" className={styles.message}>
          <ServerMessage message={result.message} />
        </div>
      ) : (
        <p className={styles.note}>Checking for updates…</p>
      )}
    </div>
  );
}
