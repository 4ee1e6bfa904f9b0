import type { AuditEntry, AuditLogQuery, ListResponse } from '@cairn/contract';
import { type Sql, type SqlParam, timestamp } from '../store/config/port.ts';
import { isoTimestamp } from './definition.ts';

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/** Field-by-field differences; values compare by their JSON form so arrays and objects compare by content. */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields: Iterable<string>,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const previous = before ? (before[field] ?? null) : null;
    const next = after ? (after[field] ?? null) : null;
    if (JSON.stringify(previous) !== JSON.stringify(next)) changes[field] = { before: previous, after: next };
  }
  return changes;
}

export async function listAuditEntries(sql: Sql, query: AuditLogQuery): Promise<ListResponse<AuditEntry>> {
  const params: SqlParam[] = [];
  const where: string[] = [];
  const add = (condition: string, value: SqlParam) => {
    params.push(value);
    where.push(condition.replace('?', `$${params.length}`));
  };
  if (query.kind) add('a.entity_kind = ?', query.kind);
  if (query.entityId) add('a.entity_id = ?', query.entityId);
  if (query.userId) add('a.user_id = ?', query.userId);
  if (query.action) add('a.action = ?', query.action);
  if (query.from) add('a.occurred_at >= CAST(? AS TIMESTAMPTZ)', timestamp(Date.parse(query.from)));
  if (query.to) add('a.occurred_at < CAST(? AS TIMESTAMPTZ)', timestamp(Date.parse(query.to)));
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const totals = await sql.query<{ total: number }>(
    `SELECT count(*) AS total FROM audit_log a${whereSql}`,
    params,
  );
  const rows = await sql.query(
    `SELECT a.id, a.occurred_at, a.user_id, u.login AS user_login, a.action, a.entity_kind, a.entity_id, a.details
     FROM audit_log a LEFT JOIN users u ON u.id = a.user_id${whereSql}
     ORDER BY a.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      occurredAt: isoTimestamp(row.occurred_at),
      userId: row.user_id === null ? null : Number(row.user_id),
      userLogin: (row.user_login as string | null) ?? null,
      action: String(row.action),
      entityKind: (row.entity_kind as string | null) ?? null,
      entityId: row.entity_id === null ? null : Number(row.entity_id),
      details: typeof row.details === 'string' ? JSON.parse(row.details) : null,
    })),
    total: Number(totals[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

const HIDDEN_IP = '(hidden in the demo)';

/** Replaces every `ip` in audit details (sign-ins, failed guesses ...), at any depth. */
function withoutIps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIps);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key === 'ip' ? HIDDEN_IP : withoutIps(inner)]),
  );
}

/** The audit log as the public demo account may see it: visitors' addresses are personal data. */
export function maskAuditIps(list: ListResponse<AuditEntry>): ListResponse<AuditEntry> {
  return {
    ...list,
    items: list.items.map((entry) => ({
      ...entry,
      details: withoutIps(entry.details) as AuditEntry['details'],
    })),
  };
}
