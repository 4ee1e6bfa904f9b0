import { z } from 'zod';

// Backups of the installation. A whole-installation backup is a directory holding the configuration and
// event databases, the installation key, operator-supplied files and a certificate export, described by a
// manifest with each file's size and SHA-256; configuration backups (cairn.duckdb alone) are the ones taken
// before each migration.

export const BACKUP_KINDS = ['installation', 'configuration'] as const;
/** manual: "Back up now" or `cairn backup`; scheduled: the daily job; replaced: kept when a restore replaced it. */
export const BACKUP_TRIGGERS = ['manual', 'scheduled', 'replaced', 'migration'] as const;

export const backupSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.enum(BACKUP_KINDS),
  trigger: z.enum(BACKUP_TRIGGERS),
  // Schema version the backed-up configuration had, and the migration it was taken before (null otherwise).
  schemaVersion: z.number().int(),
  beforeMigration: z.number().int().nullable(),
  /** Every file of the backup together. */
  sizeBytes: z.number().int(),
  /** What it holds, in words: "configuration", "events", "installation key", "2 certificates", "3 files". */
  contents: z.array(z.string()),
  /** Clicks answered before this instant are in it (installation backups; null for configuration ones). */
  mark: z.string().nullable(),
  /** Whether the panel can stage its restore (installation backups of an embedded installation). */
  restorable: z.boolean(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupScheduleSchema = z.object({
  enabled: z.boolean(),
  /** The hour of the day (UTC) the daily backup is taken. */
  hour: z.number().int().min(0).max(23),
  /** Installation backups kept; older ones are deleted after each new one. */
  keep: z.number().int().min(1).max(365),
});
export type BackupSchedule = z.infer<typeof backupScheduleSchema>;
export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = { enabled: false, hour: 3, keep: 7 };

export const backupListResponseSchema = z.object({
  backups: z.array(backupSchema),
  // How to restore one from the command line.
  restoreCommand: z.string(),
  schedule: backupScheduleSchema,
  /** The backup a restore was staged from, applied at the next start; null: none. */
  pendingRestore: z.string().nullable(),
});
export type BackupListResponse = z.infer<typeof backupListResponseSchema>;

export const backupRestoreResponseSchema = z.object({
  pendingRestore: z.string(),
  message: z.string(),
});
export type BackupRestoreResponse = z.infer<typeof backupRestoreResponseSchema>;

/** `cairn backup` asking the running server: where to write (an absolute directory; default the data dir's backups/). */
export const localBackupRequestSchema = z.object({ to: z.string().min(1).optional() });
export const localBackupResponseSchema = backupSchema.extend({ path: z.string() });
export type LocalBackupResponse = z.infer<typeof localBackupResponseSchema>;
