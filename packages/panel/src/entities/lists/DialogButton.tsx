import { Button } from '@cairn/ui';
import { type ComponentType, type ReactNode, type RefObject, useRef, useState } from 'react';
import { PartFailure, useLazyPart } from '../lazyPart.tsx';

// A list's button that opens a dialog kept in a chunk of its own: the chunk is fetched with the first
// press, so no list carries a dialog before it is wanted, and the focus returns to the button on close.

/** What every such dialog takes from its button. */
export interface OpenedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it, which has the focus back when it closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

export function DialogButton<P extends object>({
  load,
  label,
  size,
  dialogProps,
}: {
  load: () => Promise<ComponentType<OpenedDialogProps & P>>;
  label: ReactNode;
  /** `sm` among the selection's actions. */
  size?: 'sm' | undefined;
  dialogProps: P;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const loaded = useLazyPart(load, open);
  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        tone="neutral"
        {...(size ? { size } : {})}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {loaded &&
        ('error' in loaded ? (
          open && <PartFailure onClose={() => setOpen(false)} />
        ) : (
          <loaded.part {...dialogProps} open={open} onOpenChange={setOpen} opener={opener} />
        ))}
    </>
  );
}
