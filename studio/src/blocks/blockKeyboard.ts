import {
  KeyboardSensor,
  type Activators,
  type KeyboardSensorOptions,
  type SensorInstance,
  type SensorProps,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { hasSortableData } from '@dnd-kit/sortable';

const steps: Partial<Record<string, 1 | -1>> = { ArrowUp: -1, ArrowDown: 1 };
const endKeys = ['Space', 'Enter', 'Tab'];
const cancelKeys = ['Escape'];
/** Frames a key waits for the last move to be drawn before it goes ahead anyway (a safety net). */
const patienceFrames = 120;

const centre = (rect: { top: number; height: number }) => rect.top + rect.height / 2;

/**
 * The block lists' keyboard drag: space (or enter) on a handle picks the block up, each arrow key
 * moves it exactly one place up or down, space, enter or tab drops it, escape cancels.
 *
 * dnd-kit's own KeyboardSensor lost moves when keys came faster than React drew them (a key held
 * down, a busy machine): it works out each move from where the list last said the block is over,
 * which is only updated a render or two after the move, and turns a move near the window's edge
 * into a smooth scroll that changes that place only as it runs; the drop reads the same place.
 * This sensor keeps the block's place itself and takes one key at a time: a key waits until the
 * list reports the block over the place the key before put it (so every move is announced and the
 * drop lands there). It scrolls at once, and listens from the pick-up on (dnd-kit's waited for a
 * timer, and an arrow pressed before it ran was lost). On every frame it keeps the block on its
 * place: when the page moves under it (the checker's answer changing what stands above the list
 * during a drag), the list would otherwise report it over a neighbour, and drop it there.
 */
export class BlockKeyboardSensor implements SensorInstance {
  /** Picked up as with dnd-kit's sensor: space or enter on the handle. */
  static activators: Activators<KeyboardSensorOptions> = KeyboardSensor.activators;

  autoScrollEnabled = false;
  private readonly props: SensorProps<KeyboardSensorOptions>;
  private readonly document: Document;
  private readonly keys: string[] = [];
  /** The block's place in the list's order, once the list is measured (its own at the pick-up). */
  private place: number | undefined;
  /** The block's centre when picked up, in the frame dnd-kit moves it in. */
  private origin: number | undefined;
  /** The last move given to dnd-kit (vertical, from where the block was picked up). */
  private sent = 0;
  private frame: number | undefined;
  private framesWaited = 0;
  private finished = false;

  constructor(props: SensorProps<KeyboardSensorOptions>) {
    this.props = props;
    this.document = props.activeNode.node.current?.ownerDocument ?? document;
    this.document.addEventListener('keydown', this.onKeyDown);
    this.document.addEventListener('visibilitychange', this.cancel);
    this.document.defaultView?.addEventListener('resize', this.cancel);
    props.onStart({ x: 0, y: 0 });
    this.frame = requestAnimationFrame(this.tick);
  }

  private readonly onKeyDown = (event: KeyboardEvent) => {
    // The key that picked the block up reaches the document too.
    if (event === this.props.event || this.finished) return;
    const { code } = event;
    if (cancelKeys.includes(code)) {
      event.preventDefault();
      this.cancel();
      return;
    }
    if (steps[code] === undefined && !endKeys.includes(code)) return;
    event.preventDefault();
    // A held arrow moves on; a space bar held from the pick-up does not drop the block at once.
    if (event.repeat && steps[code] === undefined) return;
    this.keys.push(code);
    this.take();
  };

  private readonly cancel = () => this.finish(() => this.props.onCancel());

  /** Every frame of the drag: the block back on its place if the list moved, then waiting keys. */
  private readonly tick = () => {
    this.aim();
    this.framesWaited = this.keys.length > 0 && !this.onPlace() ? this.framesWaited + 1 : 0;
    this.take();
    if (!this.finished) this.frame = requestAnimationFrame(this.tick);
  };

  /** Takes the waiting keys in order, each once the move before it is drawn. */
  private take() {
    while (this.keys.length > 0 && !this.finished) {
      if (!this.onPlace() && this.framesWaited < patienceFrames) return;
      this.framesWaited = 0;
      const step = steps[this.keys.shift() ?? ''];
      if (step === undefined) this.drop();
      else this.move(step);
    }
  }

  /** The list reports the block over its place, and the place has not moved since it was aimed at. */
  private onPlace(): boolean {
    const target = this.target();
    const { over } = this.props.context.current;
    return target !== undefined && over?.id === target.id && Math.abs(target.y - this.sent) < 1;
  }

  /** The block's place and the move that puts the block's centre on its centre. */
  private target(): { id: UniqueIdentifier; y: number } | undefined {
    const { active, collisionRect, droppableRects } = this.props.context.current;
    if (!collisionRect || !hasSortableData(active) || droppableRects.size === 0) return undefined;
    const { items, index } = active.data.current.sortable;
    // Nothing has moved the block yet the first time the list is measured.
    this.origin ??= centre(collisionRect);
    this.place ??= index;
    const id = items[this.place];
    const rect = id === undefined ? undefined : droppableRects.get(id);
    return id === undefined || !rect ? undefined : { id, y: centre(rect) - this.origin };
  }

  /**
   * Puts the block's centre on its place's, where closestCenter reports it over that place
   * whatever the two blocks' heights. The list's rects follow the scroll.
   */
  private aim() {
    const target = this.target();
    if (!target || Math.abs(target.y - this.sent) < 1) return;
    this.sent = target.y;
    this.props.onMove({ x: 0, y: target.y });
  }

  /**
   * One place up or down. The place is the keys' count alone: a place whose rect the list has not
   * measured yet (a key that went ahead after the patience above) still counts, only the scroll
   * to follow it waits for the next move.
   */
  private move(step: 1 | -1) {
    const { active, collisionRect, droppableRects } = this.props.context.current;
    if (!hasSortableData(active)) return;
    const { items, index } = active.data.current.sortable;
    const from = this.place ?? index;
    const to = Math.max(0, Math.min(items.length - 1, from + step));
    if (to === from) return;
    const id = items[to];
    const rect = id === undefined ? undefined : droppableRects.get(id);
    if (rect && collisionRect)
      this.reveal(centre(rect) - collisionRect.height / 2, collisionRect.height);
    this.place = to;
    this.aim();
  }

  /**
   * Drops the block on its place. dnd-kit's drop (and its announcement) reads the place the list
   * last reported the block over, from the context this sensor is given; a drop that went ahead
   * after the patience above could read a neighbour there (the keyboard-only studio e2e flow
   * dropped one place below its last key once, on a busy machine). So the context is told the
   * keys' place first: the drop lands where the keys put the block, whatever the list last drew.
   */
  private drop() {
    const context = this.props.context.current;
    const { active, droppableContainers, droppableRects } = context;
    const id =
      this.place !== undefined && hasSortableData(active)
        ? active.data.current.sortable.items[this.place]
        : undefined;
    const container = id === undefined ? undefined : droppableContainers.get(id);
    const rect = id === undefined ? undefined : (container?.rect.current ?? droppableRects.get(id));
    if (id !== undefined && container && rect && context.over?.id !== id) {
      context.over = { id, rect, disabled: container.disabled, data: container.data };
    }
    this.finish(() => this.props.onEnd());
  }

  /**
   * Scrolls the window at once so the block's new place is in view, below what covers the top of
   * the window (the block's scroll-margin-top: the studio's sticky header).
   */
  private reveal(top: number, height: number) {
    const view = this.document.defaultView;
    const node = this.props.activeNode.node.current;
    if (!view || !node) return;
    const style = view.getComputedStyle(node);
    const first = parseFloat(style.scrollMarginTop) || 0;
    const last = view.innerHeight - (parseFloat(style.scrollMarginBottom) || 0);
    const by =
      top < first
        ? top - first
        : top + height > last
          ? Math.min(top - first, top + height - last)
          : 0;
    if (by !== 0) view.scrollBy({ top: by, behavior: 'instant' });
  }

  private finish(then: () => void) {
    if (this.finished) return;
    this.finished = true;
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.document.removeEventListener('keydown', this.onKeyDown);
    this.document.removeEventListener('visibilitychange', this.cancel);
    this.document.defaultView?.removeEventListener('resize', this.cancel);
    then();
  }
}
