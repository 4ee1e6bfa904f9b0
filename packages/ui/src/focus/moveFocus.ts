import { useCallback, useEffect, useState } from 'react';

// Where focus goes after something replaces what the user was on: a new page, a saved form, a submit
// that failed. Without it focus falls to <body> (or stays on a button far from the message), and a
// keyboard or screen-reader user has to hunt for what changed.

const FOCUSABLE = [
  'input:not([type="hidden"]):not(:disabled)',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  'button:not(:disabled)',
  'a[href]',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(', ');

/**
 * Focuses `element` (made focusable by script first if it is not, like a heading) and scrolls it into
 * view: `center` leaves room for a field's label above and its message below.
 */
export function moveFocusTo(element: HTMLElement, block: ScrollLogicalPosition = 'nearest'): void {
  if (!element.matches(FOCUSABLE) && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block, inline: 'nearest' });
}

/**
 * The first control marked invalid (aria-invalid="true") in `container`, in document order. A marked
 * group that is no control itself (a list editor) gives its first enabled control; a message about no
 * one control (marked data-problem, e.g. "at least one path must be active") is itself the target.
 */
export function firstInvalidControl(container: ParentNode): HTMLElement | null {
  for (const marked of container.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-problem]')) {
    if (marked.matches(FOCUSABLE) || marked.hasAttribute('data-problem')) return marked;
    const inside = marked.querySelector<HTMLElement>(FOCUSABLE);
    if (inside) return inside;
  }
  return null;
}

/** Focuses the first invalid control in `container`, scrolled into view; false when there is none. */
export function focusFirstInvalid(container: ParentNode | null | undefined): boolean {
  const control = container ? firstInvalidControl(container) : null;
  if (!control) return false;
  moveFocusTo(control, 'center');
  return true;
}

/** Focuses the page's heading (the first h1 in <main>, else in the document); false when there is none. */
export function focusHeading(root: ParentNode = document): boolean {
  const heading = root.querySelector<HTMLElement>('main h1') ?? root.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  moveFocusTo(heading);
  return true;
}

/**
 * Runs tasks once React has committed the render the current updates cause, e.g. focusing the field a
 * failed submit has just marked invalid: `afterRender(() => focusFirstInvalid(form.current))` next to
 * the `setErrors` call.
 */
export function useAfterRender(): (task: () => void) => void {
  const [tasks, setTasks] = useState<readonly (() => void)[]>([]);
  useEffect(() => {
    if (tasks.length === 0) return;
    for (const task of tasks) task();
    setTasks([]);
  }, [tasks]);
  return useCallback((task: () => void) => setTasks((old) => [...old, task]), []);
}
