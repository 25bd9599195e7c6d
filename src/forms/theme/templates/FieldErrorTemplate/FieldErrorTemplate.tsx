import type { FieldErrorProps, FormContextType, RJSFSchema, StrictRJSFSchema } from '@rjsf/utils';
import { ErrorIcon } from '../../icons/icons.tsx';
import { errorId } from '../../ids.ts';
import styles from './FieldErrorTemplate.module.css';

/**
 * The inline message under a field: an icon and the text, in the error colour, in an element whose
 * id (`{id}__error`) the control references with aria-describedby.
 *
 * The element is always in the page, empty while the field is valid, and is a polite live region:
 * a message that appears after a submit attempt, or changes as the visitor types, is announced
 * without interrupting. (Focus also moves to the first invalid field on submit, and its
 * description reads the message again.) Only the first message is shown: the rules give one per
 * field.
 */
export function FieldErrorTemplate<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>(props: FieldErrorProps<T, S, F>) {
  const { errors = [], fieldPathId } = props;
  const message = errors.find((error) => error !== '' && error !== null && error !== undefined);
  return (
    <div id={errorId(fieldPathId)} className={styles.error} aria-live="polite" aria-atomic="true">
      {message !== undefined && (
        <>
          <ErrorIcon className={styles.icon} />
          <span>{message}</span>
        </>
      )}
    </div>
  );
}
