import { type DragEvent, useState } from 'react';

/** What a dragged list item carries: the drag's own handlers and the item's part in it. */
export interface DragReorderItemProps {
  draggable: true;
  onDragStart(event: DragEvent<HTMLElement>): void;
  onDragOver(event: DragEvent<HTMLElement>): void;
  onDrop(event: DragEvent<HTMLElement>): void;
  onDragEnd(): void;
}

/**
 * Reordering a list by dragging an item onto another's place (native drag and drop), beside the arrow
 * buttons that stay for the keyboard. `moveTo` puts the item of that id at the index it was dropped on.
 */
export function useDragReorder(moveTo: (id: string, index: number) => void): {
  dragged: string | null;
  itemProps(id: string, index: number): DragReorderItemProps;
} {
  const [dragged, setDragged] = useState<string | null>(null);
  return {
    dragged,
    itemProps: (id, index) => ({
      draggable: true,
      onDragStart(event) {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', id);
        setDragged(id);
      },
      onDragOver(event) {
        // Only a drag started in this list may drop here: one from elsewhere carries no id of ours.
        if (dragged === null) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      },
      onDrop(event) {
        event.preventDefault();
        if (dragged !== null) moveTo(dragged, index);
        setDragged(null);
      },
      onDragEnd: () => setDragged(null),
    }),
  };
}

/** `order` with `id` moved to index `to`; the same array when that moves nothing (or is out of range). */
export function reordered<Id>(order: readonly Id[], id: Id, to: number): readonly Id[] {
  const from = order.indexOf(id);
  if (from < 0 || to < 0 || to >= order.length || to === from) return order;
  const next = [...order];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}
