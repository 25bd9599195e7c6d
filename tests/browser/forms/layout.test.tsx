import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanup, renderSignupForm } from './renderSignupForm.tsx';

afterEach(cleanup);

function horizontalOverflow(): number {
  return document.documentElement.scrollWidth - document.documentElement.clientWidth;
}

/*
 * Layout at a phone width, a desktop width, and 320 CSS px (what a 1280px window shows at 400% or
 * a 640px one at 200% zoom): nothing may need horizontal scrolling.
 */
describe('SignupForm layout', () => {
  for (const [width, height] of [
    [375, 812],
    [1440, 900],
    [320, 640],
  ] as const) {
    it(`fits ${width}px without horizontal scrolling, also with errors and the list open`, async () => {
      await page.viewport(width, height);
      renderSignupForm('cor-freedom', {}, { maxWidth: '34rem', margin: '0 auto', padding: '16px' });
      await document.fonts.ready;
      expect(horizontalOverflow()).toBeLessThanOrEqual(0);

      await userEvent.click(page.getByRole('button', { name: 'Claim my free scan' }));
      await expect.element(page.getByText('Which best describes you? is required')).toBeVisible();
      expect(horizontalOverflow()).toBeLessThanOrEqual(0);

      await userEvent.click(page.getByRole('combobox', { name: 'Which best describes you?' }));
      const listbox = page.getByRole('listbox');
      await expect.element(listbox).toBeVisible();
      const box = listbox.element().getBoundingClientRect();
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(document.documentElement.clientWidth);
      for (const option of page.getByRole('option').elements()) {
        expect(option.getBoundingClientRect().height).toBeGreaterThanOrEqual(48);
        expect(getComputedStyle(option).fontSize).toBe('18px');
      }
      await userEvent.keyboard('{Escape}');
    });
  }

  it('uses large controls: 18px text, at least 52px high, 2px borders', async () => {
    await page.viewport(1440, 900);
    renderSignupForm('cor-freedom');
    for (const control of [
      page.getByRole('textbox', { name: 'Email address' }),
      page.getByRole('combobox', { name: 'Which best describes you?' }),
      page.getByRole('textbox', { name: 'Zip code of the home' }),
    ]) {
      await expect.element(control).toBeVisible();
      const style = getComputedStyle(control.element());
      expect(style.fontSize).toBe('18px');
      expect(style.borderTopWidth).toBe('2px');
      expect(control.element().getBoundingClientRect().height).toBeGreaterThanOrEqual(52);
    }
  });
});
