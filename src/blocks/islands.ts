import { loadOrReload, orKeepWaiting } from '../ui/staleChunks.ts';
import { islandTurn } from '../ui/turns.ts';
import { whenNear } from '../ui/whenNear.ts';
import { importBlock, loadedBlock } from './registry.ts';
import { fulfilled, usable } from '../lib/usable.ts';
import type { BlockComponent, BlockType } from './types.ts';
import { islandAttribute } from './islandAttribute.ts';

/**
 * Interactive blocks on a prerendered page (the carousel, the FAQ, the signup form's block) are
 * islands: their prerendered HTML is on screen from the start, and their code is fetched, and the
 * block hydrated, only once the block nears the viewport or the visitor focuses or touches it. A
 * page's first load then carries none of its blocks' code, and the blocks below the fold cost the
 * main thread nothing until they are about to be seen.
 */

/**
 * A block's code where no prerendered HTML waits for it: on failure the page reloads once, then
 * shows the error page.
 */
export function loadBlock(type: string): Promise<BlockComponent<BlockType>> {
  // One promise per type, kept once settled (React's use() wants it: src/lib/usable.ts).
  let load = blockLoads.get(type);
  if (!load) {
    const loaded = loadedBlock(type);
    load = loaded ? fulfilled(loaded) : usable(loadOrReload(() => importBlock(type)));
    blockLoads.set(type, load);
  }
  return load;
}
const blockLoads = new Map<string, Promise<BlockComponent<BlockType>>>();

/** The islands the prerendered page came with, and its address (src/app/start.tsx). */
let prerendered: { pathname: string; wrappers: WeakSet<Element> } | undefined;

/** Notes the page's prerendered islands before React hydrates it. */
export function captureIslands(root: ParentNode, pathname: string): void {
  prerendered = { pathname, wrappers: new WeakSet(root.querySelectorAll(`[${islandAttribute}]`)) };
}

/**
 * The one load of each prerendered block, by its wrapper element: the same promise on every render
 * while that HTML waits, which React's use() needs (a block that suspends on its first render keeps
 * no state to hold it in).
 */
const loads = new WeakMap<Element, Promise<BlockComponent<BlockType>>>();

/**
 * The block's code: for a block of the prerendered page, once its HTML nears the viewport or is
 * focused or touched; at once anywhere else. Only the page the visitor arrived on waits: a page
 * rendered after a navigation (even back to the first address, whose HTML is gone by then, or to a
 * page with a block of the same id while the old page is still on screen) has no prerendered HTML
 * to keep. A prerendered block whose code fails to load keeps its HTML (readable, not interactive)
 * and the rest of the page goes on: its load then never settles.
 */
export function loadIslandWhenNear(type: string, id: string): Promise<BlockComponent<BlockType>> {
  if (typeof document === 'undefined' || prerendered?.pathname !== window.location.pathname)
    return loadBlock(type);
  const wrapper = document.querySelector(`[${islandAttribute}="${CSS.escape(id)}"]`);
  if (!wrapper || !prerendered.wrappers.has(wrapper)) return loadBlock(type);
  const known = loads.get(wrapper);
  if (known) return known;
  // The wrapper takes no box (display: contents), so what nears the viewport is the block in it;
  // focus and touches bubble through the wrapper to it as well. Islands that near at once take
  // turns to start, with the browser's own turn between them (src/ui/turns.ts); their code
  // downloads side by side (queued downloads left every island behind a slow one waiting).
  const load = usable(
    orKeepWaiting(
      whenNear(wrapper.firstElementChild ?? wrapper)
        .then(() => importBlock(type))
        .then((component) => islandTurn(() => component)),
    ),
  );
  loads.set(wrapper, load);
  return load;
}
