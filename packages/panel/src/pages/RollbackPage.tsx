import type { Backup } from '@cairn/contract';
import { Badge, Button, Card, ConfirmDialog, EmptyState, PageHeader, ServerMessage, toast } from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchBackups } from '../api/calls.ts';
import { useServices } from '../app/services.ts';
import { type CallProblem, problemOf } from '../entities/api.ts';
import { formatDateTime } from '../utils/format.ts';
import * as styles from './pages.css.ts';
import { BackupScheduleCard } from './rollback/BackupScheduleCard.tsx';
import { backUpNow, backupsQueryKey, stageRestore } from './rollback/backupsApi.ts';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

const TRIGGERS: Record<Backup['trigger'], string> = {
  manual: 'Taken on request',
  scheduled: 'Daily backup',
  replaced: 'Kept when a restore replaced the installation',
  migration: 'Taken before a migration',
};

function BackupCard({ backup, onRestore }: { backup: Backup; onRestore: (backup: Backup) => void }) {
  return (
    <Card
      title={backup.id}
      description={TRIGGERS[backup.trigger]}
      actions={
        backup.restorable ? (
          <Button tone="danger" variant="outline" onClick={() => onRestore(backup)}>
            Restore…
          </Button>
        ) : undefined
      }
    >
      <dl className={styles.definitionList}>
        <dt className={styles.definitionTerm}>Taken</dt>
        <dd className={styles.definitionValue}>{formatDateTime(backup.createdAt)}</dd>
        <dt className={styles.definitionTerm}>Holds</dt>
        <dd className={styles.definitionValue}>
          <span className={styles.row}>
            <Badge tone={backup.kind === 'installation' ? 'success' : 'neutral'}>
              {backup.kind === 'installation' ? 'Whole installation' : 'Configuration only'}
            </Badge>
            {backup.contents.join(', ')}
          </span>
        </dd>
        <dt className={styles.definitionTerm}>Schema version</dt>
        <dd className={styles.definitionValue}>{backup.schemaVersion}</dd>
        <dt className={styles.definitionTerm}>Size</dt>
        <dd className={styles.definitionValue}>{formatBytes(backup.sizeBytes)}</dd>
      </dl>
    </Card>
  );
}

export default function RollbackPage() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const backups = useQuery({ queryKey: backupsQueryKey, queryFn: () => fetchBackups(client) });
  const [backingUp, setBackingUp] = useState(false);
  const [problem, setProblem] = useState<CallProblem>();
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const result = backups.data;

  const takeNow = async () => {
    setBackingUp(true);
    const taken = await backUpNow(client);
    setBackingUp(false);
    if (taken.status !== 'ok') {
      setProblem(problemOf(taken));
      return;
    }
    setProblem(undefined);
    await queryClient.invalidateQueries({ queryKey: backupsQueryKey });
    toast.success(`Backed up: ${taken.data.id} (${formatBytes(taken.data.sizeBytes)}).`);
  };

  const restore = async () => {
    if (!restoring) return;
    const staged = await stageRestore(client, restoring.id);
    if (staged.status !== 'ok') throw problemOf(staged);
    await queryClient.invalidateQueries({ queryKey: backupsQueryKey });
    toast.success(staged.data.message);
  };

  return (
    <div className={styles.sectionLayout}>
      <PageHeader
        title="Rollback"
        description="Backups of the whole installation: configuration, events, the installation key, files and certificates. Clicks keep being served while one is taken. A restore chosen here is applied when Cairn restarts."
        actions={
          <Button onClick={() => void takeNow()} loading={backingUp}>
            Back up now
          </Button>
        }
      />
      {problem && (
        <div role="alert" className={styles.message}>
          <ServerMessage message={problem.message} />
        </div>
      )}
      {!result && <p className={styles.note}>Loading backups…</p>}
      {result && result.status !== 'ok' && (
        <div role="alert" className={styles.message}>
          <ServerMessage message={result.message} />
        </div>
      )}
      {result?.status === 'ok' && (
        <>
          {result.data.pendingRestore && (
            <div role="status" className={styles.message}>
              The restore of {result.data.pendingRestore} is staged: restart Cairn to apply it.
            </div>
          )}
          <BackupScheduleCard key={JSON.stringify(result.data.schedule)} saved={result.data.schedule} />
          {result.data.backups.length === 0 ? (
            <EmptyState title="No backups yet" description="Back up now, or turn the daily backup on." />
          ) : (
            result.data.backups.map((backup) => (
              <BackupCard key={backup.id} backup={backup} onRestore={setRestoring} />
            ))
          )}
          <p className={styles.note}>{result.data.restoreCommand}</p>
        </>
      )}
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => {
          if (!open) setRestoring(null);
        }}
        title="Restore this backup?"
        description={
          restoring
            ? `Cairn will be restored to ${restoring.id} (${formatDateTime(restoring.createdAt)}) when it next starts: ` +
              'every change and click recorded since then is replaced (the current installation is kept as a backup), ' +
              'and everyone signs in again. Restart Cairn after confirming.'
            : ''
        }
        confirmLabel="Restore at next start"
        tone="danger"
        onConfirm={restore}
        renderError={(error) => {
          const failed = error as CallProblem;
          return <ServerMessage as="span" message={failed.message} errors={failed.errors} />;
        }}
      />
    </div>
  );
}
