import { COLUMN_TABLES, type ColumnTable } from '@cairn/contract';
import { ColumnChoiceKeeperContext } from '@cairn/ui';
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { readJson, removeKey, writeJson } from '../../stores/storage.ts';
import { useDefaultColumns } from '../settingsApi.ts';

// The columns a table shows: the viewer's own pick (kept on the server for the user, with this browser's
// copy shown until it arrives), else the columns settings' default for the table, else the panel's
// built-in default; always limited to what the viewer may choose.

const pickSchema = z.array(z.string().max(40)).max(200);

/**
 * Tables whose columns only each viewer picks: the columns settings hold no default for them
 * (`key-metrics`: the numbers beside a row's name on a phone, for every list and report).
 */
export type ViewerColumnTable = 'conversions' | 'key-metrics';

export function columnsStorageKey(table: ColumnTable | ViewerColumnTable): string {
  return `cairn.reports.columns.${table}`;
}

const isSettingsTable = (table: string): table is ColumnTable =>
  (COLUMN_TABLES as readonly string[]).includes(table);

export interface ChosenColumns<T extends string> {
  chosen: T[];
  /** The settings' default or the built-in one: what "Use defaults" returns to. */
  defaults: T[];
  /** Saves the viewer's pick; the defaults themselves are stored as no pick, so later changes reach them. */
  choose: (columns: readonly string[]) => void;
  /** False until the settings' default is known (when the viewer has no pick of their own). */
  ready: boolean;
}

export function useChosenColumns<T extends string>(
  table: ColumnTable | ViewerColumnTable,
  builtIn: readonly T[],
  allowed: readonly T[],
): ChosenColumns<T> {
  const key = columnsStorageKey(table);
  const keeper = useContext(ColumnChoiceKeeperContext);
  const [own, setOwn] = useState(() => readJson(localStorage, key, pickSchema));
  // A pick made while the kept one is on its way wins over what arrives.
  const pickedHere = useRef(false);
  useEffect(() => {
    if (!keeper) return;
    let current = true;
    keeper
      .load(key)
      .then((choice) => {
        if (!current || pickedHere.current) return;
        // None kept yet, but this browser has a pick (made before picks were kept): it becomes the kept one.
        const local = readJson(localStorage, key, pickSchema);
        if (choice === null && local && local.length > 0) {
          keeper.save(key, { order: local, visibility: Object.fromEntries(local.map((id) => [id, true])) });
          return;
        }
        const kept = choice ? choice.order.filter((id) => choice.visibility[id] === true) : [];
        if (kept.length > 0) writeJson(localStorage, key, kept);
        else removeKey(localStorage, key);
        setOwn(kept.length > 0 ? kept : undefined);
      })
      .catch(() => {
        // Not kept (offline, signed out): this browser's copy stays.
      });
    return () => {
      current = false;
    };
  }, [keeper, key]);
  const { columns: fromSettings, ready: settingsReady } = useDefaultColumns(
    isSettingsTable(table) ? table : undefined,
  );
  const keep = useCallback((ids: readonly string[]) => allowed.filter((id) => ids.includes(id)), [allowed]);
  const defaults = useMemo(() => {
    const settled = fromSettings ? keep(fromSettings) : [];
    return settled.length > 0 ? settled : keep(builtIn);
  }, [fromSettings, builtIn, keep]);
  const chosen = useMemo(() => {
    // The viewer's pick in the viewer's order, each column once.
    const picked = own
      ? [...new Set(own)].filter((id): id is T => (allowed as readonly string[]).includes(id))
      : [];
    return picked.length > 0 ? picked : defaults;
  }, [own, defaults, allowed]);
  const choose = useCallback(
    (columns: readonly string[]) => {
      pickedHere.current = true;
      const same = columns.length === defaults.length && columns.every((id, index) => id === defaults[index]);
      if (same) {
        removeKey(localStorage, key);
        setOwn(undefined);
      } else {
        writeJson(localStorage, key, columns);
        setOwn([...columns]);
      }
      // A pick is its columns in order, each shown.
      keeper?.save(
        key,
        same
          ? null
          : { order: [...columns], visibility: Object.fromEntries(columns.map((id) => [id, true])) },
      );
    },
    [key, defaults, keeper],
  );
  return { chosen, defaults, choose, ready: settingsReady || (own !== undefined && keep(own).length > 0) };
}
