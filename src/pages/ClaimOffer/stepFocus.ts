import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a step's heading may take to appear (its code loading) before focus stays put. */
const HEADING_WAIT_MS = 10_000;

/** Whether this history entry was reached inside the app (React Router counts its entries). */
function arrivedInApp(): boolean {
  return Number((window.history.state as { idx?: unknown } | null)?.idx) > 0;
}

/** Whether focus was left on nothing: the button or form that led here is gone. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

function focusHeading(heading: HTMLElement) {
  // Focusable by script only (a heading is not in the tab order).
  heading.tabIndex = -1;
  heading.focus();
}

/**
 * Moves focus to the step's heading when the visitor moves from one step to the next inside the
 * app (signup to the offer, the offer to the checkout, and on): the button or form that had focus
 * is gone, so a screen reader announces where they are now and the keyboard goes on from the top
 * of the new step rather than from the start of the document. Not on a page load (the browser
 * starts at the top), and never over a focus a step has set itself. The step's code may still be
 * loading: focus moves once its heading is in `main`.
 */
export function useStepFocus(): RefObject<HTMLElement | null> {
  const main = useRef<HTMLElement | null>(null);
  // The path the steps' layout last showed. Not a "has run" flag: React's StrictMode runs each
  // effect twice for the same path (`npm run dev`, the studio's preview frames), and a flag made
  // the second run a move, which focused the heading of a page just opened (in a preview frame,
  // taking the focus from the studio's field being typed in).
  const shown = useRef<string | undefined>(undefined);
  const { pathname } = useLocation();
  useEffect(() => {
    // A later step while the steps' layout stays (even by a replace, as the payment return makes),
    // or a first step reached from a page of the app.
    const moved = shown.current === undefined ? arrivedInApp() : shown.current !== pathname;
    shown.current = pathname;
    const area = main.current;
    if (!area || !moved) return;
    /** Focuses the step's heading once it is drawn, and ends the wait for it. */
    const focusDrawn = () => {
      const heading = area.querySelector<HTMLElement>('h1');
      if (heading) {
        stop();
        if (focusLost()) focusHeading(heading);
      }
      return heading;
    };
    const observer = new MutationObserver(focusDrawn);
    const timer = setTimeout(stop, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    if (!focusDrawn()) observer.observe(area, { childList: true, subtree: true });
    // No clean-up: StrictMode's second run (the same path) must not end the wait the first began.
    // The wait ends with the heading or the time-out; a step's heading focused by a wait of the
    // step before is the one its own move would focus.
  }, [pathname]);
  return main;
}
