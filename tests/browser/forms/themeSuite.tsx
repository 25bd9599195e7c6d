import type Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { ErrorSchemaBuilder, type ErrorSchema, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import axe from 'axe-core';
import { createRef } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { generateForm, type ThemeExtension } from '../../../src/forms/theme/index.ts';
import { cleanup, mount } from '../support/render.tsx';

/*
 * One suite for every form theme of the project, as rjsf runs one suite over each of its themes:
 * the visitor's forms (src/forms/theme) and the studio's extension of it (studio/src/forms). What
 * the theme promises, whoever extends it: every control named by its visible label, the hint read
 * before typing, "(required)" in words, an error inline under its field once, values reported as
 * typed and `undefined` (never "") when emptied or reset, and no axe violation.
 */

interface Values {
  name?: string;
  kind?: string;
}

const schema: RJSFSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', title: 'Your name' },
    kind: {
      type: 'string',
      title: 'Kind of home',
      enum: ['house', 'apartment'],
    },
  },
};
const uiSchema: UiSchema = {
  name: { 'ui:help': 'As it is written on your bills.' },
  kind: {
    'ui:placeholder': 'Select one',
    'ui:enumNames': { house: 'A house', apartment: 'An apartment' },
  },
};
const validator = customizeValidator();

export interface ThemeUnderTest {
  /** How the suite names the theme ("the site's theme"). */
  name: string;
  extension: ThemeExtension;
  /** What the theme's templates read from the form's context (the studio's warnings...). */
  formContext?: Record<string, unknown>;
}

export function describeThemeSuite({ name, extension, formContext }: ThemeUnderTest) {
  const ThemedForm = generateForm(extension);

  function render(extraErrors?: ErrorSchema) {
    const form = createRef<Form>();
    const changes: (Values | undefined)[] = [];
    const container = mount(
      <ThemedForm
        ref={form}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formContext={formContext}
        extraErrors={extraErrors}
        onChange={(event: IChangeEvent) => changes.push(event.formData as Values)}
      />,
      { maxWidth: '480px' },
    );
    return { form, changes, container };
  }

  const nameBox = () => page.getByRole('textbox', { name: /^Your name/ });
  const kind = () => page.getByRole('combobox', { name: /^Kind of home/ });

  describe(`the form theme suite: ${name}`, () => {
    afterEach(cleanup);

    it('names each control by its visible label, reads the hint before typing and says "(required)" in words', async () => {
      const { container } = render();
      const input = nameBox().element();
      expect(input.getAttribute('aria-required')).toBe('true');
      const hint = document.getElementById(
        (input.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '',
      );
      expect(hint?.textContent).toBe('As it is written on your bills.');
      const label = container.querySelector(`label[for="${input.id}"]`);
      expect(label?.textContent).toBe('Your name (required)');
      expect(container.textContent).not.toContain('*');
      await expect.element(kind()).toHaveTextContent('Select one');
    });

    it('shows an error inline under its field, once, and marks the control invalid', async () => {
      const errors = new ErrorSchemaBuilder().addErrors('Enter your name.', 'name');
      const { container } = render(errors.ErrorSchema);
      const input = nameBox().element();
      await expect.element(nameBox()).toHaveAttribute('aria-invalid', 'true');
      expect(container.textContent?.match(/Enter your name\./g)).toHaveLength(1);
      const described = (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '');
      expect(described).toContain('Enter your name.');
      // After the control in reading order, not in a list above the form.
      const error = [...container.querySelectorAll('*')].find(
        (element) => element.children.length === 0 && element.textContent === 'Enter your name.',
      );
      expect(error && input.compareDocumentPosition(error)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    });

    it('reports what is typed, and undefined (not "") once emptied', async () => {
      const { changes } = render();
      await userEvent.fill(nameBox(), 'Pat Lee');
      expect(changes.at(-1)?.name).toBe('Pat Lee');
      await userEvent.clear(nameBox());
      await expect.poll(() => changes.at(-1)?.name).toBeUndefined();
      expect(changes.at(-1)).not.toHaveProperty('name', '');
    });

    it('reports the chosen option, and undefined with the placeholder back after a reset', async () => {
      const { form, changes } = render();
      await userEvent.click(kind());
      await userEvent.click(page.getByRole('option', { name: 'An apartment' }));
      await expect.element(kind()).toHaveTextContent('An apartment');
      expect(changes.at(-1)?.kind).toBe('apartment');
      flushSync(() => form.current?.reset());
      await expect.element(kind()).toHaveTextContent('Select one');
      await expect.poll(() => changes.at(-1)?.kind).toBeUndefined();
    });

    it('has no accessibility violation, with an error showing', async () => {
      const errors = new ErrorSchemaBuilder().addErrors('Enter your name.', 'name');
      const { container } = render(errors.ErrorSchema);
      await expect.element(nameBox()).toHaveAttribute('aria-invalid', 'true');
      const results = await axe.run(container);
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    });
  });
}
