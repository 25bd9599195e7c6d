import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { hasSortableData } from '@dnd-kit/sortable';

const centre = (rect: { top: number; height: number }) => rect.top + rect.height / 2;

/**
 * The arrow keys move a picked-up block one place up or down, whatever the blocks' heights: the
 * dragged block's centre goes to the centre of its neighbour in the list, which `closestCenter`
 * then reports as the place it is over. (dnd-kit's sortableKeyboardCoordinates lines up top edges
 * instead, so an open block, much taller with its form, stays "over" its own place.)
 */
export const oneBlockPerArrowKey: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const step = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { active, over, collisionRect, droppableRects } = context;
  if (!collisionRect || !hasSortableData(active)) return undefined;
  const { items, index } = active.data.current.sortable;
  const from = hasSortableData(over) ? over.data.current.sortable.index : index;
  const target = items[Math.max(0, Math.min(items.length - 1, from + step))];
  const rect = target === undefined ? undefined : droppableRects.get(target);
  if (!rect) return undefined;
  return {
    x: currentCoordinates.x,
    y: currentCoordinates.y + centre(rect) - centre(collisionRect),
  };
};
