import { z } from 'zod';
import { entityIdSchema, GROUPED_KINDS, type GroupedKind } from './common.ts';

// What a plain user may see and change, per entity kind. Admins and the super-admin are not limited by
// these; a plain user has no access to a kind without an entry for it. Scope: every item of the kind, the
// items in chosen groups (kinds organised in groups only), or chosen items. Access: read, or read-write.

export const PERMISSION_KINDS = [
  'campaign',
  'offer',
  'landing',
  'affiliate_network',
  'traffic_source',
  'rotation',
  'domain',
  'group',
] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];
export const PERMISSION_SCOPES = ['all', 'groups', 'items'] as const;
export type PermissionScope = (typeof PERMISSION_SCOPES)[number];
export const PERMISSION_ACCESS = ['read', 'write'] as const;
export type PermissionAccess = (typeof PERMISSION_ACCESS)[number];

const ids = (what: string) =>
  z
    .array(entityIdSchema)
    .max(10_000, `At most 10000 ${what}`)
    .default([])
    .transform((list) => [...new Set(list)]);

export const permissionSchema = z
  .object({
    kind: z.enum(PERMISSION_KINDS, { error: `One of ${PERMISSION_KINDS.join(', ')}` }),
    scope: z.enum(PERMISSION_SCOPES, { error: `One of ${PERMISSION_SCOPES.join(', ')}` }).default('all'),
    access: z.enum(PERMISSION_ACCESS, { error: 'read or write' }).default('read'),
    /** For scope groups: groups of this kind. */
    groupIds: ids('groups'),
    /** For scope items: items of this kind. */
    itemIds: ids('items'),
  })
  .superRefine((permission, ctx) => {
    if (permission.scope === 'groups') {
      if (!(GROUPED_KINDS as readonly string[]).includes(permission.kind)) {
        ctx.addIssue({
          code: 'custom',
          path: ['scope'],
          message: `${permission.kind} items are not organised in groups: choose all or chosen items`,
        });
      } else if (permission.groupIds.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['groupIds'], message: 'Choose at least one group' });
      }
    }
    if (permission.scope === 'items' && permission.itemIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['itemIds'], message: 'Choose at least one item' });
    }
  })
  // Lists that do not apply to the scope are dropped, so a stored permission says exactly what it grants.
  .transform((permission) => ({
    ...permission,
    groupIds: permission.scope === 'groups' ? permission.groupIds : [],
    itemIds: permission.scope === 'items' ? permission.itemIds : [],
  }));
export type Permission = z.output<typeof permissionSchema>;
export type PermissionInput = z.input<typeof permissionSchema>;

export const permissionsSchema = z
  .array(permissionSchema)
  .max(PERMISSION_KINDS.length)
  .default([])
  .superRefine((permissions, ctx) => {
    const seen = new Set<string>();
    for (const [index, permission] of permissions.entries()) {
      if (seen.has(permission.kind)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'kind'],
          message: `${permission.kind} is listed twice`,
        });
      }
      seen.add(permission.kind);
    }
  });

export function isGroupedKind(kind: string): kind is GroupedKind {
  return (GROUPED_KINDS as readonly string[]).includes(kind);
}

// For a user with hide-profit the server leaves these out of every response (reports, lists, stats):
// profit, revenue, ROI, EPC and leads, and fields named after them (profitMicros, revenue_total ...).
export const HIDDEN_PROFIT_FIELDS = ['profit', 'revenue', 'roi', 'epc', 'leads'] as const;

/** `profit`, `ROI`, `revenueMicros`, `profit_total` are profit fields; `roiling` or `leadership` are not. */
export function isProfitField(name: string): boolean {
  const lower = name.toLowerCase();
  return HIDDEN_PROFIT_FIELDS.some((field) => {
    if (!lower.startsWith(field)) return false;
    const next = name.charAt(field.length);
    return next === '' || next === '_' || (next >= 'A' && next <= 'Z');
  });
}
