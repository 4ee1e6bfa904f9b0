import * as RadioPrimitive from '@radix-ui/react-radio-group';
import { type ReactNode, useId } from 'react';
import { label as labelClass, row } from '../Checkbox/Checkbox.css.ts';
import * as styles from './RadioGroup.css.ts';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<V extends string> {
  label: ReactNode;
  options: readonly RadioOption<V>[];
  value?: V;
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  orientation?: 'horizontal' | 'vertical';
  disabled?: boolean;
  name?: string;
}

/** A labelled set of radio buttons; arrow keys move the choice (Radix roving focus). */
export function RadioGroup<V extends string>({
  label,
  options,
  value,
  defaultValue,
  onValueChange,
  orientation = 'vertical',
  disabled,
  name,
}: RadioGroupProps<V>) {
  const id = useId();
  return (
    <div>
      <div id={`${id}-label`} className={styles.legend}>
        {label}
      </div>
      <RadioPrimitive.Root
        aria-labelledby={`${id}-label`}
        className={`${styles.group} ${orientation === 'vertical' ? styles.vertical : styles.horizontal}`}
        value={value}
        defaultValue={defaultValue}
        onValueChange={onValueChange as ((value: string) => void) | undefined}
        orientation={orientation}
        disabled={disabled}
        name={name}
      >
        {options.map((option) => (
          <span key={option.value} className={row}>
            <RadioPrimitive.Item
              id={`${id}-${option.value}`}
              value={option.value}
              disabled={option.disabled}
              className={styles.item}
            >
              <RadioPrimitive.Indicator className={styles.indicator} />
            </RadioPrimitive.Item>
            <label htmlFor={`${id}-${option.value}`} className={labelClass}>
              {option.label}
            </label>
          </span>
        ))}
      </RadioPrimitive.Root>
    </div>
  );
}
