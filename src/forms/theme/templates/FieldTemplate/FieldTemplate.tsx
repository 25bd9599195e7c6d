import type {
  FieldTemplateProps,
  FormContextType,
  RJSFSchema,
  StrictRJSFSchema,
} from '@rjsf/utils';
import { helpId, labelId } from '../../ids.ts';
import styles from './FieldTemplate.module.css';
import { formsWords } from '../../../../i18n/areas/forms.ts';
import { useText } from '../../../../i18n/words.ts';

/**
 * One field: its label above the control (always visible, never a placeholder-only label), its
 * hint (`ui:help`) between the label and the control, where it is read before typing, then the
 * control and its inline error message right under it (rendered by FieldErrorTemplate, passed in
 * as `errors`). The control names both with aria-describedby (see ids.ts).
 * Required fields say "(required)" in words; the control itself carries aria-required, so the
 * words are hidden from screen readers to avoid hearing "required" twice.
 * The root object only renders its children (the ObjectFieldTemplate stack).
 */
export function FieldTemplate<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>(props: FieldTemplateProps<T, S, F>) {
  const {
    id,
    label,
    children,
    errors,
    rawHelp,
    hidden,
    required,
    displayLabel,
    schema,
    rawErrors,
  } = props;

  const t = useText(formsWords);
  if (schema.type === 'object') return children;
  if (hidden) return <div hidden>{children}</div>;

  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <div className={styles.field} data-field={id} data-invalid={invalid || undefined}>
      {displayLabel !== false && (
        <label id={labelId(id)} htmlFor={id} className={styles.label}>
          {label}
          {required && (
            <span className={styles.required} aria-hidden="true">
              {t('requiredMark')}
            </span>
          )}
        </label>
      )}
      {rawHelp && (
        <p id={helpId(id)} className={styles.help}>
          {rawHelp}
        </p>
      )}
      {children}
      {errors}
    </div>
  );
}
