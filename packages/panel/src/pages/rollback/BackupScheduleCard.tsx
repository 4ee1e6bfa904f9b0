import type { BackupSchedule } from '@cairn/contract';
import { Button, Card, NumberField, Switch, toast } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { type CallProblem, problemOf } from '../../entities/api.ts';
import { FormProblem } from '../../entities/FormProblem.tsx';
import * as styles from '../pages.css.ts';
import { backupsQueryKey, saveBackupSchedule } from './backupsApi.ts';

// The daily whole-installation backup: on or off, the hour (UTC) and how many backups are kept.

export function BackupScheduleCard({ saved }: { saved: BackupSchedule }) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<CallProblem>();
  const fieldError = (field: string) => problem?.errors.find((error) => error.field === field)?.message;
  const [enabled, setEnabled] = useState(saved.enabled);
  const [hour, setHour] = useState<number | null>(saved.hour);
  const [keep, setKeep] = useState<number | null>(saved.keep);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const result = await saveBackupSchedule(client, { enabled, hour: hour ?? -1, keep: keep ?? 0 });
    setPending(false);
    if (result.status !== 'ok') {
      setProblem(problemOf(result));
      return;
    }
    setProblem(undefined);
    await queryClient.invalidateQueries({ queryKey: backupsQueryKey });
    toast.success(
      result.data.enabled
        ? `Daily backup saved: at ${result.data.hour}:00 UTC, the newest ${result.data.keep} kept.`
        : 'Daily backup saved. It is off: backups are taken by hand only.',
    );
  };

  return (
    <Card
      title="Daily backup"
      description="Once a day the whole installation is backed up into the data directory's backups folder; older backups beyond the number kept are deleted."
    >
      <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
        <FormProblem problem={problem} atField={(field) => field === 'hour' || field === 'keep'} />
        <Switch label="Back up every day" checked={enabled} onCheckedChange={setEnabled} />
        <div className={styles.compactField}>
          <NumberField
            label="Hour (UTC)"
            value={hour}
            min={0}
            max={23}
            step={1}
            onChange={setHour}
            error={fieldError('hour')}
          />
        </div>
        <div className={styles.compactField}>
          <NumberField
            label="Backups kept"
            value={keep}
            min={1}
            max={365}
            step={1}
            onChange={setKeep}
            error={fieldError('keep')}
          />
        </div>
        <div>
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
