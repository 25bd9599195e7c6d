import { useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import * as Select from '@radix-ui/react-select';
import type { FormContextType, RJSFSchema, StrictRJSFSchema, WidgetProps } from '@rjsf/utils';
import { CheckIcon, ChevronIcon } from '../../icons/icons.tsx';
import { fieldAria, hasHelp, labelId } from '../../ids.ts';
import { fromRadixValue, PLACEHOLDER_ITEM_VALUE, toRadixValue } from './selectValue.ts';
import control from '../../control.module.css';
import styles from './SelectWidget.module.css';

/*
 * The partner tokens the open list needs. The list is portalled to <body>, outside whatever element
 * carries the partner's custom properties, so it copies their computed values from the trigger.
 */
const inheritedTokens = [
  '--color-text',
  '--color-text-muted',
  '--color-brand',
  '--color-tint',
  '--color-border',
  '--color-focus',
  '--color-surface',
  '--font-body',
  '--radius-small',
  '--space-2',
  '--space-3',
  '--space-4',
] as const;

function readTokens(element: HTMLElement | null): CSSProperties | undefined {
  if (!element) return undefined;
  const computed = getComputedStyle(element);
  const style: Record<string, string> = {};
  for (const token of inheritedTokens) {
    const value = computed.getPropertyValue(token).trim();
    if (value !== '') style[token] = value;
  }
  return style;
}

/**
 * A select built on Radix Select, for the theme's enum fields.
 *
 * - The visible label above it (rendered by FieldTemplate with id `{id}__label`) names the trigger
 *   through aria-labelledby; its error message is wired by aria-describedby + aria-invalid.
 * - The list opens with Enter, Space or the arrow keys, moves with arrows / typeahead, picks with
 *   Enter and closes with Escape (Radix). It starts with the field's placeholder as a disabled
 *   option, then the options in the partner's order; the chosen one carries a check mark.
 * - `required` is not handed to Radix: Radix would copy it onto its hidden native <select>, whose
 *   browser validation could block or hijack submit. The form validates itself (noValidate), and the
 *   trigger gets aria-required instead.
 * - rjsf `undefined` <-> Radix "" (see selectValue.ts), so a reset shows the placeholder again; a
 *   native form reset goes through Radix's own reset listener and onValueChange, so it agrees.
 * - Read-only (while the form is sending) keeps the trigger focusable and looking as before, like
 *   the read-only text inputs, but the list does not open and the value cannot change.
 */
export function SelectWidget<
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
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [tokens, setTokens] = useState<CSSProperties | undefined>(undefined);

  const enumOptions = (options.enumOptions ?? []).map((option) => ({
    value: String(option.value),
    label: option.label,
  }));
  const radixValue = toRadixValue(
    value,
    enumOptions.map((option) => option.value),
  );

  const handleOpenChange = (nextOpen: boolean) => {
    if (nextOpen && readonly) return;
    if (nextOpen) setTokens(readTokens(triggerRef.current));
    setOpen(nextOpen);
  };

  return (
    <Select.Root
      value={radixValue}
      onValueChange={(next) => {
        if (!readonly) onChange(fromRadixValue(next));
      }}
      open={open && !readonly}
      onOpenChange={handleOpenChange}
      name={htmlName ?? name}
      disabled={disabled}
    >
      <Select.Trigger
        ref={triggerRef}
        id={id}
        className={`${control.control} ${styles.trigger}`}
        aria-labelledby={labelId(id)}
        aria-required={required || undefined}
        aria-readonly={readonly || undefined}
        {...fieldAria(id, rawErrors, hasHelp(props.uiSchema))}
        onFocus={() => onFocus(id, fromRadixValue(radixValue))}
        onBlur={() => {
          // Opening the list moves focus into it; that is not the visitor leaving the field.
          if (!open) onBlur(id, fromRadixValue(radixValue));
        }}
      >
        <span className={styles.value}>
          <Select.Value placeholder={placeholder} />
        </span>
        <Select.Icon className={styles.chevron}>
          <ChevronIcon />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          className={styles.content}
          style={tokens}
          position="popper"
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={12}
        >
          <Select.ScrollUpButton className={styles.scrollButton}>
            <ChevronIcon direction="up" />
          </Select.ScrollUpButton>
          <Select.Viewport className={styles.viewport}>
            {/* Keyed by their words too: Radix copies an item's text into its hidden native
                <option> once, so an item whose words change (the language switch) is a new one. */}
            <Select.Item
              key={`placeholder ${placeholder}`}
              value={PLACEHOLDER_ITEM_VALUE}
              disabled
              className={`${styles.item} ${styles.placeholderItem}`}
            >
              <Select.ItemText>{placeholder || '\u00a0'}</Select.ItemText>
            </Select.Item>
            {enumOptions.map((option) => (
              <Select.Item
                key={`${option.value} ${option.label}`}
                value={option.value}
                className={styles.item}
              >
                <Select.ItemIndicator className={styles.indicator}>
                  <CheckIcon />
                </Select.ItemIndicator>
                <Select.ItemText>{option.label}</Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
          <Select.ScrollDownButton className={styles.scrollButton}>
            <ChevronIcon direction="down" />
          </Select.ScrollDownButton>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
