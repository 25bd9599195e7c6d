import { whenNear } from '../ui/whenNear.ts';
import { loadSection } from './registry.ts';
import type { SectionComponent, SectionType } from './types.ts';

/**
 * Interactive blocks on a prerendered page (the carousel, the FAQ, the signup form's block) are
 * islands: their prerendered HTML is on screen from the start, and their code is fetched, and the
 * block hydrated, only once the block nears the viewport or the visitor focuses or touches it. A
 * page's first load then carries none of its blocks' code, and the blocks below the fold cost the
 * main thread nothing until they are about to be seen.
 */

/** The attribute on an interactive block's wrapper: its section id. */
export const islandAttribute = 'data-island';

/**
 * The one load of each block of the page at an address: the same promise on every render, which
 * React's use() needs (a block that suspends on its first render keeps no state to hold it in).
 */
const loads = new Map<string, Promise<SectionComponent<SectionType>>>();

/**
 * The block's code, fetched when its prerendered HTML nears the viewport or is focused or touched;
 * at once where the block was not prerendered (a page the browser renders itself) or on the server.
 */
export function loadIslandWhenNear(
  type: string,
  id: string,
): Promise<SectionComponent<SectionType>> {
  if (typeof document === 'undefined') return loadSection(type);
  const key = `${window.location.pathname}#${id}`;
  const known = loads.get(key);
  if (known) return known;
  const wrapper = document.querySelector(`[${islandAttribute}="${CSS.escape(id)}"]`);
  // The wrapper takes no box (display: contents), so what nears the viewport is the block in it;
  // focus and touches bubble through the wrapper to it as well.
  const load = (wrapper ? whenNear(wrapper.firstElementChild ?? wrapper) : Promise.resolve()).then(
    () => loadSection(type),
  );
  loads.set(key, load);
  return load;
}
