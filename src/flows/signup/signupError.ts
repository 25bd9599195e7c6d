import { ApiError } from '../../services/api.ts';

/** Spec §8: signup failures read '{status code}: {text}'. */
const texts: Record<string, string> = {
  invalid_email: 'Invalid email',
  captcha_error: 'Captcha error',
};

/** The alert text for a failed signup; blank when there is no status (the alert's default then shows). */
export function signupErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return '';
  return `${error.status}: ${(error.code && texts[error.code]) ?? 'Unknown error'}`;
}
