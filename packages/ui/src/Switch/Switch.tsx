import * as SwitchPrimitive from '@radix-ui/react-switch';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useId } from 'react';
import { label as labelClass, row } from '../Checkbox/Checkbox.css.ts';
import * as styles from './Switch.css.ts';

export interface SwitchProps extends Omit<ComponentPropsWithoutRef<typeof SwitchPrimitive.Root>, 'children'> {
  label?: ReactNode;
}

export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch(
  { label, id, className, ...rest },
  ref,
) {
  const autoId = useId();
  const switchId = id ?? `switch-${autoId}`;
  const control = (
    <SwitchPrimitive.Root
      ref={ref}
      id={switchId}
      className={[styles.root, className].filter(Boolean).join(' ')}
      {...rest}
    >
      <SwitchPrimitive.Thumb className={styles.thumb} />
    </SwitchPrimitive.Root>
  );
  if (label == null) return control;
  return (
    <span className={row}>
      {control}
      <label htmlFor={switchId} className={labelClass}>
        {label}
      </label>
    </span>
  );
});
