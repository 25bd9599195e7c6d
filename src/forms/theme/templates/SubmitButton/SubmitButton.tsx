import type { FormContextType, RJSFSchema, StrictRJSFSchema, SubmitButtonProps } from '@rjsf/utils';
import { getSubmitButtonOptions } from '@rjsf/utils';
import { CtaButton } from './CtaButton.tsx';

/**
 * rjsf's submit button slot, filled with our CtaButton (`ui:submitButtonOptions.submitText` is its
 * text). SignupForm renders its own CtaButton as the form's children instead, so that it can show
 * the sending state; this template covers any other form built on the theme.
 */
export function SubmitButton<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>({ uiSchema }: SubmitButtonProps<T, S, F>) {
  const { submitText, norender } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return <CtaButton>{submitText}</CtaButton>;
}
