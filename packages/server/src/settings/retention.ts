import { DEFAULT_RETENTION_SETTINGS, type RetentionSettings, retentionSettingsSchema } from '@cairn/contract';
import { z } from 'zod';
import type { Sql } from '../store/config/port.ts';
import { SETTING_RETENTION, SETTING_RETENTION_STATUS } from './keys.ts';
import { readJsonSetting, setSetting } from './store.ts';

// The auto-clearing settings and the state of its last run, in the config store: every node reads
// them, so the node whose turn it was to run the job and the node the monitor asks need not be one.

const statusSchema = z.object({
  state: z.enum(['running', 'ok', 'failing']),
  /** What started it: the hourly job, or an admin's manual clear. */
  trigger: z.enum(['job', 'manual']),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  events: z.number(),
  clicks: z.number(),
  message: z.string(),
});
export type RetentionStatus = z.infer<typeof statusSchema>;

/** The saved settings; unreadable ones (an older release, a hand edit) read as the defaults, which clear nothing. */
export async function readRetentionSettings(sql: Sql): Promise<RetentionSettings> {
  return (
    (await readJsonSetting(sql, SETTING_RETENTION, retentionSettingsSchema)) ?? DEFAULT_RETENTION_SETTINGS
  );
}

export async function saveRetentionSettings(sql: Sql, settings: RetentionSettings): Promise<void> {
  await setSetting(sql, SETTING_RETENTION, JSON.stringify(settings));
}

export async function readRetentionStatus(sql: Sql): Promise<RetentionStatus | null> {
  return readJsonSetting(sql, SETTING_RETENTION_STATUS, statusSchema);
}

export async function saveRetentionStatus(sql: Sql, status: RetentionStatus): Promise<void> {
  await setSetting(sql, SETTING_RETENTION_STATUS, JSON.stringify(status));
}
