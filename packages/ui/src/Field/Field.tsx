import { CircleExclamationPoint } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import * as styles from './Field.css.ts';

export interface FieldProps {
  label?: ReactNode;
  description?: ReactNode;
  /** Error message shown at the field; marks the control invalid. */
  error?: ReactNode;
  required?: boolean;
  id?: string;
  className?: string;
  /** Receives the ids and ARIA attributes the control must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

/** Label, description and error around one control, wired by id so assistive tech reads them. */
export function Field({ label, description, error, required, id, className, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, descriptionId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      {label != null && (
        <label htmlFor={controlId} className={styles.label}>
          {label}
          {required && (
            <span aria-hidden className={styles.required}>
              *
            </span>
          )}
        </label>
      )}
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required ? true : undefined,
      })}
      {description != null && (
        <div id={descriptionId} className={styles.description}>
          {description}
        </div>
      )}
      {error != null && error !== false && (
        <div id={errorId} className={styles.error}>
          <CircleExclamationPoint size={14} aria-hidden />
          <span>{error}</span>
        </div>
      )}
    </div>
  );
}
