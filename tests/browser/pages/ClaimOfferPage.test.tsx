import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanupApp, currentUrl, renderApp } from '../support/render.tsx';

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

function renderClaimOffer(clientId: string | undefined, state: unknown) {
  return renderApp({ pathname: clientId ? `/${clientId}/claim-offer` : '/claim-offer', state });
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

describe('ClaimOfferPage without the signup state', () => {
  for (const [label, state] of [
    ['no state (a shared link)', undefined],
    ['a state without an action token', { form: { email: 'pat@example.com' } }],
    ['a state without an email', { form: {}, actionToken: 'x' }],
  ] as const) {
    it(`asks to start again with ${label}`, async () => {
      renderClaimOffer('demo', state);
      await expect
        .element(page.getByRole('heading', { level: 1, name: "Let's start with your email" }))
        .toBeVisible();
      await expect
        .element(
          page.getByText('We need your email address before we can hold this offer for you.'),
        )
        .toBeVisible();
      expect(document.body.textContent).not.toContain('Claim this offer');
      expect(document.body.textContent).not.toContain('$75.00');
    });
  }

  it("links back to the partner's signup form", async () => {
    const { router } = renderClaimOffer('demo', undefined);
    const link = page.getByRole('link', { name: 'Start again' });
    await expect.element(link).toHaveAttribute('href', '/demo/#get-the-scan');
    await userEvent.click(link);
    await expect.poll(() => router.state.location.pathname).toBe('/demo/');
    expect(router.state.location.hash).toBe('#get-the-scan');
  });

  it('links to the root signup form for the default partner', async () => {
    renderClaimOffer(undefined, undefined);
    await expect
      .element(page.getByRole('link', { name: 'Start again' }))
      .toHaveAttribute('href', '/#get-the-scan');
  });
});
