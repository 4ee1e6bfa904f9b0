import { Slot } from '@radix-ui/react-slot';
import {
  type ComponentPropsWithoutRef,
  type ComponentType,
  createContext,
  forwardRef,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { deferredModule, useDeferredModule } from '../deferred/deferredModule.ts';
import type { DropdownMenuParts } from './DropdownMenuParts.tsx';

// Radix's menu and its positioning are fetched after the first paint (DropdownMenuParts.tsx): a header
// shows its menu buttons at once and needs the menus only when one is pressed. Until they arrive each
// trigger is a plain button marked as Radix marks a closed one; a press that comes first opens the menu
// as soon as it is there, and a trigger that had the focus keeps it.
const parts = deferredModule(() =>
  import('./DropdownMenuParts.tsx').then((module) => module.DropdownMenuParts),
);

/** Fetches the menu's code now (a story's loader, a test about the open menu); resolves when it is in. */
export function loadDropdownMenu(): Promise<void> {
  return parts.load().then(() => undefined);
}

type Parts = typeof DropdownMenuParts;
type Props<Part extends keyof Parts> = ComponentPropsWithoutRef<Parts[Part]>;

interface Deferred {
  parts: Parts | undefined;
  /** The trigger was pressed before the parts arrived. */
  pressed: boolean;
  press(): void;
  /** Whether the placeholder trigger has the focus, to hand it to the real one. */
  focused: RefObject<boolean>;
}

const DeferredContext = createContext<Deferred | null>(null);

function useDeferred(part: string): Deferred {
  const deferred = useContext(DeferredContext);
  if (!deferred) throw new Error(`DropdownMenu.${part} needs DropdownMenu.Root around it`);
  return deferred;
}

const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

function Root({ children, defaultOpen, ...props }: Props<'Root'> & { children?: ReactNode }) {
  const loaded = useDeferredModule(parts);
  const [pressed, setPressed] = useState(false);
  const focused = useRef(false);
  const deferred = useMemo<Deferred>(
    () => ({
      parts: loaded,
      pressed,
      press() {
        setPressed(true);
        parts.load().catch((error: unknown) => console.error('The menu did not load', error));
      },
      focused,
    }),
    [loaded, pressed],
  );
  return (
    <DeferredContext.Provider value={deferred}>
      {loaded ? (
        <loaded.Root {...props} defaultOpen={defaultOpen ?? (pressed || undefined)}>
          {children}
        </loaded.Root>
      ) : (
        children
      )}
    </DeferredContext.Provider>
  );
}

const Trigger = forwardRef<HTMLButtonElement, Props<'Trigger'>>(function MenuTrigger(
  { asChild, onPointerDown, onKeyDown, onFocus, onBlur, ...props },
  ref,
) {
  const deferred = useDeferred('Trigger');
  const { parts: loaded, focused } = deferred;
  if (loaded) {
    const handOver = (button: HTMLButtonElement | null) => {
      if (button && focused.current) {
        focused.current = false;
        button.focus();
      }
      if (typeof ref === 'function') ref(button);
      else if (ref) ref.current = button;
    };
    return (
      <loaded.Trigger
        ref={handOver}
        asChild={asChild}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
        {...props}
      />
    );
  }
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      ref={ref}
      type={asChild ? undefined : 'button'}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...props}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerDown?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.ctrlKey) return;
        // As Radix's own trigger does when it opens: no mousedown follows, so nothing takes the focus.
        // A tap's mousedown comes after its pointerup, by when the menu may have arrived open; the focus
        // that mousedown gave the trigger was focus outside the menu, which closes a non-modal one.
        event.preventDefault();
        deferred.press();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || !OPENING_KEYS.includes(event.key)) return;
        event.preventDefault();
        deferred.press();
      }}
      onFocus={(event) => {
        focused.current = true;
        onFocus?.(event);
      }}
      onBlur={(event) => {
        focused.current = false;
        onBlur?.(event);
      }}
    />
  );
});

/** A part that only shows inside the open menu, so it needs the parts, which are there by then. */
function deferredPart<Part extends 'Group' | 'Content' | 'Item' | 'CheckboxItem' | 'Label' | 'Separator'>(
  part: Part,
) {
  const Deferred = forwardRef<HTMLDivElement, Props<Part>>(function DeferredPart(props, ref) {
    const loaded = useDeferred(part).parts;
    if (!loaded) return null;
    // Each deferred part stands for the Radix part of the same name and takes the same props.
    const Loaded = loaded[part] as unknown as ComponentType<Record<string, unknown>>;
    return <Loaded ref={ref} {...props} />;
  });
  Deferred.displayName = `DropdownMenu.${part}`;
  return Deferred;
}

/**
 * A menu of actions on Radix DropdownMenu (arrow keys, typeahead, Escape). Trigger with any
 * button: `<DropdownMenu.Trigger asChild><IconButton label="More">…</IconButton></DropdownMenu.Trigger>`.
 */
export const DropdownMenu = {
  Root,
  Trigger,
  Group: deferredPart('Group'),
  Content: deferredPart('Content'),
  Item: deferredPart('Item'),
  CheckboxItem: deferredPart('CheckboxItem'),
  Label: deferredPart('Label'),
  Separator: deferredPart('Separator'),
};
