import { errorId } from '@rjsf/utils';

/** The id of a field's visible label, which the select trigger names itself by (aria-labelledby). */
export function labelId(id: string): string {
  return `${id}__label`;
}

/** The id of a field's inline error message (rjsf's own convention: `{id}__error`). */
export { errorId };

/**
 * The ARIA state a control carries for its error: aria-invalid, and aria-describedby pointing at
 * the message under the field. Nothing while the field is valid.
 */
export function errorAria(id: string, rawErrors: readonly string[] | undefined) {
  const invalid = (rawErrors?.length ?? 0) > 0;
  return invalid
    ? ({ 'aria-invalid': true, 'aria-describedby': errorId(id) } as const)
    : ({ 'aria-invalid': undefined, 'aria-describedby': undefined } as const);
}
