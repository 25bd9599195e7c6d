import { withTheme } from '@rjsf/core';
import type { FormProps, ThemeProps } from '@rjsf/core';
import type { FormContextType, RJSFSchema, StrictRJSFSchema } from '@rjsf/utils';
import { createElement } from 'react';
import { ErrorListTemplate } from './templates/ErrorListTemplate/index.ts';
import { FieldErrorTemplate } from './templates/FieldErrorTemplate/index.ts';
import { FieldTemplate } from './templates/FieldTemplate/index.ts';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate/index.ts';
import { SubmitButton } from './templates/SubmitButton/index.ts';
import { SelectWidget } from './widgets/SelectWidget/index.ts';
import { TextWidget } from './widgets/TextWidget/index.ts';

/*
 * Our rjsf theme: large, accessible controls styled with the design tokens. Laid out like rjsf's own
 * themes, one folder per widget and template. Only what the visitor's forms need is themed; anything
 * else falls back to rjsf's core components. A form that needs more (the Partner Studio's colour
 * and picture pickers, its list buttons) extends the theme rather than wiring rjsf its own way.
 */

/** What a form adds to the theme: its own widgets, and templates in place of ours. */
export type ThemeExtension<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
> = Pick<ThemeProps<T, S, F>, 'widgets' | 'templates'>;

export function generateTheme<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>(extension: ThemeExtension<T, S, F> = {}): ThemeProps<T, S, F> {
  return {
    widgets: {
      TextWidget: TextWidget<T, S, F>,
      SelectWidget: SelectWidget<T, S, F>,
      ...extension.widgets,
    },
    templates: {
      FieldTemplate: FieldTemplate<T, S, F>,
      FieldErrorTemplate: FieldErrorTemplate<T, S, F>,
      ObjectFieldTemplate: ObjectFieldTemplate<T, S, F>,
      ErrorListTemplate,
      ...extension.templates,
      ButtonTemplates: {
        SubmitButton: SubmitButton<T, S, F>,
        ...extension.templates?.ButtonTemplates,
      },
    },
  };
}

/**
 * Builds an rjsf Form component using the theme (and a form's extension of it). Every form of ours
 * shows each error inline under its field, not in a list above the form, and gives its own
 * messages instead of the browser's: those two props are set here, once.
 */
export function generateForm<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>(extension?: ThemeExtension<T, S, F>) {
  const ThemedForm = withTheme<T, S, F>(generateTheme<T, S, F>(extension));
  return function Form(props: FormProps<T, S, F>) {
    return createElement(ThemedForm, { showErrorList: false, noHtml5Validate: true, ...props });
  };
}

export { CtaButton } from './templates/SubmitButton/index.ts';
export type { CtaButtonProps } from './templates/SubmitButton/index.ts';
export { FieldTemplate } from './templates/FieldTemplate/index.ts';
export { TextWidget } from './widgets/TextWidget/index.ts';
export { errorId, labelId } from './ids.ts';
