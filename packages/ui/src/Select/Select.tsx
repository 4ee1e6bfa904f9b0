import { useDirection } from '@radix-ui/react-direction';
import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { deferredModule, useDeferredModule } from '../deferred/deferredModule.ts';
import { adornment, control } from '../Field/Field.css.ts';
import { Field } from '../Field/Field.tsx';
import * as styles from './Select.css.ts';
import type { SelectProps } from './SelectPopup.tsx';

export type { SelectOption, SelectProps } from './SelectPopup.tsx';

// Radix Select and its positioning are fetched after the first paint (SelectPopup.tsx): a list shows
// its filters and page size at once and needs the popup only when one is pressed. Until it arrives the
// trigger is a plain button marked as Radix marks a closed one, showing the chosen option; a press that
// comes first opens the popup as soon as it is there, and a trigger that had the focus keeps it.
const popup = deferredModule(() => import('./SelectPopup.tsx').then((module) => module.SelectPopup));

/** Fetches the popup's code now (a story's loader, a test about the open list); resolves when it is in. */
export function loadSelect(): Promise<void> {
  return popup.load().then(() => undefined);
}

// As Radix Select opens: these keys, a mouse's press, any other pointer's click.
const OPEN_KEYS = [' ', 'Enter', 'ArrowUp', 'ArrowDown'];

/** A single choice from a short list, on Radix Select (typeahead, keyboard, portal). */
export function Select<V extends string>(props: SelectProps<V>) {
  const Popup = useDeferredModule(popup);
  // As Radix's own trigger does: the page's direction, from the nearest DirectionProvider.
  const direction = useDirection(undefined);
  const [pressed, setPressed] = useState(false);
  const focused = useRef(false);
  if (Popup) return <Popup {...props} defaultOpen={pressed} focusTrigger={focused.current} />;

  const { label, description, error, options, value, defaultValue, placeholder, size, required, disabled } =
    props;
  const current = value ?? defaultValue;
  const showPlaceholder = current === undefined || current === '';
  const chosen = options.find((option) => option.value === current);
  const press = () => {
    if (disabled) return;
    setPressed(true);
    popup.load().catch((failure: unknown) => console.error('The select did not load', failure));
  };
  return (
    <Field
      label={label}
      description={description}
      error={error}
      required={required}
      id={props.id}
      className={props.className}
    >
      {(aria) => (
        <button
          type="button"
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="none"
          dir={direction}
          data-state="closed"
          disabled={disabled}
          data-disabled={disabled ? '' : undefined}
          data-placeholder={showPlaceholder ? '' : undefined}
          {...aria}
          aria-label={props['aria-label']}
          className={`${control({ size })} ${styles.trigger}`}
          data-invalid={Boolean(error)}
          onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
            if (event.button === 0 && !event.ctrlKey && event.pointerType === 'mouse') {
              event.preventDefault();
              event.currentTarget.focus();
              press();
            }
          }}
          onClick={(event) => {
            event.currentTarget.focus();
            // A mouse opened it on its press already.
            if ((event.nativeEvent as globalThis.PointerEvent).pointerType !== 'mouse') press();
          }}
          onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
            if (!OPEN_KEYS.includes(event.key)) return;
            event.preventDefault();
            press();
          }}
          onFocus={() => {
            focused.current = true;
          }}
          onBlur={() => {
            focused.current = false;
          }}
        >
          <span className={styles.value}>
            <span style={{ pointerEvents: 'none' }}>{showPlaceholder ? placeholder : chosen?.label}</span>
          </span>
          <span aria-hidden className={adornment}>
            <ChevronDown size={16} aria-hidden />
          </span>
        </button>
      )}
    </Field>
  );
}
