import { type ToastItem, toastStore } from '@cairn/ui';
import { type ComponentType, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { loadOnce } from './chunks.ts';

const loadToaster = loadOnce<ComponentType>('notifications', () =>
  import('./toaster.ts').then((module) => module.Toaster),
);

/** If the toaster's chunk cannot arrive (an old tab after an upgrade), the messages still reach the user. */
function PlainToasts({ items }: { items: readonly ToastItem[] }) {
  const open = items.filter((item) => item.open);
  if (open.length === 0) return null;
  return (
    <div role="alert">
      {open.map((item) => (
        <div key={item.id}>{item.message as ReactNode}</div>
      ))}
    </div>
  );
}

/**
 * The toaster (Radix Toast and its icons) is a chunk of its own, fetched with the first toast: most
 * screens, the sign-in one first, never raise one. It stays mounted afterwards.
 */
export function Toasts() {
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const wanted = items.length > 0;
  const [Toaster, setToaster] = useState<ComponentType>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || Toaster || failed) return;
    loadToaster().then(
      (loaded) => setToaster(() => loaded),
      (error: unknown) => {
        console.error(error);
        setFailed(true);
      },
    );
  }, [wanted, Toaster, failed]);
  if (Toaster) return <Toaster />;
  return failed ? <PlainToasts items={items} /> : null;
}
