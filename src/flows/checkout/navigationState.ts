import type { SignupNavigationState } from '../signup/useSignup.ts';

/** Reads the signup state that travels with navigation; undefined after a shared link. */
export function readSignupState(state: unknown): SignupNavigationState | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const { form, actionToken } = state as Partial<SignupNavigationState>;
  if (typeof actionToken !== 'string' || !form || typeof form.email !== 'string') return undefined;
  return { form, actionToken };
}

/** The email a checkout failure's "Start again" carries to the offer page ({ email }). */
export function readStartAgainEmail(state: unknown): string | undefined {
  if (!state || typeof state !== 'object' || !('email' in state)) return undefined;
  return typeof state.email === 'string' ? state.email : undefined;
}
