import { startTransition, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { LanguageProvider } from '../../../src/i18n/languageContext.tsx';
import type { Language } from '../../../src/i18n/languages.ts';
import { SignupForm } from '../../../src/forms/signup/SignupForm.tsx';
import { cleanup, deferred, partner, renderSignupForm } from './renderSignupForm.tsx';

afterEach(cleanup);

const describeHomeLabels = [
  'I live in this home',
  'Someone I care about lives here',
  "I'm helping someone stay safe at home",
  "I'm a home safety professional",
];

const email = () => page.getByRole('textbox', { name: 'Email address' });
const zip = () => page.getByRole('textbox', { name: 'Zip code of the home' });
const describeHome = () => page.getByRole('combobox', { name: 'Which best describes you?' });
const submitButton = (name: string) => page.getByRole('button', { name });

/** The element an aria-describedby points at. */
function describedElement(control: Element): HTMLElement {
  const id = control.getAttribute('aria-describedby');
  expect(id, 'aria-describedby').toBeTruthy();
  const target = document.getElementById(id ?? '');
  expect(target, `#${id}`).not.toBeNull();
  return target as HTMLElement;
}

describe('SignupForm: rendering', () => {
  it('renders the heading, subtitle HTML, fields, CTA and consent of cor-freedom', async () => {
    const { container } = renderSignupForm('cor-freedom');
    const config = partner('cor-freedom');
    await expect
      .element(page.getByRole('heading', { level: 2, name: config.form.headerText }))
      .toBeVisible();
    expect(container.querySelector('h2 + div strong')?.textContent).toBe(
      'There is nothing to pay.',
    );
    await expect.element(email()).toHaveAttribute('type', 'email');
    await expect.element(email()).toHaveAttribute('autocomplete', 'email');
    await expect.element(email()).toHaveAttribute('placeholder', 'you@example.com');
    await expect.element(zip()).toHaveAttribute('type', 'text');
    await expect.element(zip()).toHaveAttribute('inputmode', 'numeric');
    await expect.element(zip()).toHaveAttribute('autocomplete', 'postal-code');
    await expect.element(zip()).toHaveAttribute('pattern', '[0-9]{5}');
    await expect.element(describeHome()).toHaveTextContent('Select one');
    for (const control of [email(), zip(), describeHome()]) {
      await expect.element(control).toHaveAttribute('aria-required', 'true');
      await expect.element(control).not.toHaveAttribute('aria-invalid');
    }
    // Labels are visible text above each control, with "(required)" in words.
    expect([...container.querySelectorAll('label')].map((label) => label.textContent)).toEqual([
      'Email address (required)',
      'Which best describes you? (required)',
      'Zip code of the home (required)',
    ]);
    await expect.element(submitButton(config.form.ctaText)).toBeEnabled();
    await expect.element(page.getByText(config.form.consentText ?? '')).toBeVisible();
    await expect
      .element(submitButton(config.form.ctaText))
      .toHaveAccessibleDescription(config.form.consentText ?? '');
  });

  it('colours the CTA with the partner colour, at least 52px high, full width on a phone', async () => {
    await page.viewport(375, 800);
    const { container } = renderSignupForm('demo');
    const button = submitButton('Claim 50% off my scan');
    await expect.element(button).toBeVisible();
    // The colour at rest: an earlier test may have left the pointer where the button now is (its
    // hover colour is mixed), and the colour change is a 120 ms transition.
    await userEvent.unhover(button);
    const element = button.element();
    await expect.poll(() => getComputedStyle(element).backgroundColor).toBe('rgb(181, 218, 156)'); // #B5DA9C
    expect(element.getBoundingClientRect().height).toBeGreaterThanOrEqual(52);
    const form = container.querySelector('form');
    expect(form).not.toBeNull();
    expect(Math.round(element.getBoundingClientRect().width)).toBe(
      Math.round(form?.getBoundingClientRect().width ?? 0),
    );
  });

  it('uses the default consent sentence and the requested heading level', async () => {
    const config = partner('lowes');
    renderSignupForm('lowes', {
      form: { ...config.form, consentText: undefined },
      partnerName: 'Acme Care',
      headingLevel: 3,
    });
    await expect
      .element(page.getByRole('heading', { level: 3, name: config.form.headerText }))
      .toBeVisible();
    await expect
      .element(
        page.getByText(
          'By continuing, you consent to Acme Care receiving your home safety report.',
        ),
      )
      .toBeVisible();
  });

  it('lets the browser never block submit: noValidate form, no native required on the hidden select', async () => {
    const { container } = renderSignupForm('cor-freedom');
    await expect.element(describeHome()).toBeVisible();
    const form = container.querySelector('form');
    expect(form?.noValidate).toBe(true);
    const nativeSelect = container.querySelector('select');
    expect(nativeSelect?.required ?? false).toBe(false);
    expect(container.querySelectorAll('[required]')).toHaveLength(0);
  });
});

describe('SignupForm: validation', () => {
  it('demo: empty submit shows the required messages inline, focuses the first invalid field', async () => {
    const { container, submitted } = renderSignupForm('demo');
    await userEvent.click(submitButton('Claim 50% off my scan'));

    await expect.element(email()).toHaveFocus();
    await expect.element(email()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(zip()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(email()).toHaveAccessibleDescription('Email address is required');
    await expect.element(zip()).toHaveAccessibleDescription('Zip code of the home is required');

    const message = describedElement(email().element());
    expect(message.textContent).toBe('Email address is required');
    expect(message.getAttribute('aria-live')).toBe('polite');
    // Inline: the message sits right under its own field, not in a list at the top.
    expect(message.previousElementSibling).toBe(email().element());
    expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(2);
    expect(container.textContent?.match(/is required/g)).toHaveLength(2);
    expect(submitted).toEqual([]);
  });

  it('keeps the messages shown through a language switch, in the new language, and leaves focus on the switch', async () => {
    let switchTo: (language: Language) => void = () => undefined;
    function FormInLanguage() {
      const [language, setLanguage] = useState<Language>('en');
      // As the router moves to the other language's address: a transition.
      switchTo = (next) => startTransition(() => setLanguage(next));
      return (
        <LanguageProvider value={language}>
          <Suspense fallback={null}>
            <SignupForm
              form={partner('demo').form}
              partnerName="Demo"
              onSubmit={() => Promise.resolve()}
            />
          </Suspense>
        </LanguageProvider>
      );
    }
    const container = document.createElement('div');
    const languageSwitch = document.createElement('button');
    languageSwitch.textContent = 'Español';
    document.body.append(languageSwitch, container);
    const root = createRoot(container);
    try {
      root.render(<FormInLanguage />);
      await userEvent.click(submitButton('Claim 50% off my scan'));
      await expect.element(email()).toHaveAccessibleDescription('Email address is required');

      languageSwitch.focus();
      switchTo('es');
      await expect.element(email()).toHaveAccessibleDescription('Falta completar: Email address');
      await expect
        .element(zip())
        .toHaveAccessibleDescription('Falta completar: Zip code of the home');
      await expect.element(email()).toHaveAttribute('aria-invalid', 'true');
      expect(document.activeElement).toBe(languageSwitch);
    } finally {
      root.unmount();
      container.remove();
      languageSwitch.remove();
    }
  });

  it('cor-freedom: three required messages; focus goes to the first invalid field in order', async () => {
    const { submitted } = renderSignupForm('cor-freedom');
    await userEvent.click(submitButton('Claim my free scan'));
    await expect.element(email()).toHaveFocus();
    await expect.element(email()).toHaveAccessibleDescription('Email address is required');
    await expect
      .element(describeHome())
      .toHaveAccessibleDescription('Which best describes you? is required');
    await expect.element(describeHome()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(zip()).toHaveAccessibleDescription('Zip code of the home is required');

    await userEvent.fill(email(), 'pat@example.com');
    await userEvent.click(submitButton('Claim my free scan'));
    await expect.element(describeHome()).toHaveFocus();
    expect(submitted).toEqual([]);
  });

  it('lowes: shows "Enter a valid email" and the select required message', async () => {
    renderSignupForm('lowes');
    await userEvent.fill(email(), 'pat@example');
    await userEvent.click(submitButton('Claim 50% off my scan'));
    await expect.element(email()).toHaveAccessibleDescription('Enter a valid email');
    await expect
      .element(describeHome())
      .toHaveAccessibleDescription('Which best describes you? is required');
    await expect.element(email()).toHaveFocus();
  });

  it('demo: shows "Enter a valid 5-digit zip code"', async () => {
    renderSignupForm('demo');
    await userEvent.fill(email(), 'pat@example.com');
    await userEvent.fill(zip(), '1234');
    await userEvent.click(submitButton('Claim 50% off my scan'));
    await expect.element(zip()).toHaveAccessibleDescription('Enter a valid 5-digit zip code');
    await expect.element(zip()).toHaveFocus();
    await expect.element(email()).not.toHaveAttribute('aria-invalid');
  });

  it('cor-freedom: shows the partner’s own zip message', async () => {
    renderSignupForm('cor-freedom');
    await userEvent.fill(zip(), '12');
    await userEvent.click(submitButton('Claim my free scan'));
    await expect
      .element(zip())
      .toHaveAccessibleDescription('Please enter the 5-digit ZIP code of the home being scanned');
  });

  it('validates as the visitor types only after the first submit attempt', async () => {
    renderSignupForm('demo');
    await userEvent.fill(email(), 'pat@');
    await userEvent.click(zip()); // blur
    await expect.element(email()).not.toHaveAttribute('aria-invalid');

    await userEvent.click(submitButton('Claim 50% off my scan'));
    await expect.element(email()).toHaveAccessibleDescription('Enter a valid email');

    await userEvent.type(email(), 'example.com');
    await expect.element(email()).not.toHaveAttribute('aria-invalid');
    await expect.element(email()).toHaveAccessibleDescription('');

    await userEvent.clear(email());
    await expect.element(email()).toHaveAccessibleDescription('Email address is required');
    await userEvent.type(email(), '   ');
    await expect.element(email()).toHaveAccessibleDescription('Email address is required');
  });
});

describe('SignupForm: the describeHome select', () => {
  it('opens with the keyboard, lists a disabled placeholder then the options word for word, and picks one', async () => {
    const { submitted } = renderSignupForm('cor-freedom');
    await userEvent.fill(email(), 'pat@example.com');
    await userEvent.fill(zip(), '02134');

    await expect.element(describeHome()).toBeVisible();
    // While the list is open Radix hides the rest of the page from assistive technology (so the
    // combobox cannot be found by role then): keep the element itself.
    const trigger = describeHome().element() as HTMLElement;
    trigger.focus();
    await expect.element(describeHome()).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const listbox = page.getByRole('listbox');
    await expect.element(listbox).toBeVisible();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(listbox.element().id);
    const options = page.getByRole('option').elements();
    expect(options.map((option) => option.textContent)).toEqual([
      'Select one',
      ...describeHomeLabels,
    ]);
    expect(options[0]?.getAttribute('aria-disabled')).toBe('true');
    expect(options.slice(1).map((option) => option.getAttribute('aria-disabled'))).toEqual([
      null,
      null,
      null,
      null,
    ]);

    // With no choice yet, Radix starts on the first option that can be chosen (not the placeholder).
    await expect.element(page.getByRole('option', { name: 'I live in this home' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect
      .element(page.getByRole('option', { name: 'Someone I care about lives here' }))
      .toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await expect.element(listbox).not.toBeInTheDocument();
    await expect.element(describeHome()).toHaveTextContent('Someone I care about lives here');
    await expect.element(describeHome()).toHaveFocus();

    await userEvent.click(submitButton('Claim my free scan'));
    await expect
      .poll(() => submitted)
      .toEqual([{ email: 'pat@example.com', describeHome: 'caregiver', zipCode: '02134' }]);
  });

  it('does not let the disabled placeholder option be chosen', async () => {
    renderSignupForm('lowes');
    await userEvent.click(describeHome());
    await userEvent.click(page.getByRole('option', { name: "I'm a home safety professional" }));
    await expect.element(describeHome()).toHaveTextContent("I'm a home safety professional");

    await userEvent.click(describeHome());
    const placeholder = page.getByRole('option', { name: 'Select one' });
    await expect.element(placeholder).toHaveAttribute('data-disabled', '');
    await userEvent.click(placeholder, { force: true });
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('listbox')).not.toBeInTheDocument();
    await expect.element(describeHome()).toHaveTextContent("I'm a home safety professional");
  });

  it('clears its error once a choice is made after a failed submit', async () => {
    renderSignupForm('lowes');
    await userEvent.click(submitButton('Claim 50% off my scan'));
    await expect.element(describeHome()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(describeHome());
    await userEvent.click(page.getByRole('option', { name: 'I live in this home' }));
    await expect.element(describeHome()).not.toHaveAttribute('aria-invalid');
  });
});

describe('SignupForm: submitting', () => {
  it('hands trimmed values to onSubmit', async () => {
    const { submitted } = renderSignupForm('demo');
    await userEvent.fill(email(), '   pat@example.com   ');
    await userEvent.fill(zip(), ' 02134 ');
    await userEvent.click(submitButton('Claim 50% off my scan'));
    await expect.poll(() => submitted).toEqual([{ email: 'pat@example.com', zipCode: '02134' }]);
  });

  it('is disabled and shows it is sending while the promise runs; no double submit; idle again with values kept after a rejection', async () => {
    const sending = deferred();
    let calls = 0;
    const { container } = renderSignupForm('demo', {
      onSubmit: () => {
        calls += 1;
        return sending.promise;
      },
    });
    await userEvent.fill(email(), 'pat@example.com');
    await userEvent.fill(zip(), '02134');
    const button = submitButton('Claim 50% off my scan');
    await userEvent.click(button);

    await expect.element(button).toBeDisabled();
    await expect.element(button).toHaveAttribute('aria-disabled', 'true');
    expect(button.element().querySelector('[aria-hidden="true"]')).not.toBeNull(); // the spinner
    await expect.element(page.getByRole('status')).toHaveTextContent('Sending');

    // Neither Enter in a field nor a programmatic submit sends it again.
    await userEvent.click(email());
    await userEvent.keyboard('{Enter}');
    container.querySelector('form')?.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(1);

    sending.reject(new Error('503: Unknown error'));
    await expect.element(button).toBeEnabled();
    await expect.element(button).not.toHaveAttribute('aria-disabled');
    await expect.element(page.getByRole('status')).toHaveTextContent('');
    expect(button.element().querySelector('[aria-hidden="true"]')).toBeNull();
    await expect.element(email()).toHaveValue('pat@example.com');
    await expect.element(zip()).toHaveValue('02134');

    // And it can be sent again.
    await userEvent.click(button);
    await expect.poll(() => calls).toBe(2);
  });

  it('returns to idle with the values kept after the promise resolves', async () => {
    const sending = deferred();
    renderSignupForm('lowes', { onSubmit: () => sending.promise });
    await userEvent.fill(email(), 'pat@example.com');
    await userEvent.click(describeHome());
    await userEvent.click(page.getByRole('option', { name: 'Someone I care about lives here' }));
    const button = submitButton('Claim 50% off my scan');
    await userEvent.click(button);
    await expect.element(button).toBeDisabled();
    // The select cannot change while sending.
    await expect.element(describeHome()).toHaveAttribute('aria-readonly', 'true');
    sending.resolve();
    await expect.element(button).toBeEnabled();
    // Disabling the focused button dropped focus; it is given back once the form is idle.
    await expect.element(button).toHaveFocus();
    await expect.element(email()).toHaveValue('pat@example.com');
    await expect.element(describeHome()).toHaveTextContent('Someone I care about lives here');
    await expect.element(describeHome()).not.toHaveAttribute('aria-readonly');
  });
});
