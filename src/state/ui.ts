import { atom } from 'jotai';

/** Global UI state of spec §3: the loading flag, the alert and the claim-offer modal flag. */

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

export const claimOfferModalOpenAtom = atom(false);
