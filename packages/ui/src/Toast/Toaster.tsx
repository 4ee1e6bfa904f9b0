import * as ToastPrimitive from '@radix-ui/react-toast';
import { Bell, CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint, X } from 'lucide-react';
import { type ComponentType, useSyncExternalStore } from 'react';
import * as styles from './Toast.css.ts';
import {
  TOAST_DURATION_MS,
  type ToastItem,
  type ToastType,
  toastStore,
  visibleToasts,
} from './toastStore.ts';

const icons: Record<ToastType, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  default: Bell,
  success: CircleCheck,
  info: Info,
  error: CircleExclamationPoint,
  warning: TriangleExclamationPoint,
};

export interface ToasterProps {
  /** Label of the close button (localisable). */
  closeLabel?: string;
  /** Region label announced by screen readers; F8 moves focus into it. */
  label?: string;
}

/** Mount once near the root of the app; it shows whatever `toast.*()` raised. */
export function Toaster({ closeLabel = 'Close', label = 'Notifications' }: ToasterProps) {
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} label={label}>
      {visibleToasts(items).map((item) => (
        <ToastView key={item.id} item={item} closeLabel={closeLabel} />
      ))}
      <ToastPrimitive.Viewport className={styles.viewport} data-stays-live />
    </ToastPrimitive.Provider>
  );
}

/** One toast; exported for stories, the app uses <Toaster />. */
export function ToastView({ item, closeLabel }: { item: ToastItem; closeLabel: string }) {
  const Icon = icons[item.type];
  return (
    <ToastPrimitive.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) toastStore.dismiss(item.id);
      }}
      duration={item.duration}
      // Errors and warnings interrupt a screen reader; the rest wait politely.
      type={item.type === 'error' || item.type === 'warning' ? 'foreground' : 'background'}
      className={`${styles.root} ${styles.type[item.type]}`}
      data-toast-type={item.type}
      data-has-action={item.action ? '' : undefined}
    >
      <span className={styles.icon[item.type]}>
        <Icon size={18} aria-hidden />
      </span>
      <div className={styles.body}>
        {item.title != null && (
          <ToastPrimitive.Title className={styles.title}>{item.title}</ToastPrimitive.Title>
        )}
        <ToastPrimitive.Description asChild>
          <div>{item.message}</div>
        </ToastPrimitive.Description>
      </div>
      {item.action && (
        // Radix's Action is a close button too: the toast goes once its action ran.
        <ToastPrimitive.Action asChild altText={item.action.altText ?? item.action.label}>
          <button type="button" className={styles.action} onClick={() => item.action?.onClick(item.id)}>
            {item.action.label}
          </button>
        </ToastPrimitive.Action>
      )}
      <ToastPrimitive.Close className={styles.close} aria-label={closeLabel}>
        <X size={16} aria-hidden />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
