import type { ChangeEvent, FocusEvent } from 'react';
import type { FormContextType, RJSFSchema, StrictRJSFSchema, WidgetProps } from '@rjsf/utils';
import { fieldAria, hasHelp } from '../../ids.ts';
import control from '../../control.module.css';
import styles from './TextWidget.module.css';

type InputMode = 'numeric' | 'email' | 'text';

function stringOption(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function inputModeOption(value: unknown): InputMode | undefined {
  return value === 'numeric' || value === 'email' || value === 'text' ? value : undefined;
}

/**
 * The text input of the theme, for email and zip fields (see fieldsToSchema.ts). It reads from its
 * uiSchema: `ui:inputType` ("email" gives type=email, anything else type=text), `ui:inputMode`
 * (the phone keyboard), `ui:autocomplete`, `ui:pattern` (a hint only: the form sets noValidate)
 * and `ui:placeholder`. An emptied input reports `undefined` (rjsf's empty value).
 */
export function TextWidget<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>(props: WidgetProps<T, S, F>) {
  const {
    id,
    htmlName,
    name,
    value,
    required,
    disabled,
    readonly,
    placeholder,
    options,
    rawErrors,
    onChange,
    onBlur,
    onFocus,
  } = props;
  const isEmail = options.inputType === 'email';
  const emptyValue: unknown = options.emptyValue;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) =>
    onChange(event.target.value === '' ? emptyValue : event.target.value);
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => onBlur(id, event.target.value);
  const handleFocus = (event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value);

  return (
    <input
      id={id}
      name={htmlName ?? name ?? id}
      className={`${control.control} ${styles.input}`}
      type={isEmail ? 'email' : 'text'}
      inputMode={inputModeOption(options.inputMode)}
      autoComplete={stringOption(options.autocomplete)}
      pattern={stringOption(options.pattern)}
      placeholder={placeholder || undefined}
      autoCapitalize={isEmail ? 'none' : undefined}
      autoCorrect={isEmail ? 'off' : undefined}
      spellCheck={isEmail ? false : undefined}
      value={typeof value === 'string' || typeof value === 'number' ? value : ''}
      aria-required={required || undefined}
      {...fieldAria(id, rawErrors, hasHelp(props.uiSchema))}
      disabled={disabled}
      readOnly={readonly}
      onChange={handleChange}
      onBlur={handleBlur}
      onFocus={handleFocus}
    />
  );
}
