import {
  API_PATHS,
  apiPath,
  type Backup,
  type BackupRestoreResponse,
  type BackupSchedule,
  backupRestoreResponseSchema,
  backupScheduleSchema,
  backupSchema,
} from '@cairn/contract';
import type { ApiClient } from '../../http/client.ts';

// The Rollback page's calls besides the list (api/calls.ts fetchBackups): back up now, the daily schedule
// and a restore staged for the next start.

export const backupsQueryKey = ['backups'] as const;

export function backUpNow(client: ApiClient) {
  return client.post<Backup>(API_PATHS.backups, { schema: backupSchema });
}

export function saveBackupSchedule(client: ApiClient, schedule: BackupSchedule) {
  return client.put<BackupSchedule>(API_PATHS.backupSchedule, {
    json: schedule,
    schema: backupScheduleSchema,
  });
}

export function stageRestore(client: ApiClient, id: string) {
  return client.post<BackupRestoreResponse>(apiPath.backupRestore(id), {
    schema: backupRestoreResponseSchema,
  });
}
