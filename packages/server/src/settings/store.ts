import type { z } from 'zod';
import type { Sql } from '../store/config/port.ts';

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

/**
 * A setting stored as JSON, read through its schema: null when it is missing, or unreadable or invalid
 * (an older release, a hand edit), so each caller falls back to its defaults instead of failing.
 */
export async function readJsonSetting<T>(sql: Sql, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const text = await getSetting(sql, key);
  if (!text) return null;
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
