import { errorId, helpId } from '@rjsf/utils';

/** The id of a field's visible label, which the select trigger names itself by (aria-labelledby). */
export function labelId(id: string): string {
  return `${id}__label`;
}

/**
 * The ids of a field's inline error message and of its hint (rjsf's own conventions: `{id}__error`
 * and `{id}__help`).
 */
export { errorId, helpId };

/** Whether a field's uiSchema gives it a hint (`ui:help`), shown under its label. */
export function hasHelp(uiSchema: { 'ui:help'?: unknown } | undefined): boolean {
  return typeof uiSchema?.['ui:help'] === 'string' && uiSchema['ui:help'] !== '';
}

/**
 * The ARIA state a control carries: aria-describedby pointing at its hint (when it has one) and at
 * the error message under it (while it has one), and aria-invalid while it is invalid.
 */
export function fieldAria(id: string, rawErrors: readonly string[] | undefined, withHelp: boolean) {
  const invalid = (rawErrors?.length ?? 0) > 0;
  const describedBy = [withHelp && helpId(id), invalid && errorId(id)].filter(Boolean).join(' ');
  return {
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
