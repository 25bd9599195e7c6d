import { createContext, useContext } from 'react';
import type { SignupValues } from '../forms/signup/SignupForm.tsx';

/**
 * What happens when the visitor sends the signup form. The landing page's host (the app, a story,
 * a test) provides it, so the section stays free of network and navigation code.
 */
export type SignupHandler = (values: SignupValues) => Promise<void>;

export const SignupHandlerContext = createContext<SignupHandler | null>(null);

export function useSignupHandler(): SignupHandler {
  const handler = useContext(SignupHandlerContext);
  if (!handler) throw new Error('The getTheScan section needs a SignupHandlerContext provider.');
  return handler;
}
