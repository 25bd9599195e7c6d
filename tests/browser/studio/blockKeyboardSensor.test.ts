import type {
  ClientRect,
  KeyboardSensorOptions,
  SensorContext,
  SensorProps,
  UniqueIdentifier,
} from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { BlockKeyboardSensor } from '../../../studio/src/blocks/blockKeyboard.ts';

/*
 * The studio's keyboard drag against a list that stops reporting where the block is (a busy
 * machine that has not drawn the last move yet, or never does): the sensor counts the keys, and
 * the drop lands on the place they add up to, not on the neighbour the list last reported. Once,
 * in the keyboard-only studio e2e flow, a drop after two arrows up landed one place below.
 */

const items = ['a', 'b', 'c', 'd', 'e'];
const rectOf = (index: number): ClientRect => ({
  top: index * 100,
  bottom: index * 100 + 80,
  left: 0,
  right: 300,
  width: 300,
  height: 80,
});

interface FakeList {
  context: { current: SensorContext };
  /** The `over` id dnd-kit's drop would read, when the sensor ended the drag. */
  dropped: Promise<UniqueIdentifier | undefined>;
}

/**
 * A sortable list of five as dnd-kit's context shows it to a sensor, the last block picked up.
 * The list reports the block over the place each move puts its centre on, for the first
 * `reportedMoves` moves; after that it reports nothing new (the stuck redraw). `unmeasured` are
 * places whose rect the list has not measured.
 */
function fakeList({
  reportedMoves,
  unmeasured = [],
}: {
  reportedMoves: number;
  unmeasured?: string[];
}): FakeList & { sensor: BlockKeyboardSensor } {
  const droppableRects = new Map(
    items.flatMap((id, index) => (unmeasured.includes(id) ? [] : [[id, rectOf(index)] as const])),
  );
  // Every block keeps its measured rect in its container, as dnd-kit's droppables do.
  const droppableContainers = new Map(
    items.map((id, index) => [
      id,
      {
        id,
        key: id,
        disabled: false,
        data: { current: {} },
        node: { current: null },
        rect: { current: rectOf(index) },
      },
    ]),
  );
  const picked = items.length - 1;
  const start = rectOf(picked);
  const over = (id: string) => ({
    id,
    rect: rectOf(items.indexOf(id)),
    disabled: false,
    data: { current: {} },
  });
  const context = {
    current: {
      activatorEvent: null,
      active: {
        id: 'e',
        data: { current: { sortable: { containerId: 'list', items, index: picked } } },
        rect: { current: { initial: start, translated: start } },
      },
      activeNode: document.body,
      collisionRect: start,
      collisions: null,
      draggableNodes: new Map(),
      draggingNode: null,
      draggingNodeRect: null,
      droppableRects,
      droppableContainers,
      over: over('e'),
      scrollableAncestors: [],
      scrollAdjustedTranslate: { x: 0, y: 0 },
    },
  } as unknown as { current: SensorContext };

  let moves = 0;
  let resolveDrop: (id: UniqueIdentifier | undefined) => void = () => undefined;
  const dropped = new Promise<UniqueIdentifier | undefined>((resolve) => {
    resolveDrop = resolve;
  });
  const props: SensorProps<KeyboardSensorOptions> = {
    active: 'e',
    activeNode: {
      id: 'e',
      key: 'e',
      node: { current: document.body },
      activatorNode: { current: null },
      data: { current: {} },
    },
    event: new KeyboardEvent('keydown', { code: 'Space' }),
    context,
    options: {},
    onAbort: () => undefined,
    onPending: () => undefined,
    onStart: () => undefined,
    onCancel: () => resolveDrop(undefined),
    onMove: ({ y }) => {
      moves += 1;
      if (moves > reportedMoves) return;
      // The block's centre moved by y: the list reports the block whose centre is there.
      const centre = start.top + start.height / 2 + y;
      const place = Math.round((centre - 40) / 100);
      const id = items[place];
      if (id !== undefined) context.current.over = over(id);
    },
    onEnd: () => resolveDrop(context.current.over?.id),
  };
  return { context, dropped, sensor: new BlockKeyboardSensor(props) };
}

const press = (code: string) =>
  document.dispatchEvent(new KeyboardEvent('keydown', { code, bubbles: true, cancelable: true }));

describe('the studio keyboard drag (studio/src/blocks/blockKeyboard.ts)', () => {
  it('drops on the place the keys add up to when the list never reports the last move', async () => {
    // Picked up at position 5: up, up, drop. The list draws the first move only.
    const list = fakeList({ reportedMoves: 1 });
    press('ArrowUp');
    press('ArrowUp');
    press('Space');
    expect(await list.dropped).toBe('c');
  });

  it('counts a move to a place the list has not measured, and drops there', async () => {
    const list = fakeList({ reportedMoves: 5, unmeasured: ['c'] });
    press('ArrowUp');
    press('ArrowUp');
    press('Space');
    expect(await list.dropped).toBe('c');
  });
});
