import { withTheme } from '@rjsf/core';
import type { ThemeProps } from '@rjsf/core';
import type { FormContextType, RJSFSchema, StrictRJSFSchema } from '@rjsf/utils';
import { ErrorListTemplate } from './templates/ErrorListTemplate/index.ts';
import { FieldErrorTemplate } from './templates/FieldErrorTemplate/index.ts';
import { FieldTemplate } from './templates/FieldTemplate/index.ts';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate/index.ts';
import { SubmitButton } from './templates/SubmitButton/index.ts';
import { SelectWidget } from './widgets/SelectWidget/index.ts';
import { TextWidget } from './widgets/TextWidget/index.ts';

/*
 * Our rjsf theme: large, accessible controls styled with the design tokens. Laid out like rjsf's own
 * themes, one folder per widget and template. Only what the signup form needs is themed; anything
 * else falls back to rjsf's core components.
 */
export function generateTheme<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>(): ThemeProps<T, S, F> {
  return {
    widgets: {
      TextWidget: TextWidget<T, S, F>,
      SelectWidget: SelectWidget<T, S, F>,
    },
    templates: {
      FieldTemplate: FieldTemplate<T, S, F>,
      FieldErrorTemplate: FieldErrorTemplate<T, S, F>,
      ObjectFieldTemplate: ObjectFieldTemplate<T, S, F>,
      ErrorListTemplate,
      ButtonTemplates: { SubmitButton: SubmitButton<T, S, F> },
    },
  };
}

/** Builds an rjsf Form component using the theme. */
export function generateForm<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>() {
  return withTheme<T, S, F>(generateTheme<T, S, F>());
}

export { CtaButton } from './templates/SubmitButton/index.ts';
export type { CtaButtonProps } from './templates/SubmitButton/index.ts';
export { errorId, labelId } from './ids.ts';
