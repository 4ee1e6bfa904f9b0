// The public API of @cairn/ui: the panel imports only from here.

// Side effect: icons scale with the scheme's size scale wherever ui or the panel draws them.
import './styles/icons.css.ts';

export type { ColumnFiltersState, ExpandedState, SortingState } from '@tanstack/react-table';
export { BADGE_TONES, BADGE_VARIANTS, type BadgeTone, type BadgeVariant } from './Badge/Badge.css.ts';
export { Badge, type BadgeProps } from './Badge/Badge.tsx';
export {
  BUTTON_SIZES,
  BUTTON_TONES,
  BUTTON_VARIANTS,
  type ButtonSize,
  type ButtonTone,
  type ButtonVariant,
} from './Button/Button.css.ts';
export { Button, type ButtonProps } from './Button/Button.tsx';
export { Card, type CardProps } from './Card/Card.tsx';
export { CHART_COLORS, Chart, type ChartColor, type ChartProps, type ChartSeries } from './Chart/Chart.tsx';
export { Checkbox, type CheckboxProps } from './Checkbox/Checkbox.tsx';
export { CodeBlock, type CodeBlockProps } from './CodeBlock/CodeBlock.tsx';
export { Combobox, type ComboboxOption, type ComboboxProps, filterOptions } from './Combobox/Combobox.tsx';
export { countryOptions } from './Combobox/countries.ts';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog/ConfirmDialog.tsx';
export { CopyField, type CopyFieldProps } from './CopyField/CopyField.tsx';
export { type CopyStatus, useCopy } from './CopyField/useCopy.ts';
export {
  COLORIZATION_MODES,
  COLUMN_KINDS,
  type ColorizationMode,
  type ColumnKind,
  formatValue,
  parseNumberFilter,
} from './DataTable/cells/format.ts';
export {
  type ColumnChoice as TableColumnChoice,
  type ColumnChoiceKeeper,
  ColumnChoiceKeeperContext,
  type ColumnSettings,
  readColumnSettings,
  useColumnSettings,
} from './DataTable/columns/columnSettings.ts';
export { type DragReorderItemProps, reordered, useDragReorder } from './DataTable/columns/useDragReorder.ts';
export {
  type CellValue,
  DataTable,
  type DataTableAppearance,
  type DataTableColumn,
  type DataTableFiltering,
  type DataTablePaging,
  type DataTableProps,
  type DataTableSearch,
  type DataTableSelection,
  type DataTableSorting,
  type DataTableStatus,
  type DataTableTotals,
  type DataTableTree,
} from './DataTable/DataTable.tsx';
export {
  CURSOR_PAGER_MODES,
  CursorPager,
  type CursorPagerMode,
  type CursorPaginationProps,
} from './DataTable/paging/CursorPager.tsx';
export { Pager, type PaginationProps } from './DataTable/paging/Pager.tsx';
export {
  SERVER_TABLE_DEBOUNCE_MS,
  type ServerPaging,
  type ServerTableQuery,
  type ServerTableState,
  type UseServerTableStateOptions,
  useServerTableState,
} from './DataTable/paging/useServerTableState.ts';
export { DateRangePicker, type DateRangePickerProps } from './DateRangePicker/DateRangePicker.tsx';
export {
  addDays,
  DATE_PRESET_LABELS,
  DATE_PRESETS,
  type DatePreset,
  type DateRange,
  type DateRangeValue,
  formatRange,
  isValidTimeZone,
  presetRange,
  rangeToUtc,
  resolveRange,
  startOfDayUtc,
  todayIn,
} from './DateRangePicker/dateRange.ts';
export { DIALOG_SIZES, type DialogSize } from './Dialog/Dialog.css.ts';
export { Dialog, type DialogContentProps } from './Dialog/Dialog.tsx';
export * from './Direction/direction.ts';
export { DropdownMenu, loadDropdownMenu } from './DropdownMenu/DropdownMenu.tsx';
export { preloadPopups } from './deferred/popups.ts';
export { EmptyState, type EmptyStateProps } from './EmptyState/EmptyState.tsx';
export { FIELD_SIZES, type FieldSize } from './Field/Field.css.ts';
export { Field, type FieldControlProps, type FieldProps } from './Field/Field.tsx';
export {
  firstInvalidControl,
  focusFirstInvalid,
  focusHeading,
  moveFocusTo,
  useAfterRender,
} from './focus/moveFocus.ts';
export { IconButton, type IconButtonProps } from './IconButton/IconButton.tsx';
export {
  MASS_EDIT_FIELD_KINDS,
  type MassEditChanges,
  type MassEditField,
  type MassEditFieldKind,
  MassEditModal,
  type MassEditModalProps,
} from './MassEditModal/MassEditModal.tsx';
export * from './NavigationProgress/index.ts';
export { NumberField, type NumberFieldProps, parseNumber } from './NumberField/NumberField.tsx';
export { PageHeader, type PageHeaderProps } from './PageHeader/PageHeader.tsx';
export {
  PROGRESS_BAR_SIZES,
  ProgressBar,
  type ProgressBarProps,
  type ProgressBarSize,
} from './ProgressBar/ProgressBar.tsx';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './RadioGroup/RadioGroup.tsx';
export { loadSelect, Select, type SelectOption, type SelectProps } from './Select/Select.tsx';
export { ServerMessage, type ServerMessageProps } from './ServerMessage/ServerMessage.tsx';
// The sanitiser (DOMPurify) is its own module, so a bundle that only shows messages fetches it when
// one has markup (ServerMessage loads it then) and one that never calls it directly never holds it.
export { sanitizeServerText } from './ServerMessage/sanitize.ts';
export {
  findUrls,
  formatDetail,
  type ServerDetail,
  USER_CONTENT_PREFIX,
} from './ServerMessage/serverText.ts';
export { Skeleton, type SkeletonProps } from './Skeleton/Skeleton.tsx';
export { SPINNER_SIZES, Spinner, type SpinnerProps, type SpinnerSize } from './Spinner/Spinner.tsx';
export { Switch, type SwitchProps } from './Switch/Switch.tsx';
// Text for assistive technology only, for labels whose context sighted users read from the layout.
export { visuallyHidden } from './styles/focus.css.ts';
export { NavTabs, type NavTabsLinkProps, type NavTabsRootProps } from './Tabs/NavTabs.tsx';
export { Tabs } from './Tabs/Tabs.tsx';
export { TextArea, type TextAreaProps } from './TextArea/TextArea.tsx';
export { TextField, type TextFieldProps } from './TextField/TextField.tsx';
export * from './Toast/index.ts';
export { Tooltip, type TooltipProps } from './Tooltip/Tooltip.tsx';
