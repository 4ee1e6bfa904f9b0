import {
  backupListResponseSchema,
  backupRestoreResponseSchema,
  backupScheduleSchema,
  backupSchema,
  localBackupRequestSchema,
  localBackupResponseSchema,
} from '../backups.ts';
import { API_PATHS } from '../paths.ts';
import type { ApiRoute } from './catalogue.ts';

const SYSTEM = 'System';

/** Whole-installation backups, their daily schedule, and a restore staged for the next start. */
export const BACKUP_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: API_PATHS.backups,
    summary: 'Backups (whole installation and configuration-only), the daily schedule and a staged restore',
    tag: SYSTEM,
    access: 'admin',
    response: backupListResponseSchema,
  },
  {
    method: 'POST',
    path: API_PATHS.backups,
    summary: 'Back the whole installation up now',
    description:
      'Stores every click journaled so far, then copies the configuration and event databases (each under ' +
      "its store's write lock, after a checkpoint), the installation key, files and a certificate export into " +
      "a new directory under the data directory's backups/, with a manifest of sizes and SHA-256 sums. Clicks " +
      'keep being answered meanwhile. Older installation backups beyond the schedule\'s "keep" are deleted. ' +
      'On PostgreSQL/ClickHouse only the key, files and certificates are in it: dump those stores with ' +
      'their own tools.',
    tag: SYSTEM,
    access: 'admin',
    response: backupSchema,
    errors: { 409: 'A backup of this node is being taken already' },
  },
  {
    method: 'PUT',
    path: API_PATHS.backupSchedule,
    summary: 'The daily backup: on or off, the hour (UTC) and how many installation backups to keep',
    tag: SYSTEM,
    access: 'admin',
    body: backupScheduleSchema,
    response: backupScheduleSchema,
    bodyExample: { enabled: true, hour: 3, keep: 7 },
  },
  {
    method: 'POST',
    path: API_PATHS.backupRestore,
    summary: 'Stage the restore of an installation backup; the server applies it at its next start',
    description:
      'The backup is checked (every file against its manifest) now and again at the start. The databases ' +
      'cannot be swapped under the running server, so nothing changes until Cairn is restarted; the ' +
      'installation it replaces is then kept as a backup, and every session ends.',
    tag: SYSTEM,
    access: 'admin',
    response: backupRestoreResponseSchema,
    errors: {
      409: 'The configuration or events are in PostgreSQL/ClickHouse, or the backup fails its checks',
    },
  },
  {
    method: 'POST',
    path: API_PATHS.backupLocal,
    summary: '`cairn backup` asking the running server (the token in <data dir>/control.json)',
    description:
      'Only for the command line on the same machine: the request carries `Authorization: Bearer` with the ' +
      'token the server wrote to `control.json` in its owner-only data directory at start; anyone else is ' +
      'answered 404. Takes the same backup as "Back up now", into `to` when given.',
    tag: SYSTEM,
    access: 'public',
    body: localBackupRequestSchema,
    response: localBackupResponseSchema,
    errors: { 404: 'No or a wrong control token', 409: 'A backup of this node is being taken already' },
  },
];
