import { PASSWORD_MIN_LENGTH } from '@cairn/contract';
import { TextField } from '@cairn/ui';
import { AuditTrail } from '../../history/AuditTrail.tsx';
import { type PermissionDraft, PermissionsEditor } from '../../users/PermissionsEditor.tsx';
import { TwoFactorReset } from '../../users/TwoFactorReset.tsx';
import type { CustomFieldProps, EntityFormUi, FormExtrasProps } from '../types.ts';
import { roleOptions, userUi } from './user.tsx';

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
      <AuditTrail title="Activity" filter={{ userId: item.id }} formUiOf={props.formUiOf} />
    </>
  );
}

export const userFormUi: EntityFormUi = {
  ...userUi,
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
