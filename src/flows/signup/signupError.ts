/*
 * The signup's alert text lives beside the signup form (src/forms/signup/signupError.ts), which
 * fetches it ahead with its own code; the landing page's signup fetches it only when a signup
 * fails, so its sentences stay out of the first load. Kept here under its old name.
 */
export { signupErrorMessage } from '../../forms/signup/signupError.ts';
