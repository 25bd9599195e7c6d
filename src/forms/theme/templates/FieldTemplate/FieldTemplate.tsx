import type {
  FieldTemplateProps,
  FormContextType,
  RJSFSchema,
  StrictRJSFSchema,
} from '@rjsf/utils';
import { labelId } from '../../ids.ts';
import styles from './FieldTemplate.module.css';

/**
 * One field: its label above the control (always visible, never a placeholder-only label), the
 * control, then its inline error message (rendered by FieldErrorTemplate, passed in as `errors`).
 * Required fields say "(required)" in words; the control itself carries aria-required, so the
 * words are hidden from screen readers to avoid hearing "required" twice.
 * The root object only renders its children (the ObjectFieldTemplate stack).
 */
export function FieldTemplate<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>(props: FieldTemplateProps<T, S, F>) {
  const { id, label, children, errors, help, hidden, required, displayLabel, schema, rawErrors } =
    props;

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
              {' '}
              (required)
            </span>
          )}
        </label>
      )}
      {children}
      {errors}
      {help}
    </div>
  );
}
