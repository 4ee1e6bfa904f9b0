import { Params } from './entities/sqlParts.ts';
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
  await recordAuditMany(sql, at, [entry]);
}

/** Rows per INSERT. */
const AUDIT_BATCH = 500;

/** Appends entries of one moment in a few multi-row inserts (a bulk import's audit trail). */
export async function recordAuditMany(sql: Sql, at: number, entries: readonly AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += AUDIT_BATCH) {
    const params = new Params();
    const occurredAt = `CAST(${params.add(timestamp(at))} AS TIMESTAMPTZ)`;
    const rows = entries.slice(start, start + AUDIT_BATCH).map((entry) => {
      const cells = [
        entry.userId,
        entry.action,
        entry.entityKind ?? null,
        entry.entityId ?? null,
        entry.details ? JSON.stringify(entry.details) : null,
      ].map((value) => params.repeated(value));
      return `(${[occurredAt, ...cells].join(', ')})`;
    });
    await sql.execute(
      `INSERT INTO audit_log (occurred_at, user_id, action, entity_kind, entity_id, details)
       VALUES ${rows.join(', ')}`,
      params.values,
    );
  }
}
