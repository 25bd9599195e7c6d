import { ErrorSchemaBuilder, type IconButtonProps, type WidgetProps } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldTemplate, generateForm, generateTheme, TextWidget } from './index.ts';

/*
 * One rjsf wiring for the visitor's forms and the Partner Studio: the studio extends our theme
 * (its own widgets and buttons) instead of assembling rjsf by hand, and every form gets the same
 * defaults (errors inline, not in a list; our messages, not the browser's).
 */
function PickerWidget(props: WidgetProps) {
  return <output id={props.id}>picker</output>;
}
function AddButton(props: IconButtonProps) {
  return (
    <button type="button" onClick={props.onClick}>
      Add an item
    </button>
  );
}

describe('the form theme', () => {
  it('keeps our widgets and templates when a form extends it', () => {
    const base = generateTheme();
    const extended = generateTheme({
      widgets: { PickerWidget },
      templates: { ButtonTemplates: { AddButton } },
    });
    expect(extended.widgets?.TextWidget).toBe(TextWidget);
    expect(extended.widgets?.PickerWidget).toBe(PickerWidget);
    expect(extended.templates?.FieldTemplate).toBe(FieldTemplate);
    expect(extended.templates?.ButtonTemplates?.AddButton).toBe(AddButton);
    // The extension adds its button; ours stay.
    expect(extended.templates?.ButtonTemplates?.SubmitButton).toBe(
      base.templates?.ButtonTemplates?.SubmitButton,
    );
  });

  it('renders forms without the browser check and without an error list above them', () => {
    const Form = generateForm<{ name?: string; logo?: string }>({ widgets: { PickerWidget } });
    const html = renderToString(
      <Form
        schema={{
          type: 'object',
          properties: { name: { type: 'string', title: 'Name' }, logo: { type: 'string' } },
        }}
        uiSchema={{ logo: { 'ui:widget': 'PickerWidget' } }}
        validator={customizeValidator<{ name?: string; logo?: string }>()}
        extraErrors={new ErrorSchemaBuilder().addErrors('Enter a name.', 'name').ErrorSchema}
        idPrefix="test"
      />,
    );
    expect(html).toContain('noValidate=""');
    expect(html).toContain('<output id="test_logo">picker</output>');
    // The error shows inline, under its field, once: not again in a list above the form.
    expect(html.match(/Enter a name\./g)).toHaveLength(1);
    expect(html).not.toContain('panel-danger');
  });
});
