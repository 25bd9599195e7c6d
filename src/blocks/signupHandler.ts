import { createContext, useContext } from 'react';
import type { SignupValues } from '../forms/signup/SignupForm.tsx';

/**
 * Where the journey goes once the visitor has signed up. "claimOffer": the claim-offer page, which
 * shows the offer (spec §2; a getTheScan form, which has no price beside it). "claim": straight on
 * to the claim's first step (the checkout, or a free offer's confirmation), from the offer block's
 * form, which sits in the offer the visitor has just read.
 */
export type SignupNext = 'claimOffer' | 'claim';

/**
 * What happens when the visitor sends a signup form. The page's host (the app, a story, a test)
 * provides it, so the sections stay free of network and navigation code.
 */
export type SignupHandler = (values: SignupValues, next?: SignupNext) => Promise<void>;

export const SignupHandlerContext = createContext<SignupHandler | null>(null);

export function useSignupHandler(): SignupHandler {
  const handler = useContext(SignupHandlerContext);
  if (!handler)
    throw new Error('A block with a signup form needs a SignupHandlerContext provider.');
  return handler;
}
