import { atom } from 'jotai';

/** Global UI state of spec §3: the loading flag, the alert and the claim-offer modal flag. */
export const loadingAtom = atom(false);

export type AlertType = 'SUCCESS' | 'INFO' | 'WARNING' | 'ERROR';

export interface AlertState {
  type: AlertType;
  msg: string;
  open: boolean;
}

export const alertAtom = atom<AlertState>({ type: 'INFO', msg: '', open: false });

export const claimOfferModalOpenAtom = atom(false);
