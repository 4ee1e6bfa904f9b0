export { Toaster, type ToasterProps } from './Toaster.tsx';
export {
  MAX_VISIBLE_TOASTS,
  TOAST_DURATION_MS,
  TOAST_TYPES,
  type ToastAction,
  type ToastItem,
  type ToastOptions,
  type ToastPromiseMessages,
  type ToastType,
  toast,
  toastStore,
} from './toastStore.ts';
