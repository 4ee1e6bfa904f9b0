// The toaster's own chunk (see Toasts.tsx): importing it from here keeps the rest of the ui package out.
export { Toaster } from '@cairn/ui';
