import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { Api } from '../../../src/services/api.ts';
import { cleanupApp, currentUrl, partner, renderApp } from '../support/render.tsx';

afterEach(cleanupApp);

const signupState = {
  form: { email: 'pat@example.com', zipCode: '02134' },
  actionToken: 'action-token-1',
};

/** The claim-offer card: the h1's section. */
function card(): HTMLElement {
  const heading = page.getByRole('heading', { level: 1 }).element();
  const section = heading.closest('section');
  expect(section).not.toBeNull();
  return section as HTMLElement;
}

/** The card's paragraphs in order, with whitespace collapsed. */
function paragraphs(): string[] {
  return [...card().querySelectorAll('p')].map((p) =>
    (p.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );
}

function renderClaimOffer(clientId: string | undefined, state: unknown, api: Partial<Api> = {}) {
  return renderApp(
    { pathname: clientId ? `/${clientId}/claim-offer` : '/claim-offer', state },
    api,
  );
}

describe('ClaimOfferPage with the signup state', () => {
  it('shows the spec defaults for the default partner', async () => {
    renderClaimOffer(undefined, signupState);
    await expect
      .element(
        page.getByRole('heading', { level: 1, name: 'Get a Virtual Home Safety Assessment' }),
      )
      .toBeVisible();
    expect(paragraphs()).toEqual([
      'Exclusive Limited-Time Offer:',
      'Virtual Home Safety Scan',
      'Price: $75.00',
      'We will send your scanning instructions to pat@example.com.',
      'By continuing, I acknowledge that this home safety scan is provided solely by HomeSafe Scan.',
    ]);
    await expect.element(page.getByText('$75.00')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Claim this offer' })).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'HomeSafe Scan, back to the start' }))
      .toHaveAttribute('href', '/');
  });

  it('shows the demo header, badge, product title, price and disclaimer', async () => {
    renderClaimOffer('demo', signupState);
    await expect
      .element(
        page.getByRole('heading', { level: 1, name: 'Get a Virtual Home Safety Assessment' }),
      )
      .toBeVisible();
    expect(paragraphs()).toEqual([
      'Exclusive Limited-Time Offer:',
      'Virtual Home Safety Scan 50% off',
      'Price: $75.00',
      'We will send your scanning instructions to pat@example.com.',
      'By continuing, I acknowledge that this home safety scan is provided solely by HomeSafe Scan.',
    ]);
    // The product title's partner HTML is rendered, not shown as text.
    expect(card().querySelector('strong')?.textContent).toBe('50% off');
    const badge = page.getByText('Exclusive Limited-Time Offer:').element();
    expect(getComputedStyle(badge).backgroundColor).toBe('rgb(181, 218, 156)'); // #B5DA9C
    await expect
      .element(page.getByRole('link', { name: 'Demo Partner, back to the start' }))
      .toHaveAttribute('href', '/demo');
  });

  it('shows FREE and its own texts for cor-freedom', async () => {
    renderClaimOffer('cor-freedom', signupState);
    await expect
      .element(
        page.getByRole('heading', { level: 1, name: 'Your Free Virtual Home Safety Assessment' }),
      )
      .toBeVisible();
    await expect.element(page.getByText(/FREE$/)).toBeVisible();
    expect(paragraphs()).toEqual([
      'Exclusive Offer from Cor Freedom Care:',
      'Virtual Home Safety Scan covered by Cor Freedom Care',
      'Price: FREE',
      'We will send your scanning instructions to pat@example.com.',
      'By continuing, I acknowledge that this home safety scan is provided solely by HomeSafe Scan and is covered in full by Cor Freedom Care.',
    ]);
    expect(document.body.textContent).not.toContain('$75.00');
  });

  it('goes on to the process step with the same state', async () => {
    const { router } = renderClaimOffer('demo', signupState);
    await userEvent.click(page.getByRole('button', { name: 'Claim this offer' }));
    await expect.poll(() => currentUrl(router)).toBe('/demo/claim-offer/process');
    expect(router.state.location.state).toEqual(signupState);
  });
});

describe('ClaimOfferPage opened by a direct link (no signup state)', () => {
  const email = () => page.getByRole('textbox', { name: 'Email address' });
  const zip = () => page.getByRole('textbox', { name: 'Zip code of the home' });

  for (const [label, state] of [
    ['no state (a shared link)', undefined],
    ['a state without an action token', { form: { email: 'pat@example.com' } }],
    ['a state without an email', { form: {}, actionToken: 'x' }],
  ] as const) {
    it(`shows the full offer and the partner's signup form with ${label}`, async () => {
      renderClaimOffer('demo', state);
      await expect
        .element(
          page.getByRole('heading', { level: 1, name: 'Get a Virtual Home Safety Assessment' }),
        )
        .toBeVisible();
      await expect.element(email()).toBeVisible();
      const texts = paragraphs();
      expect(texts[0]).toBe('Exclusive Limited-Time Offer:');
      expect(texts[1]).toBe('Virtual Home Safety Scan 50% off');
      expect(texts[2]).toBe('Price: $75.00');
      expect(texts.at(-1)).toBe(
        'By continuing, I acknowledge that this home safety scan is provided solely by HomeSafe Scan.',
      );
      // The demo partner's own form: its heading, fields and button.
      const form = partner('demo').form;
      await expect
        .element(page.getByRole('heading', { level: 2, name: form.headerText }))
        .toBeVisible();
      await expect.element(zip()).toBeVisible();
      await expect.element(page.getByRole('button', { name: form.ctaText })).toBeVisible();
      expect(document.body.textContent).not.toContain('Claim this offer');
      expect(document.body.textContent).not.toContain("Let's start with your email");
    });
  }

  it("validates with the partner's rules and sends nothing while the form is invalid", async () => {
    const signup = vi.fn(async () => ({ actionToken: 'action-token-2' }));
    renderClaimOffer('cor-freedom', undefined, { signup });
    await userEvent.fill(email(), 'pat@example');
    await userEvent.click(page.getByRole('button', { name: partner('cor-freedom').form.ctaText }));
    await expect.element(page.getByText('Enter a valid email')).toBeVisible();
    expect(signup).not.toHaveBeenCalled();
  });

  it('signs up with the bot check and shows the claim button, then goes on to checkout', async () => {
    const signup = vi.fn(async () => ({ actionToken: 'action-token-2' }));
    const { router, services } = renderClaimOffer('demo', undefined, { signup });
    await userEvent.fill(email(), 'sam@example.com');
    await userEvent.fill(zip(), '02134');
    await userEvent.click(page.getByRole('button', { name: partner('demo').form.ctaText }));

    const claim = page.getByRole('button', { name: 'Claim this offer' });
    await expect.element(claim).toBeVisible();
    expect(signup).toHaveBeenCalledWith({
      email: 'sam@example.com',
      captchaToken: 'local:landing_signup',
      referral: 'demo',
      // The page's language, which the order keeps for its emails (issue 37).
      language: 'en',
    });
    expect(services.analytics.events).toContainEqual({
      event: 'account_signup',
      params: { client_id: 'demo' },
    });
    expect(services.stored.get('zipCode')).toBe('02134');
    // The page the landing page's signup leads to, with the same navigation state.
    expect(currentUrl(router)).toBe('/demo/claim-offer');
    expect(router.state.location.state).toEqual({
      form: { email: 'sam@example.com', zipCode: '02134' },
      actionToken: 'action-token-2',
    });
    await expect
      .element(page.getByText('We will send your scanning instructions to sam@example.com.'))
      .toBeVisible();
    // The form that had focus is gone: focus moves to the way on.
    await expect.element(claim).toHaveFocus();

    await userEvent.click(claim);
    await expect.poll(() => currentUrl(router)).toBe('/demo/claim-offer/process');
    expect(router.state.location.state).toEqual({
      form: { email: 'sam@example.com', zipCode: '02134' },
      actionToken: 'action-token-2',
    });
  });

  it('keeps the partner at the root for the default partner', async () => {
    const signup = vi.fn(async () => ({ actionToken: 'action-token-3' }));
    const { router } = renderClaimOffer(undefined, undefined, { signup });
    await userEvent.fill(email(), 'sam@example.com');
    await userEvent.fill(zip(), '02134');
    const describeHome = page.getByRole('combobox', { name: 'Which best describes you?' });
    (describeHome.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(page.getByRole('option', { name: 'I live in this home' }));
    await userEvent.click(page.getByRole('button', { name: partner('default').form.ctaText }));
    await expect.element(page.getByRole('button', { name: 'Claim this offer' })).toBeVisible();
    expect(currentUrl(router)).toBe('/claim-offer');
  });
});
