import { type BackupSchedule, backupScheduleSchema, DEFAULT_BACKUP_SCHEDULE } from '@cairn/contract';
import { type ScheduledJob, scheduleJob } from '../cluster/jobs.ts';
import { SETTING_BACKUP_LAST_DAY, SETTING_BACKUP_SCHEDULE } from '../settings/keys.ts';
import { getSetting, readJsonSetting, setSetting } from '../settings/store.ts';
import type { ConfigStore } from '../store/config/port.ts';
import { pruneBackups } from './library.ts';
import { type LiveBackupDeps, type TakenBackup, takeLiveBackup } from './take.ts';

// The daily backup: every node schedules it and whichever claims the job lock runs it, once per UTC day,
// at the first check in the chosen hour (or later that day, should no node have run then).

export const BACKUP_JOB = 'backup';
/** How often each node looks whether the day's backup is due. */
const CHECK_MS = 5 * 60 * 1000;

export async function readBackupSchedule(store: ConfigStore): Promise<BackupSchedule> {
  return (
    (await readJsonSetting(store, SETTING_BACKUP_SCHEDULE, backupScheduleSchema)) ?? DEFAULT_BACKUP_SCHEDULE
  );
}

export async function saveBackupSchedule(store: ConfigStore, schedule: BackupSchedule): Promise<void> {
  await setSetting(store, SETTING_BACKUP_SCHEDULE, JSON.stringify(schedule));
}

export class BackupBusyError extends Error {}

/** The data dirs a backup is being taken of in this process. */
const taking = new Set<string>();

/** A backup taken now (by hand or the schedule), then the oldest beyond the schedule's `keep` deleted. */
export async function backUpAndPrune(
  deps: LiveBackupDeps,
  trigger: 'manual' | 'scheduled',
  to?: string,
): Promise<TakenBackup> {
  // One backup of a data dir at a time (a second would wait on the same write queues for nothing). Only
  // this process: another node's backup is of its own data dir.
  if (taking.has(deps.dataDir))
    throw new BackupBusyError('A backup is being taken already; try again when it is done');
  taking.add(deps.dataDir);
  try {
    const taken = await takeLiveBackup(deps, to ? { trigger, to } : { trigger });
    if (!to) await pruneBackups(deps.dataDir, (await readBackupSchedule(deps.store)).keep);
    return taken;
  } finally {
    taking.delete(deps.dataDir);
  }
}

/** One check of the schedule: takes the day's backup when due. Resolves to it, or null. */
export async function runDueBackup(deps: LiveBackupDeps): Promise<TakenBackup | null> {
  const schedule = await readBackupSchedule(deps.store);
  if (!schedule.enabled) return null;
  const now = new Date(deps.now());
  const day = now.toISOString().slice(0, 10);
  if (now.getUTCHours() < schedule.hour) return null;
  if ((await getSetting(deps.store, SETTING_BACKUP_LAST_DAY)) === day) return null;
  const taken = await backUpAndPrune(deps, 'scheduled');
  await setSetting(deps.store, SETTING_BACKUP_LAST_DAY, day);
  return taken;
}

export function startBackupJob(deps: LiveBackupDeps, onError: (error: unknown) => void): ScheduledJob {
  return scheduleJob(
    deps.store,
    BACKUP_JOB,
    CHECK_MS,
    async () => {
      await runDueBackup(deps);
    },
    onError,
  );
}
