import { afterEach, describe, expect, it } from 'vitest';
import { takeCarried } from '../../../src/i18n/switchAnswers.ts';
import { answersOnSwitch, carryAnswersOnSwitch } from '../../../src/i18n/switchHandover.ts';

/**
 * Issue 37: what a visitor typed into a prerendered form before the form's code arrived goes
 * along through the language switch. The page as the prerender leaves it: the form's root with
 * its data-answers-for, plain inputs, and the switch's link; only the first script's listener.
 */
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  sessionStorage.clear();
});

function prerenderedPage(): { link: HTMLAnchorElement; email: HTMLInputElement } {
  const page = document.createElement('div');
  page.innerHTML = `
    <nav data-language-switch><a href="/lowes/es" hreflang="es">Español</a></nav>
    <div data-answers-for="get-the-scan">
      <input id="get-the-scan_email" type="email">
      <input id="get-the-scan_zip" type="text">
      <select id="get-the-scan_describeHome" disabled><option value="">Select one</option></select>
    </div>
    <div data-answers-for="claim-signup"><input id="claim-signup_email" type="email"></div>
    <p><a href="/lowes/es/privacy">Not the switch</a></p>`;
  document.body.append(page);
  // The test stays on its page: the link is followed as far as the document's listeners.
  const stay = (event: Event) => event.preventDefault();
  page.addEventListener('click', stay);
  cleanups.push(() => page.remove());
  return {
    link: page.querySelector('[data-language-switch] a') as HTMLAnchorElement,
    email: page.querySelector('#get-the-scan_email') as HTMLInputElement,
  };
}

describe('the language switch before a form has its code', () => {
  it('hands the typed fields of each prerendered form to the same form on the other page', () => {
    cleanups.push(carryAnswersOnSwitch());
    const { link, email } = prerenderedPage();
    email.value = 'rosa@example.com';
    (document.getElementById('get-the-scan_zip') as HTMLInputElement).value = '30301';
    link.click();
    expect(takeCarried('get-the-scan', '/lowes/es')).toEqual({
      email: 'rosa@example.com',
      zip: '30301',
    });
    // A form nothing was typed into hands nothing over.
    expect(takeCarried('claim-signup', '/lowes/es')).toBeUndefined();
  });

  it('keeps nothing for another link, or once it has stopped listening', () => {
    const stop = carryAnswersOnSwitch();
    const { link, email } = prerenderedPage();
    email.value = 'rosa@example.com';
    (document.querySelector('a[href="/lowes/es/privacy"]') as HTMLAnchorElement).click();
    expect(takeCarried('get-the-scan', '/lowes/es/privacy')).toBeUndefined();
    stop();
    link.click();
    expect(takeCarried('get-the-scan', '/lowes/es')).toBeUndefined();
  });

  it("takes a running form's own answers, its choices among them, over what its inputs show", () => {
    cleanups.push(carryAnswersOnSwitch());
    const { link, email } = prerenderedPage();
    email.value = 'rosa@exam';
    cleanups.push(
      answersOnSwitch('get-the-scan', () => ({
        email: 'rosa@example.com',
        describeHome: 'resident',
        zip: undefined,
      })),
    );
    link.click();
    expect(takeCarried('get-the-scan', '/lowes/es')).toEqual({
      email: 'rosa@example.com',
      describeHome: 'resident',
    });
  });
});
