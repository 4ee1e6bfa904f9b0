// biome-ignore-all lint/a11y/noRedundantRoles: the table's parts keep their roles when narrow screens lay them out as blocks (users.css.ts)
import {
  isGroupedKind,
  PERMISSION_KINDS,
  type PermissionAccess,
  type PermissionKind,
  type PermissionScope,
} from '@cairn/contract';
import { Combobox, Select, visuallyHidden } from '@cairn/ui';
import { useRefOptions } from '../entities/refs.ts';
import type { FieldErrors, RefSpec } from '../entities/types.ts';
import { TableHead } from './TableHead.tsx';
import * as styles from './users.css.ts';

// What a plain user may see and change, one row per kind: no access, read or read-write, over every item,
// the items of chosen groups (kinds kept in groups) or chosen items. A kind without an entry is invisible
// to the user, so "No access" removes the entry.

export interface PermissionDraft {
  kind: PermissionKind;
  scope: PermissionScope;
  access: PermissionAccess;
  groupIds: number[];
  itemIds: number[];
}

export const PERMISSION_KIND_LABELS: Record<PermissionKind, string> = {
  campaign: 'Campaigns',
  offer: 'Offers',
  landing: 'Landers',
  affiliate_network: 'Affiliate networks',
  traffic_source: 'Traffic sources',
  rotation: 'Rotations',
  domain: 'Domains',
  group: 'Groups',
};

const NO_ACCESS = 'none';
type AccessChoice = PermissionAccess | typeof NO_ACCESS;
const accessOptions: { value: AccessChoice; label: string }[] = [
  { value: NO_ACCESS, label: 'No access' },
  { value: 'read', label: 'Read' },
  { value: 'write', label: 'Read and write' },
];

function scopeOptions(kind: PermissionKind): { value: PermissionScope; label: string }[] {
  return [
    { value: 'all', label: 'All items' },
    ...(isGroupedKind(kind) ? [{ value: 'groups' as const, label: 'Items in groups' }] : []),
    { value: 'items', label: 'Chosen items' },
  ];
}

export interface PermissionsEditorProps {
  id: string;
  value: readonly PermissionDraft[];
  onChange: (value: PermissionDraft[]) => void;
  /** Keyed by the entry's index in `value` (`0.groupIds`), as the contract reports them. */
  errors: FieldErrors;
  disabled: boolean;
}

export function PermissionsEditor({ id, value, onChange, errors, disabled }: PermissionsEditorProps) {
  const set = (kind: PermissionKind, entry: PermissionDraft | null) => {
    const others = value.filter((permission) => permission.kind !== kind);
    const next = entry ? [...others, entry] : others;
    // Kept in the order of the rows, so the saved list reads like the editor.
    onChange(next.sort((a, b) => PERMISSION_KINDS.indexOf(a.kind) - PERMISSION_KINDS.indexOf(b.kind)));
  };
  return (
    <table role="table" aria-label="Permissions" className={styles.table}>
      <TableHead columns={['Kind', 'Access', 'Scope', 'Groups or items']} />
      <tbody role="rowgroup" className={styles.body}>
        {PERMISSION_KINDS.map((kind) => {
          const index = value.findIndex((permission) => permission.kind === kind);
          const entry = index >= 0 ? value[index] : undefined;
          const rowErrors = Object.fromEntries(
            Object.entries(errors).flatMap(([path, message]) => {
              const [at, ...rest] = path.split('.');
              return at === String(index) ? [[rest.join('.'), message]] : [];
            }),
          );
          return (
            <PermissionRow
              key={kind}
              id={`${id}-${kind}`}
              kind={kind}
              entry={entry}
              errors={rowErrors}
              disabled={disabled}
              onChange={(next) => set(kind, next)}
            />
          );
        })}
      </tbody>
    </table>
  );
}

function PermissionRow({
  id,
  kind,
  entry,
  errors,
  disabled,
  onChange,
}: {
  id: string;
  kind: PermissionKind;
  entry: PermissionDraft | undefined;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (entry: PermissionDraft | null) => void;
}) {
  const label = PERMISSION_KIND_LABELS[kind];
  const other = Object.entries(errors)
    .filter(([path]) => !['groupIds', 'itemIds'].includes(path.split('.')[0] ?? ''))
    .map(([, message]) => message);
  return (
    <tr role="row" className={styles.row}>
      <th role="rowheader" scope="row" className={`${styles.cell} ${styles.kind}`}>
        {label}
      </th>
      <td role="cell" className={styles.cell}>
        <Select<AccessChoice>
          id={`${id}-access`}
          aria-label={`${label} access`}
          size="sm"
          options={accessOptions}
          value={entry?.access ?? NO_ACCESS}
          disabled={disabled}
          onValueChange={(access) =>
            onChange(
              access === NO_ACCESS
                ? null
                : { kind, scope: 'all', groupIds: [], itemIds: [], ...entry, access },
            )
          }
        />
      </td>
      <td role="cell" className={styles.cell}>
        {entry && (
          <Select<PermissionScope>
            id={`${id}-scope`}
            aria-label={`${label} scope`}
            size="sm"
            options={scopeOptions(kind)}
            value={entry.scope}
            disabled={disabled}
            error={other.length > 0 ? other.join('\n') : undefined}
            onValueChange={(scope) => onChange({ ...entry, scope })}
          />
        )}
      </td>
      <td role="cell" className={styles.cell}>
        {entry?.scope === 'groups' && (
          <IdPicker
            id={`${id}-groups`}
            label={`${label} groups`}
            refSpec={{ kind: 'group', groupKind: kind }}
            value={entry.groupIds}
            error={errors.groupIds}
            disabled={disabled}
            onChange={(groupIds) => onChange({ ...entry, groupIds })}
          />
        )}
        {entry?.scope === 'items' && (
          <IdPicker
            id={`${id}-items`}
            label={`${label} items`}
            refSpec={{ kind }}
            value={entry.itemIds}
            error={errors.itemIds}
            disabled={disabled}
            onChange={(itemIds) => onChange({ ...entry, itemIds })}
          />
        )}
      </td>
    </tr>
  );
}

function IdPicker({
  id,
  label,
  refSpec,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  refSpec: RefSpec;
  value: readonly number[];
  error: string | undefined;
  disabled: boolean;
  onChange: (ids: number[]) => void;
}) {
  const { options } = useRefOptions(refSpec);
  const chosen = new Set(value);
  const comboboxOptions = (options ?? [])
    .filter((option) => !option.archived || chosen.has(option.id))
    .map((option) => ({
      value: String(option.id),
      label: option.archived ? `${option.label} (archived)` : option.label,
      keywords: `#${option.id}`,
    }));
  return (
    <Combobox
      id={id}
      label={<span className={visuallyHidden}>{label}</span>}
      size="sm"
      options={comboboxOptions}
      value={value.map(String)}
      placeholder="Choose..."
      error={error}
      disabled={disabled}
      onChange={(ids) => onChange(ids.map(Number))}
    />
  );
}
