import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './common.ts';

// Actions the entity machinery records; sign-in and account events use their own names (user_signed_in ...).
export const ENTITY_AUDIT_ACTIONS = ['created', 'updated', 'archived', 'restored', 'deleted'] as const;
export type EntityAuditAction = (typeof ENTITY_AUDIT_ACTIONS)[number];

/** An entity change: each changed field with its value before and after (absent on create / delete). */
export const auditChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  userId: z.number().int().nullable(),
  userLogin: z.string().nullable(),
  /** `<kind>_<action>` for entity changes, e.g. offer_updated; other events keep their own names. */
  action: z.string(),
  entityKind: z.string().nullable(),
  entityId: z.number().int().nullable(),
  details: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = z.object({
  kind: z.string().max(50).optional(),
  entityId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
  action: z.string().max(100).optional(),
  /** Entries at or after this instant (ISO 8601 with its offset). */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Entries before this instant. */
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
