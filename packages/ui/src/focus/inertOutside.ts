import { type Ref, type RefCallback, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

// Radix hides what lies outside an open modal popup (a select's list, a modal menu, a dialog) from
// assistive technology with aria-hidden, but leaves it focusable: the header behind an open select kept
// its links in a hidden tree (axe aria-hidden-focus). Making that same outside inert as well takes it out
// of the focus order and of pointer reach too, which is what "modal" promises.

const inertCount = new WeakMap<Element, number>();

/**
 * What stays live behind a modal popup: announcements, and what is marked to stay (the toasts, so one
 * raised from a dialog can still be read and closed).
 */
const staysLive = '[aria-live], [data-stays-live]';

/**
 * Makes every element outside `target` (siblings of it and of each of its ancestors up to <body>) inert,
 * except live regions and their ancestors; returns the undo. Calls may overlap: an element stays inert
 * until the last call that made it so is undone.
 */
export function inertOutside(target: Element): () => void {
  const body = target.ownerDocument.body;
  // A popup kept off the page (Radix keeps a closed select's items in a detached fragment) hides nothing.
  if (!body.contains(target)) return () => {};
  const keep = new Set<Element>();
  const mark = (element: Element | null) => {
    for (let node = element; node && node !== body; node = node.parentElement) keep.add(node);
  };
  mark(target);
  for (const live of body.querySelectorAll(staysLive)) mark(live);
  const made: Element[] = [];
  const walk = (parent: Element) => {
    for (const child of parent.children) {
      // Radix's focus guards stay: its focus trap relies on them.
      if (child === target || child.matches(`${staysLive}, [data-radix-focus-guard]`)) continue;
      if (keep.has(child)) {
        walk(child);
        continue;
      }
      if (child.matches('script, style, template')) continue;
      const count = inertCount.get(child) ?? 0;
      // One that was inert before the first call is left as it was on undo.
      if (count === 0 && child.hasAttribute('inert')) continue;
      inertCount.set(child, count + 1);
      child.setAttribute('inert', '');
      made.push(child);
    }
  };
  walk(body);
  let undone = false;
  return () => {
    if (undone) return;
    undone = true;
    for (const element of made) {
      const count = (inertCount.get(element) ?? 1) - 1;
      inertCount.set(element, count);
      if (count === 0) element.removeAttribute('inert');
    }
  };
}

function assign<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A ref for a modal popup's content (also passed on to `forwarded`): the outside is inert while the
 * content is mounted and `enabled` (a select passes whether it is open: Radix keeps its closed content
 * in a detached fragment under the same ref). Made inert in an effect of the component calling this,
 * which runs after those of the popup inside it: Radix's focus scope has noted the element focus returns
 * to and moved focus in by then (an opener made inert first would lose the focus for good). Made live
 * again in the very commit that closes or removes the popup, before that focus scope hands focus back.
 */
export function useInertOutside<T extends HTMLElement>(forwarded?: Ref<T>, enabled = true): RefCallback<T> {
  const [element, setElement] = useState<T | null>(null);
  const undo = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    if (!element || !enabled) return;
    const made = inertOutside(element);
    undo.current = made;
    return made;
  }, [element, enabled]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cleanup is the point: it runs in the commit where the popup closes (enabled) or goes (element), before Radix hands focus back.
  useLayoutEffect(
    () => () => {
      undo.current?.();
      undo.current = undefined;
    },
    [element, enabled],
  );
  return useCallback(
    (node: T | null) => {
      assign(forwarded, node);
      if (!node) undo.current?.();
      setElement(node);
    },
    [forwarded],
  );
}
