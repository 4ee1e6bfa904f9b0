import { focusHeading } from '@cairn/ui';
import { useEffect, useRef } from 'react';

// After a navigation inside the panel, focus goes to the new page's heading, as a full page load would
// put a screen reader at the top: otherwise it stays on the link or menu that was used (or falls to
// <body> when that is gone), and the new page is never announced.

const OPEN_POPUP = '[role="menu"], [role="listbox"], [role="dialog"], [role="alertdialog"]';

/** A menu or dialog drawn over the page (not one inside it), such as the header's menus. */
function popupOverPage(): boolean {
  const main = document.querySelector('main');
  return [...document.querySelectorAll(OPEN_POPUP)].some((popup) => !main?.contains(popup));
}

/** Whether focus is where the navigation left it, so moving it takes nothing from the user. */
function focusIsIdle(before: Element | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === before || !active.isConnected) return true;
  // A header control or a closed menu's trigger is where the navigation started; anything in the new
  // page, or a menu the user has opened since, is the user's own doing.
  return !document.querySelector('main')?.contains(active) && document.querySelector(OPEN_POPUP) === null;
}

/**
 * Moves focus to the page heading whenever `page` (the route and its parameters, not a child such as a
 * settings section or a modal) changes after the first. A page that draws its heading only once its data
 * is in gets the focus then, unless the user has pressed a key or a pointer in the meantime.
 */
export function useHeadingFocusOnNavigation(page: string | undefined): void {
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    const from = previous.current;
    previous.current = page;
    if (page === undefined || from === undefined || from === page) return;
    const before = document.activeElement;
    // A menu over the page waits: the one the navigation came from is still fading out, or the user
    // opened one while the page loaded (its tap came before this listened), and taking the focus out of
    // it would close it under their finger. Once it is gone the focus is free again.
    const settled = () => !popupOverPage() && (!focusIsIdle(before) || focusHeading());
    if (settled()) return;
    const observer = new MutationObserver(() => {
      if (settled()) stop();
    });
    const stop = () => {
      observer.disconnect();
      document.removeEventListener('pointerdown', stop, true);
      document.removeEventListener('keydown', stop, true);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('pointerdown', stop, true);
    document.addEventListener('keydown', stop, true);
    return stop;
  }, [page]);
}
