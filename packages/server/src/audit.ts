import type { Sql } from './store/config/port.ts';
import { timestamp } from './store/config/port.ts';

export interface AuditEntry {
  userId: number | null;
  /** snake_case past tense, e.g. user_signed_in, offer_created. */
  action: string;
  entityKind?: string;
  entityId?: number;
  details?: Record<string, unknown>;
}

/** Appends to the audit log; entity routes call this for every change they make. */
export async function recordAudit(sql: Sql, at: number, entry: AuditEntry): Promise<void> {
  await sql.execute(
    `INSERT INTO audit_log (occurred_at, user_id, action, entity_kind, entity_id, details)
     VALUES (CAST($1 AS TIMESTAMPTZ), $2, $3, $4, $5, $6)`,
    [
      timestamp(at),
      entry.userId,
      entry.action,
      entry.entityKind ?? null,
      entry.entityId ?? null,
      entry.details ? JSON.stringify(entry.details) : null,
    ],
  );
}
