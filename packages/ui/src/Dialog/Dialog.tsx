import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type HTMLAttributes,
  type ReactNode,
  useCallback,
  useRef,
} from 'react';
import { useInertOutside } from '../focus/inertOutside.ts';
import { IconButton } from '../IconButton/IconButton.tsx';
import * as styles from './Dialog.css.ts';

const cx = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

export interface DialogContentProps
  extends Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'title'> {
  /** Required: every dialog needs a name. */
  title: ReactNode;
  description?: ReactNode;
  size?: styles.DialogSize;
  /** Label of the corner close button; `null` hides it (the footer must then offer a way out). */
  closeLabel?: string | null;
}

/**
 * Modal dialog on Radix Dialog: focus moves in and is trapped, Escape and the overlay close it,
 * focus returns to the trigger. Compose as `Dialog.Root` > `Dialog.Trigger` + `Dialog.Content`.
 */
export const Dialog = {
  Root: DialogPrimitive.Root,
  Trigger: DialogPrimitive.Trigger,
  Close: DialogPrimitive.Close,
  Content: forwardRef<HTMLDivElement, DialogContentProps>(function DialogContent(
    { title, description, size, closeLabel = 'Close', className, children, onCloseAutoFocus, ...props },
    ref,
  ) {
    const inertBehind = useInertOutside(ref);
    // What had the focus as the dialog opened. Radix gives the focus back only to a Dialog.Trigger; a
    // dialog opened by state (a confirmation, a route) would drop it on <body> as it closes.
    const opener = useRef<HTMLElement | null>(null);
    const content = useCallback(
      (node: HTMLDivElement | null) => {
        if (node) {
          const active = node.ownerDocument.activeElement;
          opener.current =
            active instanceof HTMLElement && active !== node.ownerDocument.body ? active : null;
        }
        inertBehind(node);
      },
      [inertBehind],
    );
    return (
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={styles.overlay} />
        <DialogPrimitive.Content
          ref={content}
          className={cx(styles.content({ size }), className)}
          // Without a description Radix warns unless aria-describedby is explicitly unset.
          {...(description == null ? { 'aria-describedby': undefined } : {})}
          {...props}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented || !opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <div className={styles.header}>
            <div>
              <DialogPrimitive.Title className={styles.title}>{title}</DialogPrimitive.Title>
              {description != null && (
                <DialogPrimitive.Description className={styles.description}>
                  {description}
                </DialogPrimitive.Description>
              )}
            </div>
            {closeLabel !== null && (
              <DialogPrimitive.Close asChild>
                <IconButton label={closeLabel} size="sm">
                  <X size={16} aria-hidden />
                </IconButton>
              </DialogPrimitive.Close>
            )}
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    );
  }),
  Footer({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
    return <div className={cx(styles.footer, className)} {...props} />;
  },
};
