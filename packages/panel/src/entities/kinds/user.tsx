import type { Role } from '@cairn/contract';
import { updatedColumn } from '../lists/listColumns.tsx';
import type { EntityUi } from '../types.ts';

// Users, managed by admins and the super-admin. The password is write-only: empty keeps the current one.
// Permissions limit plain users only; admins see and change everything.

const ROLE_LABELS: Record<Role, string> = { super_admin: 'Super-admin', admin: 'Admin', user: 'User' };

export const roleOptions = [
  { value: 'user', label: ROLE_LABELS.user },
  { value: 'admin', label: ROLE_LABELS.admin },
  // Shown for the one super-admin, who keeps the role; nobody else can be given it.
  { value: 'super_admin', label: ROLE_LABELS.super_admin, disabled: true },
];

const yesNo = (value: unknown) => (value === true ? 'Yes' : 'No');

export const userUi: EntityUi = {
  kind: 'user',
  routeKind: 'users',
  labelField: 'login',
  // The server refuses the create to anyone without can-create-users (admins included).
  canCreate: (user) => user?.canCreateUsers === true,
  columns: [
    { id: 'id', header: 'ID', kind: 'number', width: 80 },
    { id: 'login', header: 'Login', width: 220, hideable: false },
    { id: 'role', header: 'Role', width: 120, accessor: (item) => ROLE_LABELS[item.role as Role] },
    {
      id: 'canCreateUsers',
      header: 'Creates users',
      width: 130,
      accessor: (item) => yesNo(item.canCreateUsers),
    },
    { id: 'hideProfit', header: 'Profit hidden', width: 120, accessor: (item) => yesNo(item.hideProfit) },
    { id: 'disabled', header: 'Disabled', width: 100, accessor: (item) => yesNo(item.disabled) },
    {
      id: 'twoFactorEnabled',
      header: 'Two-factor',
      width: 110,
      accessor: (item) => yesNo(item.twoFactorEnabled),
    },
    updatedColumn,
  ],
  filters: [
    { param: 'role', label: 'Role', options: roleOptions.map(({ value, label }) => ({ value, label })) },
    {
      param: 'disabled',
      label: 'Disabled',
      options: [
        { value: 'true', label: 'Disabled' },
        { value: 'false', label: 'Enabled' },
      ],
    },
  ],
};
