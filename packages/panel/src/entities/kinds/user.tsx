import { PASSWORD_MIN_LENGTH, type Role } from '@cairn/contract';
import { TextField } from '@cairn/ui';
import { AuditTrail } from '../../users/AuditTrail.tsx';
import { type PermissionDraft, PermissionsEditor } from '../../users/PermissionsEditor.tsx';
import { TwoFactorReset } from '../../users/TwoFactorReset.tsx';
import type { CustomFieldProps, EntityUi, FormExtrasProps } from '../types.ts';

// Users, managed by admins and the super-admin. The password is write-only: empty keeps the current one.
// Permissions limit plain users only; admins see and change everything.

const ROLE_LABELS: Record<Role, string> = { super_admin: 'Super-admin', admin: 'Admin', user: 'User' };

const roleOptions = [
  { value: 'user', label: ROLE_LABELS.user },
  { value: 'admin', label: ROLE_LABELS.admin },
  // Shown for the one super-admin, who keeps the role; nobody else can be given it.
  { value: 'super_admin', label: ROLE_LABELS.super_admin, disabled: true },
];

const yesNo = (value: unknown) => (value === true ? 'Yes' : 'No');

function PasswordControl({ id, value, onChange, errors, disabled }: CustomFieldProps) {
  return (
    <TextField
      id={id}
      type="password"
      autoComplete="new-password"
      aria-label="Password"
      value={String(value ?? '')}
      error={errors['']}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Below the form of a saved user: the two-factor reset, and what the user did (the audit log). */
function UserExtras(props: FormExtrasProps) {
  const { mode, item } = props;
  if (mode !== 'edit' || !item) return null;
  return (
    <>
      <TwoFactorReset {...props} />
      <AuditTrail title="Activity" filter={{ userId: item.id }} />
    </>
  );
}

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
    { id: 'updatedAt', header: 'Updated', width: 180 },
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
  fields: [
    { kind: 'text', name: 'login', label: 'Login', required: true },
    { kind: 'select', name: 'role', label: 'Role', options: roleOptions, defaultValue: 'user' },
    {
      kind: 'custom',
      name: 'password',
      label: 'Password',
      description: `At least ${PASSWORD_MIN_LENGTH} characters. When editing, leave it empty to keep the current one.`,
      defaultValue: '',
      // Never returned by the server; the box starts empty.
      fromItem: () => '',
      toInput: (value) => (value === '' ? undefined : value),
      massEditable: false,
      render: (props) => <PasswordControl {...props} />,
    },
    {
      kind: 'switch',
      name: 'canCreateUsers',
      label: 'Can create users',
      visible: (draft) => draft.role === 'admin',
    },
    {
      kind: 'switch',
      name: 'hideProfit',
      label: 'Hide profit',
      description: 'Profit, revenue, ROI, EPC and leads are left out of everything this user sees.',
    },
    {
      kind: 'switch',
      name: 'disabled',
      label: 'Disabled',
      description: 'A disabled user cannot sign in; their open sessions end.',
    },
    {
      kind: 'custom',
      name: 'permissions',
      label: 'Permissions',
      description: 'What this user may see and change. Kinds without access stay invisible to them.',
      defaultValue: [],
      visible: (draft) => draft.role === 'user',
      render: ({ id, value, onChange, errors, disabled }) => (
        <PermissionsEditor
          id={id}
          value={value as PermissionDraft[]}
          onChange={onChange}
          errors={errors}
          disabled={disabled}
        />
      ),
    },
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
  FormOutro: UserExtras,
};
