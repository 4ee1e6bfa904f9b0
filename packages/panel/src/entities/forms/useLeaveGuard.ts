import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { panelBase } from '../../routes/resolve.ts';

export interface LeaveGuard {
  /** Where the user tried to go while the form was dirty; the form asks before going. */
  pendingTarget: string | null;
  /** Goes to the pending target (the user confirmed). */
  confirmLeave: () => void;
  cancelLeave: () => void;
  /** Navigates away on purpose (after a save or a delete), without asking. */
  leave: (to: string) => void;
}

const addressOf = (path: string, search: string) => (search ? `${path}?${search}` : path);

/**
 * The unsaved-changes guard of a form. Leaving is stopped three ways: a click on a link inside the panel
 * is caught before the router sees it; any other navigation (a menu entry, the back button) is undone at
 * once, before the next page can render, and asked about; closing or reloading the tab gets the browser's
 * own beforeunload prompt.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const home = useRef(addressOf(path, search));
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const leaving = useRef(false);
  const [pendingTarget, setPendingTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || !url.pathname.startsWith(`${panelBase}/`)) return;
      event.preventDefault();
      event.stopPropagation();
      setPendingTarget(`${url.pathname.slice(panelBase.length)}${url.search}${url.hash}`);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    // Capture phase on the document runs before React's listener on its root, so the link never navigates.
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);

  const address = addressOf(path, search);
  useEffect(() => {
    if (address === home.current || leaving.current || !dirtyRef.current) return;
    navigate(home.current, { replace: true });
    setPendingTarget(address);
  }, [address, navigate]);

  const leave = useCallback(
    (to: string) => {
      leaving.current = true;
      setPendingTarget(null);
      navigate(to);
    },
    [navigate],
  );
  return {
    pendingTarget,
    confirmLeave: () => {
      if (pendingTarget) leave(pendingTarget);
    },
    cancelLeave: () => setPendingTarget(null),
    leave,
  };
}
