import { Field } from '@cairn/ui';
import type { ReactNode } from 'react';
import * as styles from './entities.css.ts';

// Apart from the form's other controls (FieldControl.tsx), so the offer import on the list and the
// mass-edit modal take it without the whole form's.

/** A multi-line text box with the field's label, description and error (the ui library has none yet). */
export function TextArea({
  id,
  label,
  description,
  error,
  value,
  onChange,
  disabled,
  placeholder,
  mono,
  rows,
  ariaLabel,
}: {
  id: string;
  /** Omitted where the surrounding group already shows the name (the mass-edit modal); give ariaLabel then. */
  label?: ReactNode;
  ariaLabel?: string;
  description?: ReactNode;
  error?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  mono?: boolean;
  rows?: number;
}) {
  return (
    <Field id={id} label={label} description={description} error={error}>
      {(aria) => (
        <textarea
          {...aria}
          aria-label={ariaLabel}
          className={[styles.textarea, mono && styles.mono].filter(Boolean).join(' ')}
          value={value}
          rows={rows ?? 4}
          disabled={disabled}
          placeholder={placeholder}
          spellCheck={!mono}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
