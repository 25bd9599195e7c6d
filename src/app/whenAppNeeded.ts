import { islandAttribute } from '../blocks/islandAttribute.ts';
import { startAtLoadAttribute } from './startAtLoad.ts';
import { whenNear } from '../ui/whenNear.ts';
import { whenVisitorActs } from '../ui/whenVisitorActs.ts';

/**
 * Resolves once a prerendered page needs the app (src/main.tsx waits for it before loading React):
 * the visitor does something (scrolls, taps, clicks, types, moves the focus), or an interactive
 * block (an island: the carousel, the FAQ, a signup form's block) nears the viewport. Until then the
 * page is complete HTML: its links are plain links, its text fields take typing, the consent
 * notice answers from its own small script (src/services/measurement/), so a visitor who only
 * reads costs a slow phone no script at all: React and the app were most of the main thread's
 * script at load (issue 40).
 *
 * At once where the page needs the app to be right: a page the browser renders itself (an empty
 * `#root`); a page the app ran in before (a reload, back or forward: the router keeps its state in
 * history, and what the page shows may follow it, as the claim step after a signup does); a page
 * the prerender marked (`startAtLoadAttribute`: an offer that opens or ends on a date). The
 * language suggestion needs no app (src/ui/LanguageSuggestion/languageNote.ts).
 */
export function whenAppNeeded(root: Element): Promise<void> {
  if (!root.hasChildNodes() || root.hasAttribute(startAtLoadAttribute) || history.state !== null)
    return Promise.resolve();
  // The wrapper takes no box (display: contents): what nears the viewport is the block in it.
  const islands = [...root.querySelectorAll(`[${islandAttribute}]`)].map((wrapper) =>
    whenNear(wrapper.firstElementChild ?? wrapper),
  );
  return Promise.race([whenVisitorActs(), ...islands]);
}
