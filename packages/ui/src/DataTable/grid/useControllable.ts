import type { Updater } from '@tanstack/react-table';
import { useCallback, useRef, useState } from 'react';

/**
 * A value the caller may control (`value` + `onChange`) or leave to the component: the component's
 * own copy is used while `value` is undefined, and `onChange` hears every change either way.
 */
export function useControllable<V>(value: V | undefined, onChange: ((v: V) => void) | undefined, initial: V) {
  const [inner, setInner] = useState<V>(initial);
  const current = value !== undefined ? value : inner;
  const currentRef = useRef(current);
  currentRef.current = current;
  const set = useCallback(
    (updater: Updater<V>) => {
      const next = typeof updater === 'function' ? (updater as (old: V) => V)(currentRef.current) : updater;
      setInner(next);
      onChange?.(next);
    },
    [onChange],
  );
  return [current, set] as const;
}
