import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check, Minus } from 'lucide-react';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useId } from 'react';
import * as styles from './Checkbox.css.ts';

export interface CheckboxProps
  extends Omit<ComponentPropsWithoutRef<typeof CheckboxPrimitive.Root>, 'children'> {
  /** Visible label; without one pass `aria-label`. */
  label?: ReactNode;
}

export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(
  { label, id, className, ...rest },
  ref,
) {
  const autoId = useId();
  const boxId = id ?? `checkbox-${autoId}`;
  const box = (
    <CheckboxPrimitive.Root
      ref={ref}
      id={boxId}
      className={[styles.box, className].filter(Boolean).join(' ')}
      {...rest}
    >
      <CheckboxPrimitive.Indicator style={{ display: 'flex' }}>
        {rest.checked === 'indeterminate' ? (
          <Minus size={12} strokeWidth={3} aria-hidden />
        ) : (
          <Check size={12} strokeWidth={3} aria-hidden />
        )}
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
  if (label == null) return box;
  return (
    <span className={styles.row}>
      {box}
      <label htmlFor={boxId} className={styles.label}>
        {label}
      </label>
    </span>
  );
});
