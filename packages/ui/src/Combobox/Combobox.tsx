import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronDown, Plus, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { control, type FieldSize, input } from '../Field/Field.css.ts';
import { Field } from '../Field/Field.tsx';
import * as menu from '../styles/menu.css.ts';
import * as styles from './Combobox.css.ts';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Extra words that should match a search (e.g. a country's code or other names). */
  keywords?: string;
}

export interface ComboboxProps {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  options: readonly ComboboxOption[];
  /** Selected values, in the order they were picked. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Allow values that are not in the list (token values): typed text is added with Enter. */
  creatable?: boolean;
  placeholder?: string;
  emptyText?: string;
  size?: FieldSize;
  disabled?: boolean;
  id?: string;
  /** Most options shown at once; typing narrows the list. */
  maxVisibleOptions?: number;
  /** Close the list once an option is picked (a picker that takes one at a time). */
  closeOnSelect?: boolean;
}

/** Case- and accent-insensitive match over label, value and keywords, best matches first. */
export function filterOptions(options: readonly ComboboxOption[], query: string): ComboboxOption[] {
  const normalise = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const q = normalise(query.trim());
  if (!q) return [...options];
  // Rank: label starts with the query, then a word of it does, then a match anywhere (codes too).
  const rank = (option: ComboboxOption) => {
    const label = normalise(option.label);
    if (label.startsWith(q)) return 0;
    if (label.split(/[\s,()-]+/).some((word) => word.startsWith(q))) return 1;
    return normalise(`${option.label} ${option.value} ${option.keywords ?? ''}`).includes(q) ? 2 : -1;
  };
  return options
    .map((option) => ({ option, rank: rank(option) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.option);
}

/**
 * Multi-select combobox (ARIA 1.2 pattern): type to filter, arrows to move, Enter to toggle,
 * Backspace on an empty input removes the last chip, Escape closes.
 */
export function Combobox({
  label,
  description,
  error,
  options,
  value,
  onChange,
  creatable = false,
  placeholder,
  emptyText = 'No matches',
  size,
  disabled,
  id,
  maxVisibleOptions = 200,
  closeOnSelect = false,
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const selected = useMemo(() => new Set(value), [value]);
  const labelOf = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options]);

  const matches = useMemo(
    () => filterOptions(options, query).slice(0, maxVisibleOptions),
    [options, query, maxVisibleOptions],
  );
  const trimmed = query.trim();
  const canCreate =
    creatable && trimmed !== '' && !options.some((o) => o.value === trimmed) && !selected.has(trimmed);
  const items: { option: ComboboxOption; created: boolean }[] = [
    ...(canCreate ? [{ option: { value: trimmed, label: trimmed }, created: true }] : []),
    ...matches.map((option) => ({ option, created: false })),
  ];
  const activeIndex = Math.min(active, Math.max(0, items.length - 1));

  const toggle = (optionValue: string) => {
    onChange(selected.has(optionValue) ? value.filter((v) => v !== optionValue) : [...value, optionValue]);
    setQuery('');
    setActive(0);
    if (closeOnSelect) setOpen(false);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive(Math.min(items.length - 1, activeIndex + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive(Math.max(0, activeIndex - 1));
        break;
      case 'Enter': {
        const item = items[activeIndex];
        if (open && item) {
          event.preventDefault();
          toggle(item.option.value);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        }
        break;
      case 'Backspace':
        if (query === '' && value.length > 0) onChange(value.slice(0, -1));
        break;
    }
  };

  return (
    <Field label={label} description={description} error={error} id={id}>
      {(aria) => (
        <Popover.Root open={open && !disabled} onOpenChange={setOpen}>
          <Popover.Anchor asChild>
            {/* biome-ignore lint/a11y/useKeyWithClickEvents: the input inside handles the keyboard */}
            {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on the box focuses its input */}
            <div
              className={`${control({ size })} ${styles.box}`}
              data-invalid={Boolean(error)}
              data-disabled={disabled || undefined}
              onClick={() => {
                inputRef.current?.focus();
                setOpen(true);
              }}
            >
              {value.map((v) => (
                <span key={v} className={styles.chip}>
                  {labelOf.get(v) ?? v}
                  <button
                    type="button"
                    className={styles.chipRemove}
                    aria-label={`Remove ${labelOf.get(v) ?? v}`}
                    disabled={disabled}
                    onClick={(event) => {
                      event.stopPropagation();
                      onChange(value.filter((x) => x !== v));
                    }}
                  >
                    <X size={12} aria-hidden />
                  </button>
                </span>
              ))}
              <input
                ref={inputRef}
                {...aria}
                className={`${input} ${styles.input}`}
                role="combobox"
                aria-expanded={open}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={open && items[activeIndex] ? `${listId}-${activeIndex}` : undefined}
                placeholder={value.length === 0 ? placeholder : undefined}
                value={query}
                disabled={disabled}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                  setOpen(true);
                }}
                onKeyDown={onKeyDown}
              />
              <ChevronDown size={16} aria-hidden className={styles.chevron} />
            </div>
          </Popover.Anchor>
          <Popover.Portal>
            <Popover.Content
              className={menu.content}
              align="start"
              sideOffset={4}
              aria-label={typeof label === 'string' ? `${label} options` : 'Options'}
              // Focus stays in the input: the list is driven by aria-activedescendant.
              onOpenAutoFocus={(event) => event.preventDefault()}
              onInteractOutside={(event) => {
                if (inputRef.current?.parentElement?.contains(event.target as Node)) event.preventDefault();
              }}
            >
              <div
                id={listId}
                role="listbox"
                aria-multiselectable={!closeOnSelect}
                aria-label={typeof label === 'string' ? label : undefined}
              >
                {items.length === 0 && <div className={styles.empty}>{emptyText}</div>}
                {items.map(({ option, created }, index) => {
                  const isSelected = selected.has(option.value);
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: options are driven from the input by aria-activedescendant
                    <div
                      key={`${created ? 'new' : 'opt'}-${option.value}`}
                      id={`${listId}-${index}`}
                      role="option"
                      tabIndex={-1}
                      aria-selected={isSelected}
                      data-active={index === activeIndex}
                      className={menu.item}
                      onMouseDown={(event) => event.preventDefault()}
                      onMouseMove={() => setActive(index)}
                      onClick={() => toggle(option.value)}
                    >
                      <span className={menu.itemIndicator}>
                        {created ? (
                          <Plus size={14} aria-hidden />
                        ) : isSelected ? (
                          <Check size={14} aria-hidden />
                        ) : null}
                      </span>
                      {created ? `Add "${option.label}"` : option.label}
                    </div>
                  );
                })}
              </div>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      )}
    </Field>
  );
}
