import { createRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { fieldsToSchema } from '../../../src/forms/signup/fieldsToSchema.ts';
import type { SignupFormData } from '../../../src/forms/signup/values.ts';
import { generateForm } from '../../../src/forms/theme/index.ts';
import { partner } from './renderSignupForm.tsx';

const ThemedForm = generateForm<SignupFormData>();
const validator = customizeValidator<SignupFormData>();

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  root?.unmount();
  container?.remove();
  root = undefined;
  container = undefined;
});

/** An uncontrolled themed form for the lowes fields (email + describeHome), with its rjsf instance. */
function renderThemedForm() {
  const { schema, uiSchema } = fieldsToSchema(partner('lowes').form.fields);
  const form = createRef<Form<SignupFormData>>();
  const changes: (SignupFormData | undefined)[] = [];
  container = document.createElement('div');
  container.style.maxWidth = '480px';
  document.body.append(container);
  const mountedRoot = createRoot(container);
  root = mountedRoot;
  flushSync(() =>
    mountedRoot.render(
      <ThemedForm
        ref={form}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        noHtml5Validate
        showErrorList={false}
        onChange={(event: IChangeEvent<SignupFormData>) => changes.push(event.formData)}
      />,
    ),
  );
  return { form, changes, element: container.querySelector('form') };
}

const describeHome = () => page.getByRole('combobox', { name: 'Which best describes you?' });

async function choose(label: string) {
  await userEvent.click(describeHome());
  await userEvent.click(page.getByRole('option', { name: label }));
  await expect.element(describeHome()).toHaveTextContent(label);
}

describe('theme SelectWidget with rjsf', () => {
  it('reports the chosen value, and undefined (not "") when reset; the placeholder shows again', async () => {
    const { form, changes } = renderThemedForm();
    await expect.element(describeHome()).toHaveTextContent('Select one');
    await choose('Someone I care about lives here');
    expect(changes.at(-1)?.describeHome).toBe('caregiver');

    flushSync(() => form.current?.reset());
    await expect.element(describeHome()).toHaveTextContent('Select one');
    await expect.element(describeHome()).toHaveAttribute('data-placeholder', '');
    await expect.poll(() => changes.at(-1)).toBeDefined();
    expect(changes.at(-1)?.describeHome).toBeUndefined();

    // It still works after the reset.
    await choose("I'm a home safety professional");
    expect(changes.at(-1)?.describeHome).toBe('professional');
  });

  it('goes back to the placeholder on a native form reset too', async () => {
    const { changes, element } = renderThemedForm();
    await choose('I live in this home');
    expect(changes.at(-1)?.describeHome).toBe('resident');
    element?.reset();
    await expect.element(describeHome()).toHaveTextContent('Select one');
    await expect.poll(() => changes.at(-1)?.describeHome).toBeUndefined();
  });

  it('shows a check mark next to the chosen option only', async () => {
    renderThemedForm();
    await choose('Someone I care about lives here');
    await userEvent.click(describeHome());
    const checked = page.getByRole('option', { name: 'Someone I care about lives here' });
    await expect.element(checked).toHaveAttribute('data-state', 'checked');
    expect(checked.element().querySelector('svg')).not.toBeNull();
    const others = page
      .getByRole('option')
      .elements()
      .filter((option) => option !== checked.element());
    expect(others.map((option) => option.querySelector('svg'))).toEqual([null, null, null, null]);
    await userEvent.keyboard('{Escape}');
  });
});

// What every theme promises (typing, emptying, labels, errors) is in themeSuite.tsx.
