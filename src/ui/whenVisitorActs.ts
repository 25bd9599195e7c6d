/**
 * Resolves once the visitor does something on the page: scrolls, taps, clicks, types or moves the
 * focus; at once when the page is already scrolled (the visitor has moved, or came to a #place),
 * and on the server (the prerender renders the form); at once too when the focus is already in
 * the page (the visitor acted before this ran).
 * Code needed only to act on what is already on screen (the signup form's library: its prerendered
 * text fields take typing without it) waits for the visitor instead of loading with the page,
 * when on a slow phone every task counts (issue 40).
 */
export const whenVisitorActs = () =>
  new Promise<void>((resolve) => {
    if (acted || typeof scrollY !== 'number' || scrollY > 0) return resolve();
    // The visitor acted before this ran (typed into a prerendered field while the app started, on
    // a slow phone or a busy machine): the focus is already in the page. Waiting for another act
    // would leave the form's button disabled under their hand.
    if (typeof document === 'object' && hasMovedFocus(document)) return resolve();
    const stop = new AbortController();
    for (const type of ['scroll', 'wheel', 'pointerdown', 'touchstart', 'keydown', 'focusin'])
      addEventListener(
        type,
        () => {
          acted = true;
          stop.abort();
          resolve();
        },
        { capture: true, passive: true, signal: stop.signal },
      );
  });

/**
 * Whether an earlier wait saw the visitor act: the app itself starts on the first act
 * (src/app/whenAppNeeded.ts), and a click that moves no focus must not leave the form's library
 * waiting for a second one.
 */
let acted = false;

const hasMovedFocus = (page: Pick<Document, 'activeElement' | 'body'>) =>
  page.activeElement !== null && page.activeElement !== page.body;
