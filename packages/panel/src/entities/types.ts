import type { EntityKind } from '@cairn/contract';
import type { ColumnKind, SelectOption } from '@cairn/ui';
import type { ReactNode } from 'react';
import type { FormMode, EntityKind as RouteEntityKind } from '../routes/table.ts';
import type { CurrentUser } from '../stores/currentUser.ts';

// The data a kind hands the generic list, form and mass-edit machinery: columns, filters and fields are
// plain descriptions, so every kind shares the same pages and a new kind is a description, not new pages.

/** The kinds this machinery serves, by their API name (`/api/{kind}`): every kind the contract lists. */
export type ManagedKind = EntityKind;

/** An entity as the API returns it; each kind's definition reads its own fields. */
export type Item = Record<string, unknown> & { id: number; archived: boolean };
/** What a form edits: the item's fields, some held in an editable shape (money as decimal text ...). */
export type Draft = Record<string, unknown>;
/** Field path (`url`, `tokens.2.parameter`) -> message. */
export type FieldErrors = Record<string, string>;

/** A reference to items of another kind, shown by name (groups of one kind, networks ...). */
export interface RefSpec {
  kind: ManagedKind;
  /** For groups: the kind whose groups are meant. */
  groupKind?: string;
}

export interface ListColumnSpec {
  id: string;
  header: string;
  kind?: ColumnKind;
  /** Reads the value; omitted: the item's field named like the column. */
  accessor?: (item: Item) => string | number | null | undefined;
  /** A reference column: the value is an id, shown as the referenced item's name. */
  ref?: RefSpec;
  width?: number;
  /** Whether users may hide it (the name column stays). */
  hideable?: boolean;
  /** Left out until the user shows it in the column settings: the list fits its page without it. */
  hidden?: boolean;
  /** Renders the cell instead of the plain value (a URL with its copy button). */
  cell?: (item: Item) => ReactNode;
  /** The cell's whole text for its tooltip, when `cell` renders more than that (a button's label). */
  text?: (item: Item) => string;
}

export type FilterSpec =
  | { param: string; label: string; ref: RefSpec; noneLabel?: string }
  | { param: string; label: string; options: readonly SelectOption<string>[] };

interface FieldBase {
  /** The input field it edits. */
  name: string;
  label: string;
  description?: ReactNode;
  required?: boolean;
  /** Shown only while this holds (e.g. the fixed payout while payout is not automatic). */
  visible?: (draft: Draft) => boolean;
  /** Fixed once the item exists (a group's kind). */
  lockedInEdit?: boolean;
  /** Offered in the mass-edit modal when the kind's mass-change schema has it (default true). */
  massEditable?: boolean;
  /**
   * How a saved value reads in the history when its kind alone cannot say (a cost that is a percentage
   * under RevShare), given the item's other values at the time; undefined: as the kind says.
   */
  describe?: (value: unknown, values: Readonly<Record<string, unknown>>) => string | undefined;
}

export interface CustomFieldProps {
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Errors at or below this field, keyed by the path below it (`''` for the field itself, `2.parameter`). */
  errors: FieldErrors;
  disabled: boolean;
}

export type FormFieldSpec = FieldBase &
  (
    | { kind: 'text'; placeholder?: string; nullable?: boolean; multiline?: boolean; defaultValue?: string }
    | { kind: 'url'; placeholder?: string; nullable?: boolean; macros?: boolean }
    | { kind: 'number'; min?: number; max?: number; step?: number; suffix?: string; defaultValue?: number }
    | { kind: 'money' }
    | { kind: 'switch'; defaultValue?: boolean }
    | { kind: 'select'; options: readonly SelectOption<string>[]; defaultValue: string }
    | { kind: 'ref'; ref: RefSpec; noneLabel: string }
    | { kind: 'country' }
    /** A list of strings edited one per line (allowed IPs). */
    | { kind: 'lines'; placeholder?: string }
    | {
        kind: 'custom';
        defaultValue: unknown;
        /**
         * Where the mass-edit modal starts it, when that differs from a new item's (a switch that shows the
         * installation default on a new item must show, and send, a real value to many).
         */
        massEditDefault?: unknown;
        /** The saved value is a reference (or null, read as `noneLabel`): the history shows its name. */
        ref?: RefSpec;
        noneLabel?: string;
        render: (props: CustomFieldProps) => ReactNode;
        /** Item value -> editable value, and back. */
        fromItem?: (value: unknown) => unknown;
        /** The whole draft is passed too: a campaign's flow is sent only while it uses no rotation. */
        toInput?: (value: unknown, draft: Draft) => unknown;
      }
  );

/** Read-only extras a form shows next to its fields: the URLs to copy, a template picker. */
export interface FormExtrasProps {
  mode: FormMode;
  /** The saved item (edit mode). */
  item: Item | undefined;
  draft: Draft;
  /** Replaces the whole draft (a template fills many fields). */
  replaceDraft: (draft: Draft) => void;
  /** Any kind's form by its API name: the history labels the fields of every kind it lists. */
  formUiOf: (kind: string) => EntityFormUi | undefined;
}

/**
 * What a kind's list needs (registry.ts). The form's part is separate (EntityFormParts, formRegistry.ts):
 * its controls, flow editor and audit trail are most of a kind's code, and a list never shows them, so
 * they load with the form page or the mass-edit modal, not with the list.
 */
export interface EntityUi {
  kind: ManagedKind;
  routeKind: RouteEntityKind;
  columns: readonly ListColumnSpec[];
  filters: readonly FilterSpec[];
  /** The field that names an item (`host` for domains). */
  labelField: string;
  /** Extra list actions next to "New ..." (offer bulk import). */
  ListActions?: () => ReactNode;
  /** Extra actions for the selected rows, before mass edit (a campaign's cost update). */
  SelectionActions?: (props: { ids: number[] }) => ReactNode;
  /** Whether the signed-in user may create one, for the list's "New ..." buttons; omitted: anyone. */
  canCreate?: (user: CurrentUser | undefined) => boolean;
}

export interface EntityFormParts {
  fields: readonly FormFieldSpec[];
  /** Fields a new item carries that no control edits (a traffic source's template id). */
  createDefaults?: Draft;
  /** Shown above the fields. */
  FormIntro?: (props: FormExtrasProps) => ReactNode;
  /** Shown below the fields. */
  FormOutro?: (props: FormExtrasProps) => ReactNode;
}

/** A kind with its form: what the form page and the mass-edit modal work from. */
export type EntityFormUi = EntityUi & EntityFormParts;
