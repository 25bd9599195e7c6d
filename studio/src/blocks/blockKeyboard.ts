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
 * This sensor counts the places itself, scrolls at once, and takes one key at a time: a key waits
 * until the move before it is drawn (the list reports the block over its new place), so every
 * move is announced and the drop lands where the last key put the block. It also listens from the
 * pick-up on (dnd-kit's waited for a timer, and an arrow pressed before it ran was lost).
 */
export class BlockKeyboardSensor implements SensorInstance {
  /** Picked up as with dnd-kit's sensor: space or enter on the handle. */
  static activators: Activators<KeyboardSensorOptions> = KeyboardSensor.activators;

  autoScrollEnabled = false;
  private readonly props: SensorProps<KeyboardSensorOptions>;
  private readonly document: Document;
  private readonly keys: string[] = [];
  /** The place the block is headed for, in the list's order (its own place at the pick-up). */
  private place: number | undefined;
  /** The block's centre when picked up, in the frame dnd-kit moves it in. */
  private origin: number | undefined;
  private linedUp = false;
  /** The block the list must report it over before the next key: the last move is drawn then. */
  private awaited: UniqueIdentifier | undefined;
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
    this.frame = requestAnimationFrame(this.next);
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
    // Waiting for a frame already: the key is taken then.
    if (this.frame === undefined) this.next();
  };

  private readonly cancel = () => this.finish(() => this.props.onCancel());

  /**
   * Lines the block up with its own place once the list has measured it (below), then takes the
   * waiting keys in order, each once the move before it is drawn.
   */
  private readonly next = () => {
    this.frame = undefined;
    while (!this.finished) {
      if (!this.drawn()) {
        this.framesWaited += 1;
        this.frame = requestAnimationFrame(this.next);
        return;
      }
      this.framesWaited = 0;
      if (!this.linedUp) {
        this.linedUp = true;
        this.lineUp();
        continue;
      }
      const code = this.keys.shift();
      if (code === undefined) return;
      const step = steps[code];
      if (step === undefined) this.finish(() => this.props.onEnd());
      else this.move(step);
    }
  };

  private drawn(): boolean {
    if (this.framesWaited >= patienceFrames) return true;
    const { collisionRect, droppableRects, over } = this.props.context.current;
    if (!collisionRect || droppableRects.size === 0) return false;
    return this.awaited === undefined || over?.id === this.awaited;
  }

  /**
   * Nothing has moved the block yet: where it is now is where it was picked up (`origin`). If the
   * page moved between dnd-kit measuring the block and measuring the list (the checker's answer
   * changing what stands above it), the list would report the block over its neighbour and a drop
   * would move it: it goes onto its own place first.
   */
  private lineUp() {
    const { active, collisionRect, droppableRects } = this.props.context.current;
    const own = active ? droppableRects.get(active.id) : undefined;
    if (!active || !collisionRect || !own) return;
    this.origin = centre(collisionRect);
    if (Math.abs(centre(own) - this.origin) < 1) return;
    this.awaited = active.id;
    this.props.onMove({ x: 0, y: centre(own) - this.origin });
  }

  private move(step: 1 | -1) {
    const { active, collisionRect, droppableRects } = this.props.context.current;
    if (!collisionRect || !hasSortableData(active)) return;
    // Nothing has moved the block if the list was not measured in time to line it up.
    this.origin ??= centre(collisionRect);
    const { items, index } = active.data.current.sortable;
    const from = this.place ?? index;
    const to = Math.max(0, Math.min(items.length - 1, from + step));
    const target = items[to];
    const rect = target === undefined ? undefined : droppableRects.get(target);
    if (to === from || target === undefined || !rect) return;
    this.reveal(centre(rect) - collisionRect.height / 2, collisionRect.height);
    // The rects follow the scroll: the block's centre goes onto its new place's, where
    // closestCenter reports it over that place whatever the two blocks' heights.
    this.place = to;
    this.awaited = target;
    this.props.onMove({ x: 0, y: centre(rect) - this.origin });
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
