import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { adornment, control, type FieldSize } from '../Field/Field.css.ts';
import { Field } from '../Field/Field.tsx';
import { useInertOutside } from '../focus/inertOutside.ts';
import * as menu from '../styles/menu.css.ts';
import * as styles from './Select.css.ts';

export interface SelectOption<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps<V extends string> {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  options: readonly SelectOption<V>[];
  value?: V;
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  placeholder?: string;
  size?: FieldSize;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
}

export interface SelectPopupProps<V extends string> extends SelectProps<V> {
  /** Open at once: its placeholder trigger was pressed before this code arrived. */
  defaultOpen: boolean;
  /** Focus the trigger on mount: the placeholder had it. */
  focusTrigger: boolean;
}

/** The Radix Select of Select (Select.tsx), which fetches this module after the first paint. */
export function SelectPopup<V extends string>({
  label,
  description,
  error,
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  size,
  required,
  disabled,
  name,
  id,
  className,
  'aria-label': ariaLabel,
  defaultOpen,
  focusTrigger,
}: SelectPopupProps<V>) {
  const [open, setOpen] = useState(defaultOpen);
  const inertBehind = useInertOutside<HTMLDivElement>(undefined, open);
  return (
    <Field
      label={label}
      description={description}
      error={error}
      required={required}
      id={id}
      className={className}
    >
      {(aria) => (
        <SelectPrimitive.Root
          value={value}
          defaultValue={defaultValue}
          onValueChange={onValueChange as ((value: string) => void) | undefined}
          required={required}
          disabled={disabled}
          name={name}
          open={open}
          onOpenChange={setOpen}
        >
          <SelectPrimitive.Trigger
            ref={(trigger) => {
              if (focusTrigger) trigger?.focus();
            }}
            {...aria}
            aria-label={ariaLabel}
            className={`${control({ size })} ${styles.trigger}`}
            data-invalid={Boolean(error)}
          >
            <span className={styles.value}>
              <SelectPrimitive.Value placeholder={placeholder} />
            </span>
            <SelectPrimitive.Icon className={adornment}>
              <ChevronDown size={16} aria-hidden />
            </SelectPrimitive.Icon>
          </SelectPrimitive.Trigger>
          <SelectPrimitive.Portal>
            <SelectPrimitive.Content
              ref={inertBehind}
              className={menu.content}
              position="popper"
              sideOffset={4}
            >
              <SelectPrimitive.Viewport>
                {options.map((option) => (
                  <SelectPrimitive.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    className={menu.item}
                  >
                    <SelectPrimitive.ItemIndicator className={menu.itemIndicator}>
                      <Check size={14} aria-hidden />
                    </SelectPrimitive.ItemIndicator>
                    <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                  </SelectPrimitive.Item>
                ))}
              </SelectPrimitive.Viewport>
            </SelectPrimitive.Content>
          </SelectPrimitive.Portal>
        </SelectPrimitive.Root>
      )}
    </Field>
  );
}
