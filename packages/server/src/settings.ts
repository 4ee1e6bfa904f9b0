import type { Sql } from './store/config/port.ts';

export async function getSetting(sql: Sql, key: string): Promise<string | null> {
  const rows = await sql.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]);
  return rows[0]?.value ?? null;
}

export async function setSetting(sql: Sql, key: string, value: string): Promise<void> {
  await sql.execute(
    'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    [key, value],
  );
}

export const SETTING_TRACKER_ID = 'tracker_id';
export const SETTING_LICENSE_KEY = 'license_key';
