import { ariaDescribedByIds, descriptionId, type WidgetProps } from '@rjsf/utils';
import { fieldLabel } from '../schema/schema.ts';

/**
 * A tick box labelled in words, "(required)" written out as the studio's other fields have it:
 * rjsf's own draws the property's name with a star ("scrollToForm*").
 */
export function CheckboxWidget({
  id,
  htmlName,
  value,
  required,
  disabled,
  readonly,
  autofocus,
  label,
  hideLabel,
  schema,
  options,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  // rjsf's label is a title when there is one, else the property's name: that one in words.
  const words = /^[a-z]\S*$/.test(label) ? fieldLabel(label) : label;
  // rjsf's field template leaves a tick box's description to the widget, as rjsf's own does.
  const description = options.description ?? schema.description;
  return (
    <>
      {!hideLabel && description && (
        <p id={descriptionId(id)} className="studio-help">
          {description}
        </p>
      )}
      <label className="studio-checkbox">
        <input
          id={id}
          name={htmlName ?? id}
          type="checkbox"
          checked={value === true}
          required={required}
          disabled={disabled || readonly}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- rjsf's choice, off unless asked for
          autoFocus={autofocus}
          aria-describedby={ariaDescribedByIds(id)}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={(event) => onBlur(id, event.target.checked)}
          onFocus={(event) => onFocus(id, event.target.checked)}
        />
        {hideLabel ? <span className="studio-visually-hidden">{words}</span> : <span>{words}</span>}
        {/* Hidden from screen readers, as the theme's fields do: the box itself says required. */}
        {required && !hideLabel && (
          <span className="studio-required" aria-hidden="true">
            {' '}
            (required)
          </span>
        )}
      </label>
    </>
  );
}
