import { atom } from 'jotai';

/**
 * Global UI state of spec §3: the loading flag and the alert. The spec's third flag, "claim-offer
 * modal open", has no modal to open: the offer is its own page, reached by link too, and a
 * dialog repeating it would be one more thing to close (docs/spec-decisions.md).
 */

/** How many parts of the page are loading right now (several Suspense boundaries can wait at once). */
const loadingCountAtom = atom(0);

/**
 * The loading flag: true while anything is loading; it drives the loading overlay. Writing `true`
 * marks one more thing as loading and `false` one fewer, so each `true` is paired with a `false`
 * (see `Loading` in ui/LoadingOverlay.tsx) and one part finishing never hides another's overlay.
 */
export const loadingAtom = atom(
  (get) => get(loadingCountAtom) > 0,
  (_get, set, loading: boolean) =>
    set(loadingCountAtom, (count) => Math.max(0, count + (loading ? 1 : -1))),
);

export type AlertType = 'SUCCESS' | 'INFO' | 'WARNING' | 'ERROR';

export interface AlertState {
  type: AlertType;
  msg: string;
  open: boolean;
}

export const alertAtom = atom<AlertState>({ type: 'INFO', msg: '', open: false });
