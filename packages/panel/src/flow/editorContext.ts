import { createContext, useContext } from 'react';

/** A lander, offer or campaign the flow may name. Archived ones stay nameable so an old flow still reads. */
export interface FlowRefOption {
  id: number;
  label: string;
  archived: boolean;
}

/** What every part of one flow editor shares, so the cards need not pass it down level by level. */
export interface EditorContext {
  landers: readonly FlowRefOption[];
  offers: readonly FlowRefOption[];
  /** Campaigns a path may hand its clicks to. */
  campaigns: readonly FlowRefOption[];
  disabled: boolean;
  /** Prefix of control ids, so several editors on one page stay distinct. */
  id: string;
  /** After a move, keyboard focus follows the moved item's button. */
  focusMoved: (itemPath: string, direction: 'up' | 'down') => void;
  /** After the next render, focus the first enabled element matching one of these selectors, in order. */
  focusSoon: (selectors: string[]) => void;
}

export const FlowEditorContext = createContext<EditorContext | null>(null);

export function useEditor(): EditorContext {
  const context = useContext(FlowEditorContext);
  if (!context) throw new Error('Flow editor parts render inside FlowEditor');
  return context;
}
