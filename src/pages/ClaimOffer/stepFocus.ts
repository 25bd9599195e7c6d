import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a step's heading may take to appear (its code loading) before focus stays put. */
const HEADING_WAIT_MS = 10_000;

/** Whether this history entry was reached inside the app (React Router counts its entries). */
function arrivedInApp(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

/** Whether focus was left on nothing: the button or form that led here is gone. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

function focusHeading(heading: HTMLElement) {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
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
  // The path the steps' layout last showed: the effect also runs again for the same path (React's
  // StrictMode runs each effect twice, as `npm run dev` and the studio's preview frames do), and a
  // step focused on that second run took the focus from whatever had it, the studio's field
  // being typed in included.
  const shown = useRef<string | undefined>(undefined);
  // The path whose heading is still to be focused once it is drawn (kept over that second run).
  const pending = useRef<string | undefined>(undefined);
  const { pathname } = useLocation();
  useEffect(() => {
    // A later step while the steps' layout stays (even by a replace, as the payment return makes),
    // or a first step reached from a page of the app.
    const moved = shown.current === undefined ? arrivedInApp() : shown.current !== pathname;
    shown.current = pathname;
    if (moved) pending.current = pathname;
    const area = main.current;
    if (!area || pending.current !== pathname) return undefined;
    const settle = (heading: HTMLElement) => {
      pending.current = undefined;
      if (focusLost()) focusHeading(heading);
    };
    const heading = () => area.querySelector<HTMLElement>('h1');
    const found = heading();
    if (found) {
      settle(found);
      return undefined;
    }
    const observer = new MutationObserver(() => {
      const drawn = heading();
      if (!drawn) return;
      stop();
      settle(drawn);
    });
    const timer = setTimeout(() => {
      pending.current = undefined;
      stop();
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(area, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
  return main;
}
