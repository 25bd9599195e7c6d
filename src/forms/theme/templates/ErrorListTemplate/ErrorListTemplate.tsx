/**
 * No list of errors at the top of the form: each message sits under its own field, and focus moves
 * to the first invalid one on submit.
 */
export function ErrorListTemplate() {
  return null;
}
