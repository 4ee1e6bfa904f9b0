import { Check, Copy, X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Button } from '../Button/Button.tsx';
import { control, type FieldSize, input } from '../Field/Field.css.ts';
import { Field } from '../Field/Field.tsx';
import * as styles from './CopyField.css.ts';
import { useCopy } from './useCopy.ts';

export interface CopyFieldProps {
  label?: ReactNode;
  description?: ReactNode;
  /** The text to show and copy, e.g. a tracking URL. */
  value: string;
  size?: FieldSize;
  copyLabel?: string;
  copiedLabel?: string;
  failedLabel?: string;
  onCopy?: (ok: boolean) => void;
}

/** A read-only value (tracking URL, postback URL, API key) with a copy button and visible feedback. */
export function CopyField({
  label,
  description,
  value,
  size,
  copyLabel = 'Copy',
  copiedLabel = 'Copied',
  failedLabel = 'Press Ctrl+C to copy',
  onCopy,
}: CopyFieldProps) {
  const { status, copy } = useCopy();
  const inputRef = useRef<HTMLInputElement>(null);
  const text = status === 'copied' ? copiedLabel : status === 'failed' ? failedLabel : copyLabel;
  const icon =
    status === 'copied' ? (
      <Check size={16} aria-hidden />
    ) : status === 'failed' ? (
      <X size={16} aria-hidden />
    ) : (
      <Copy size={16} aria-hidden />
    );
  return (
    <Field label={label} description={description}>
      {(aria) => (
        <div className={styles.row}>
          <div className={control({ size })}>
            <input
              ref={inputRef}
              {...aria}
              className={`${input} ${styles.value}`}
              value={value}
              readOnly
              spellCheck={false}
              // Selecting everything on focus makes a manual copy one keystroke away.
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <Button
            size={size}
            variant="outline"
            tone="neutral"
            icon={icon}
            onClick={async () => {
              const ok = await copy(value);
              if (!ok) inputRef.current?.select();
              onCopy?.(ok);
            }}
          >
            <span aria-live="polite">{text}</span>
          </Button>
        </div>
      )}
    </Field>
  );
}
