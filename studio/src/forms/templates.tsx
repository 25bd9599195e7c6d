import type {
  FieldTemplateProps,
  IconButtonProps,
  ObjectFieldTemplateProps,
  TitleFieldProps,
  UiSchema,
  WidgetProps,
} from '@rjsf/utils';
import { FieldTemplate as ThemeFieldTemplate } from '../../../src/forms/theme/index.ts';
import { labelId } from '../../../src/forms/theme/ids.ts';
import { SelectWidget as ThemeSelectWidget } from '../../../src/forms/theme/widgets/SelectWidget/index.ts';
import type { StudioFormContext } from './formContext.ts';

/* The studio's templates around the theme's: list buttons, groups, fields with their warnings. */

export function TextButton(label: string | ((props: IconButtonProps) => string), className = '') {
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
        {typeof label === 'string' ? label : label(props)}
      </button>
    );
  }
  return Button;
}

/**
 * A list's title (rjsf draws it as the legend of the list's group): "(required)" in words, as the
 * theme's fields say it, instead of rjsf's bare "*". Only when something must be added: a list
 * the file must hold but may leave empty (Hosts: "Leave the list empty when…") is not required
 * of the person filling it in.
 */
export function TitleTemplate({
  id,
  title,
  required,
  schema,
  optionalDataControl,
}: TitleFieldProps) {
  const mayBeEmpty = schema.type === 'array' && !((schema.minItems ?? 0) > 0);
  return (
    <legend id={id} className="studio-list-title">
      {title}
      {required && !mayBeEmpty && <span className="studio-required"> (required)</span>}
      {optionalDataControl}
    </legend>
  );
}

/** A list's add button says what it adds: "Add a question", "Add an included item". */
export function addLabel({ uiSchema }: IconButtonProps): string {
  const items = uiSchema?.items as UiSchema | undefined;
  const name = items?.['ui:itemName'];
  if (typeof name !== 'string') return 'Add an item';
  const lower = name.toLowerCase();
  return `Add ${/^[aeiou]/.test(lower) ? 'an' : 'a'} ${lower}`;
}

/**
 * A list entry's name and position ("Question 2"), from the list's `ui:itemName` (the schema's
 * `x-itemName`, see schema/schema.ts) and the entry's id, which ends in its index.
 */
function entryTitle(id: string, uiSchema: UiSchema | undefined) {
  const index = /_(\d+)$/.exec(id)?.[1];
  const name = uiSchema?.['ui:itemName'];
  return index !== undefined && typeof name === 'string'
    ? `${name} ${Number(index) + 1}`
    : undefined;
}

/** Nested settings as a titled group with its help line. */
export function GroupTemplate(props: ObjectFieldTemplateProps) {
  const id = props.fieldPathId.$id;
  const fields = props.properties
    .filter((property) => !property.hidden)
    .map((property) => <div key={property.name}>{property.content}</div>);
  // The form's root is the panel itself, which has its own heading.
  if (props.fieldPathId.path.length === 0) return <div className="studio-stack">{fields}</div>;
  const help = props.uiSchema?.['ui:help'];
  const title = entryTitle(id, props.uiSchema) ?? props.uiSchema?.['ui:title'] ?? props.title;
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

/** The checker's sentences of one kind at a field: errors (red) or warnings (amber). */
function Sentences({
  id,
  kind,
  sentences,
}: {
  id: string;
  kind: 'error' | 'warning';
  sentences: string[];
}) {
  if (sentences.length === 0) return null;
  const data = kind === 'error' ? { 'data-field-errors': id } : { 'data-field-warnings': id };
  return (
    <ul id={`${id}__${kind}`} className={`studio-${kind}-list`} {...data}>
      {sentences.map((sentence) => (
        <li key={sentence} className={`studio-${kind}`}>
          {kind === 'warning' && <span className="studio-visually-hidden">To look at: </span>}
          {sentence}
        </li>
      ))}
    </ul>
  );
}

/**
 * The theme's field template, plus what it leaves out: the checker also names whole objects ("a
 * select field needs at least one option" at /form/fields/1), and rjsf hands those sentences to
 * the field template, which shows none for objects: here they show above the group. The check's
 * warnings (they do not stop a save) show under their field, or above their group.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id } = props;
  const label = entryTitle(id, props.uiSchema) ?? props.label;
  const rendered = <ThemeFieldTemplate {...props} label={label} />;
  const errors = props.schema.type === 'object' ? (props.rawErrors ?? []) : [];
  const context = props.registry.formContext as StudioFormContext;
  const warnings = context.warnings?.[id] ?? [];
  const group = props.schema.type === 'object';
  // Always the same wrapper, only its class changing: a sentence coming or going (the checker's
  // answer, a moment after each change) must not remount the field, which took the focus and the
  // next keys from the person typing in it.
  const plain = errors.length === 0 && warnings.length === 0;
  return (
    <div
      className={
        errors.length > 0 ? 'studio-invalid-group' : plain ? 'studio-field-wrap' : undefined
      }
      data-invalid={errors.length > 0 || undefined}
    >
      <Sentences id={id} kind="error" sentences={errors} />
      {group && <Sentences id={id} kind="warning" sentences={warnings} />}
      {rendered}
      {!group && <Sentences id={id} kind="warning" sentences={warnings} />}
    </div>
  );
}

/**
 * The theme's select names its trigger by the field template's label; the choice between a
 * setting's shapes (rjsf's oneOf/anyOf select) is drawn without that template, so it gets its own
 * label here ("Kind of button").
 */
export function SelectWidget(props: WidgetProps) {
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
