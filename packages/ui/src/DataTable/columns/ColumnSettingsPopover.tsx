import * as Popover from '@radix-ui/react-popover';
import type { ReactTable, RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, Columns3 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../Button/Button.tsx';
import { Checkbox } from '../../Checkbox/Checkbox.tsx';
import { IconButton } from '../../IconButton/IconButton.tsx';
import * as menu from '../../styles/menu.css.ts';
import type { Features } from '../features.ts';
import type { DataTableColumn } from '../types.ts';
import { type ColumnGroup, groupColumns } from './columnGroups.ts';
import { reordered, useDragReorder } from './useDragReorder.ts';

export interface ColumnSettingsMenuProps<T extends RowData> {
  table: ReactTable<Features, T>;
  columns: ReadonlyMap<string, DataTableColumn<T>>;
  onReset: () => void;
}

export interface ColumnSettingsPopoverProps<T extends RowData> extends ColumnSettingsMenuProps<T> {
  /** Open at once: its placeholder trigger was pressed before this code arrived. */
  defaultOpen: boolean;
  /** Focus the trigger on mount: the placeholder had it. */
  focusTrigger: boolean;
}

/** The popover of ColumnSettingsMenu, which fetches this module after the table's first paint. */
export function ColumnSettingsPopover<T extends RowData>({
  table,
  columns,
  onReset,
  defaultOpen,
  focusTrigger,
}: ColumnSettingsPopoverProps<T>) {
  const all = table.getAllLeafColumns();
  const moveTo = (id: string, to: number) => {
    const order = all.map((column) => column.id);
    const next = reordered(order, id, to);
    if (next !== order) table.setColumnOrder([...next]);
  };
  const drag = useDragReorder(moveTo);
  const headingId = useId();
  // The columns under their headings, each group in the table's order; one order holds them all.
  const groups = groupColumns(all, (id) => columns.get(id)?.group);
  const grouped = groups.some((group) => group.name !== undefined);
  /** Past the neighbour of its own group: the arrows never hop a column under another heading. */
  const move = (group: readonly { id: string }[], at: number, delta: -1 | 1) => {
    const column = group[at];
    const neighbour = group[at + delta];
    if (!column || !neighbour) return;
    moveTo(
      column.id,
      all.findIndex((other) => other.id === neighbour.id),
    );
  };
  const renderGroup = (group: ColumnGroup<(typeof all)[number]>, groupIndex: number) => (
    <ul
      key={group.name ?? ''}
      aria-labelledby={grouped ? `${headingId}-${groupIndex}` : undefined}
      style={{ listStyle: 'none', margin: 0, padding: 0, minWidth: 240 }}
    >
      {group.columns.map((column, index) => {
        const header = columns.get(column.id)?.header ?? column.id;
        return (
          <li
            key={column.id}
            {...drag.itemProps(
              column.id,
              all.findIndex((other) => other.id === column.id),
            )}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 4,
              paddingInline: 4,
              cursor: 'grab',
              opacity: drag.dragged === column.id ? 0.5 : 1,
            }}
          >
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, flex: 1, minHeight: 28 }}>
              <Checkbox
                id={`${headingId}-column-${column.id}`}
                checked={column.getIsVisible()}
                disabled={!column.getCanHide()}
                onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
              />
              {/* The whole rest of the row toggles the column, as the box does. */}
              <label
                htmlFor={`${headingId}-column-${column.id}`}
                style={{
                  flex: 1,
                  alignSelf: 'stretch',
                  display: 'flex',
                  alignItems: 'center',
                  cursor: 'pointer',
                }}
              >
                {header}
              </label>
            </div>
            <IconButton
              label={`Move ${header} up`}
              size="sm"
              disabled={index === 0}
              onClick={() => move(group.columns, index, -1)}
            >
              <ArrowUp size={14} aria-hidden />
            </IconButton>
            <IconButton
              label={`Move ${header} down`}
              size="sm"
              disabled={index === group.columns.length - 1}
              onClick={() => move(group.columns, index, 1)}
            >
              <ArrowDown size={14} aria-hidden />
            </IconButton>
          </li>
        );
      })}
    </ul>
  );
  // Dragging a row onto another puts it in that row's place; the arrows do the same from the keyboard.
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <Button
          ref={(button) => {
            if (focusTrigger) button?.focus();
          }}
          size="sm"
          variant="outline"
          tone="neutral"
          icon={<Columns3 size={14} aria-hidden />}
        >
          Columns
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={menu.content} align="end" sideOffset={4} aria-label="Column settings">
          <div style={{ maxHeight: '60vh', overflowY: 'auto' }}>
            {groups.map((group, index) =>
              grouped ? (
                <section key={group.name ?? ''}>
                  <h3 id={`${headingId}-${index}`} className={menu.groupLabel} style={{ margin: 0 }}>
                    {group.name ?? 'Other'}
                  </h3>
                  {renderGroup(group, index)}
                </section>
              ) : (
                renderGroup(group, index)
              ),
            )}
          </div>
          <div className={menu.separator} />
          <Button size="sm" variant="ghost" tone="neutral" onClick={onReset}>
            Reset columns
          </Button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
