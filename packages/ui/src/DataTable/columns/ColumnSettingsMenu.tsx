import type { RowData } from '@tanstack/react-table';
import { Columns3 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../Button/Button.tsx';
import { deferredModule, useDeferredModule } from '../../deferred/deferredModule.ts';
import type { ColumnSettingsMenuProps } from './ColumnSettingsPopover.tsx';

export type { ColumnSettingsMenuProps } from './ColumnSettingsPopover.tsx';

// The popover (Radix Popover and its positioning) is fetched after the table's first paint: a list
// shows its Columns button at once and needs the popover only when it is pressed.
const popover = deferredModule(() => import('./ColumnSettingsPopover.tsx'));

/** Fetches the popover's code now (a test about the open popover); resolves when it is in. */
export function loadColumnSettings(): Promise<void> {
  return popover.load().then(() => undefined);
}

/** Show/hide and reorder columns; DataTable saves the result under its storage key. */
export function ColumnSettingsMenu<T extends RowData>(props: ColumnSettingsMenuProps<T>) {
  const loaded = useDeferredModule(popover);
  const [pressed, setPressed] = useState(false);
  const focused = useRef(false);
  if (loaded) {
    return <loaded.ColumnSettingsPopover {...props} defaultOpen={pressed} focusTrigger={focused.current} />;
  }
  // The trigger as Radix renders it closed; a press before the popover arrives opens it on arrival.
  return (
    <Button
      size="sm"
      variant="outline"
      tone="neutral"
      icon={<Columns3 size={14} aria-hidden />}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={() => {
        focused.current = false;
      }}
      onClick={() => {
        setPressed(true);
        popover.load().catch((error: unknown) => console.error('The column settings did not load', error));
      }}
    >
      Columns
    </Button>
  );
}
