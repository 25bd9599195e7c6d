import { useMemo, useState } from 'react';
import type {
  ErrorSchema,
  FieldTemplateProps,
  IconButtonProps,
  ObjectFieldTemplateProps,
  RJSFSchema,
  UiSchema,
  WidgetProps,
} from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020.js';
import {
  FieldTemplate as ThemeFieldTemplate,
  generateForm,
  TextWidget,
} from '../../../src/forms/theme/index.ts';
import { fieldAria, hasHelp, labelId } from '../../../src/forms/theme/ids.ts';
import { SelectWidget as ThemeSelectWidget } from '../../../src/forms/theme/widgets/SelectWidget/index.ts';
import { contrastRatio, enhancedTextContrast } from '../../../src/config/contrast.ts';
import { humanize, type Json } from '../schema/schema.ts';
import {
  browserZone,
  commonZones,
  describeMoment,
  offsetAt,
  splitIso,
  zoneChoices,
  zonedToIso,
  zoneFor,
} from './zonedTime.ts';

/**
 * The studio's forms: rjsf with the project's own theme (src/forms/theme: the labelled text input,
 * the Radix select, the field template with its help line and inline error), plus what an editor
 * needs and a visitor's form does not: nested groups with a heading, list buttons that say what
 * they do, a colour picker and a picture picker. Errors come from the partner checker only
 * (passed as extraErrors), never from rjsf's own validation, so each field shows the checker's
 * sentence.
 */
export interface StudioFormContext {
  /** Pictures already in the partner's folder (each upload's optimised copy), for the picker. */
  images: string[];
  /** The page background a colour is read against (for the contrast readout). */
  textColor?: string;
}

function TextButton(label: string, className = '') {
  function Button(props: IconButtonProps) {
    const { onClick, disabled, id } = props;
    return (
      <button
        type="button"
        id={id}
        className={`studio-button studio-button-small ${className}`}
        onClick={onClick}
        disabled={disabled}
      >
        {label}
      </button>
    );
  }
  return Button;
}

/** Nested settings as a titled group with its help line. */
function GroupTemplate(props: ObjectFieldTemplateProps) {
  const id = props.fieldPathId.$id;
  const fields = props.properties
    .filter((property) => !property.hidden)
    .map((property) => <div key={property.name}>{property.content}</div>);
  // The form's root is the panel itself, which has its own heading.
  if (props.fieldPathId.path.length === 0) return <div className="studio-stack">{fields}</div>;
  const help = props.uiSchema?.['ui:help'];
  const title = props.uiSchema?.['ui:title'] ?? props.title;
  return (
    <fieldset className="studio-group" id={id}>
      <legend tabIndex={-1} id={`${id}__legend`}>
        {title}
      </legend>
      {typeof help === 'string' && <p className="studio-help">{help}</p>}
      <div className="studio-stack">{fields}</div>
    </fieldset>
  );
}

/**
 * The theme's field template, plus what it leaves out for groups: the checker also names whole
 * objects ("a select field needs at least one option" at /form/fields/1), and rjsf hands those
 * sentences to the field template, which shows none for objects. Here they show above the group.
 */
function FieldTemplate(props: FieldTemplateProps) {
  // rjsf labels list items "bullets-1"; people read "Bullets, item 1".
  const item = /_(\d+)$/.test(props.id) ? /^(.*)-(\d+)$/.exec(props.label) : null;
  const label = item ? `${humanize(item[1] ?? '')}, item ${item[2]}` : props.label;
  const rendered = <ThemeFieldTemplate {...props} label={label} />;
  const errors = props.rawErrors ?? [];
  if (props.schema.type !== 'object' || errors.length === 0) return rendered;
  return (
    <div className="studio-invalid-group" data-invalid>
      <ul id={`${props.id}__error`} className="studio-error-list" data-field-errors={props.id}>
        {errors.map((message) => (
          <li key={message} className="studio-error">
            {message}
          </li>
        ))}
      </ul>
      {rendered}
    </div>
  );
}

function ColorWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  const context = props.registry.formContext as StudioFormContext;
  const against = props.id.endsWith('textColor') ? '#FFFFFF' : (context.textColor ?? '#FFFFFF');
  const onWhite = !props.id.endsWith('textColor') && /brandColor$/.test(props.id);
  const reference = onWhite ? '#FFFFFF' : against;
  const ratio =
    valid && /^#[0-9a-f]{6}$/i.test(reference) ? contrastRatio(value, reference) : undefined;
  return (
    <div className="studio-color">
      <TextWidget {...props} />
      <input
        type="color"
        className="studio-color-picker"
        aria-label={`Pick ${props.label.toLowerCase()} from a palette`}
        value={valid ? value.toLowerCase() : '#000000'}
        onChange={(event) => props.onChange(event.target.value.toUpperCase())}
      />
      {ratio !== undefined && (
        <p className="studio-contrast" data-contrast-for={props.id}>
          <span className="studio-swatch" style={{ background: value }} aria-hidden="true" />
          Contrast with {onWhite || props.id.endsWith('textColor')
            ? 'white'
            : 'the text colour'}: <strong>{ratio.toFixed(1)}:1</strong>{' '}
          {ratio >= enhancedTextContrast
            ? '— meets the 7:1 goal for body text'
            : ratio >= 4.5
              ? '— readable (4.5:1) but below the 7:1 goal for body text'
              : '— too low: below 4.5:1'}
        </p>
      )}
    </div>
  );
}

function AssetWidget(props: WidgetProps) {
  const context = props.registry.formContext as StudioFormContext;
  const value = typeof props.value === 'string' ? props.value : '';
  const choices = [...new Set([...(value ? [value] : []), ...context.images])];
  return (
    <div className="studio-asset">
      <TextWidget {...props} />
      {choices.length > 0 && (
        <label className="studio-asset-pick">
          <span>Or choose an uploaded picture</span>
          <select
            id={`${props.id}__pick`}
            value={value}
            onChange={(event) => props.onChange(event.target.value || undefined)}
          >
            <option value="">(choose a picture)</option>
            {choices.map((path) => (
              <option key={path} value={path}>
                {path.split('/').pop()}
              </option>
            ))}
          </select>
        </label>
      )}
      {value && /\.(svg|png|jpe?g|webp|avif)$/.test(value) && (
        <img className="studio-thumb" src={value} alt="" />
      )}
    </div>
  );
}

/**
 * A schedule's start or end: a date and time as on a wall clock, and the place whose clock it is.
 * The file gets the ISO time with that place's offset on that day (daylight saving included);
 * the line under it says the moment in words and in UTC, so nobody has to work out an offset.
 */
function ZonedTimeWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const split = value ? splitIso(value) : undefined;
  const preferred = [browserZone(), ...commonZones.map((entry) => entry.zone)];
  const [chosen, setChosen] = useState(() => (value && zoneFor(value, preferred)) || browserZone());
  // A value whose offset is not the chosen place's on that day (typed in the file, or another
  // variant's) shows under a place it matches.
  const zone =
    split && offsetAt(chosen, split.epochMs) !== split.offset
      ? (zoneFor(value, preferred) ?? chosen)
      : chosen;
  const whenId = `${props.id}__when`;
  const aria = fieldAria(props.id, props.rawErrors, hasHelp(props.uiSchema));
  return (
    <div className="studio-zoned">
      <input
        type="datetime-local"
        id={props.id}
        value={split?.local ?? ''}
        onChange={(event) =>
          props.onChange(event.target.value ? zonedToIso(event.target.value, zone) : undefined)
        }
        {...aria}
        aria-describedby={[aria['aria-describedby'], whenId].filter(Boolean).join(' ')}
      />
      <label className="studio-zoned-zone">
        <span>Time zone</span>
        <select
          id={`${props.id}__zone`}
          value={zone}
          onChange={(event) => {
            setChosen(event.target.value);
            if (split) props.onChange(zonedToIso(split.local, event.target.value));
          }}
        >
          {zoneChoices(zone).map((entry) => (
            <option key={entry.zone} value={entry.zone}>
              {entry.label}
            </option>
          ))}
        </select>
      </label>
      {value !== '' && (
        <button
          type="button"
          className="studio-button studio-button-small"
          onClick={() => props.onChange(undefined)}
          aria-label={`Clear ${props.label.toLowerCase()}`}
        >
          Clear
        </button>
      )}
      <p id={whenId} className="studio-help studio-zoned-when">
        {split
          ? describeMoment(value, zone)
          : value
            ? `The file says “${value}”, which is not a date and time with its zone; pick a date and time to replace it.`
            : 'Not set.'}
      </p>
    </div>
  );
}

/**
 * The theme's select names its trigger by the field template's label; the choice between a
 * setting's shapes (rjsf's oneOf/anyOf select) is drawn without that template, so it gets its own
 * label here ("Kind of button").
 */
function SelectWidget(props: WidgetProps) {
  if (!/__(one|any)of_select$/.test(props.id)) return <ThemeSelectWidget {...props} />;
  return (
    <>
      <span id={labelId(props.id)} className="studio-visually-hidden">
        Kind of {props.label.toLowerCase()}
      </span>
      <ThemeSelectWidget {...props} />
    </>
  );
}

const Form = generateForm({
  widgets: { ColorWidget, AssetWidget, ZonedTimeWidget, SelectWidget },
  templates: {
    ObjectFieldTemplate: GroupTemplate,
    FieldTemplate,
    ButtonTemplates: {
      AddButton: TextButton('Add an item', 'studio-button-add'),
      CopyButton: TextButton('Duplicate'),
      MoveUpButton: TextButton('Move up'),
      MoveDownButton: TextButton('Move down'),
      RemoveButton: TextButton('Remove', 'studio-button-danger'),
    },
  },
});

// The schema is 2020-12; rjsf only uses the validator to pick branches and fill defaults here.
const validator = customizeValidator({
  AjvClass: Ajv2020,
  ajvOptionsOverrides: { strict: false, discriminator: true },
});

const defaultsOfRequiredOnly = {
  arrayMinItems: { populate: 'requiredOnly' },
  emptyObjectFields: 'populateRequiredDefaults',
} as const;

export function StudioForm({
  idPrefix,
  schema,
  uiSchema,
  formData,
  errors,
  context,
  onChange,
}: {
  idPrefix: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Json;
  errors: ErrorSchema;
  context: StudioFormContext;
  onChange: (data: Json) => void;
}) {
  const ui = useMemo(
    () => ({ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }),
    [uiSchema],
  );
  return (
    <Form
      idPrefix={idPrefix}
      schema={schema}
      uiSchema={ui}
      formData={formData}
      validator={validator}
      extraErrors={errors}
      formContext={context}
      // Opening a block changes nothing in it: an optional list or group left out stays out (an
      // offer's "includedItems" became [null], which the checker refuses; an image-text block
      // got a button), and only a required setting gets its schema default.
      experimental_defaultFormStateBehavior={defaultsOfRequiredOnly}
      onChange={(event) => onChange(event.formData as Json)}
    />
  );
}
