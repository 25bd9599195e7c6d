import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { OfferBlock } from '../../../src/config/generated/partner.ts';
import { ApiError, type Api } from '../../../src/services/api.ts';
import { cleanupApp, currentUrl, partner, renderApp } from '../support/render.tsx';
import { openTestPayments } from '../support/testPayments.ts';

/*
 * Issue 21, item 7: the offer block on a campaign page (showcase's /showcase/spring-offer) shows
 * the offer with the signup form, and sending the form goes straight on to the claim's first step.
 */
afterEach(cleanupApp);

const showcase = partner('showcase');
const offerBlock = showcase.pages.springOffer?.sections.find(
  (section): section is OfferBlock => section.type === 'offer',
);
if (!offerBlock) throw new Error('showcase/spring-offer has no offer block');
const offerProps = offerBlock.props;

const email = () => page.getByRole('textbox', { name: 'Email address' });
const zip = () => page.getByRole('textbox', { name: 'Zip code of the home' });
const send = () => page.getByRole('button', { name: showcase.form.ctaText });

/** The offer's card: the section its h2 names. */
function offerCard(): HTMLElement {
  const heading = page.getByRole('heading', { level: 2, name: offerProps.headerText }).element();
  const card = heading.closest('section');
  if (!card) throw new Error('the offer heading is not in a section');
  return card;
}

function openCampaign(api: Partial<Api>) {
  return renderApp({ pathname: '/showcase/spring-offer' }, api, (services) => {
    services.testPayments = openTestPayments(showcase, 'sam@example.com');
  });
}

describe('the offer block on a campaign page', () => {
  it('shows the price, what the offer includes and the signup form, and the hero leads to it', async () => {
    openCampaign({});
    await expect.element(email()).toBeVisible();
    const card = offerCard();
    expect(card.id).toBe(offerBlock.id);
    const text = card.innerText.replace(/\s+/g, ' ');
    expect(text).toContain(`${offerProps.offerBadgeText} Virtual Home Safety Scan 50% off`);
    // The price, announced as one ("Price: $75.00").
    expect(card.querySelector('.visually-hidden')?.parentElement?.textContent).toBe(
      `Price: ${showcase.offer.priceText}`,
    );
    expect([...card.querySelectorAll('li')].map((item) => item.textContent)).toEqual(
      offerProps.includedItems,
    );
    // The form sits inside the offer, under its own heading one level down.
    await expect
      .element(page.getByRole('heading', { level: 3, name: showcase.form.headerText }))
      .toBeVisible();
    expect(card.contains(email().element())).toBe(true);
    expect(card.contains(send().element())).toBe(true);
    // The hero's button scrolls to the page's own form: the one in the offer.
    const hero = showcase.pages.springOffer?.sections.find((section) => section.type === 'hero');
    const heroButton = page.getByRole('link', {
      name: hero?.type === 'hero' ? hero.props.ctaText : '',
    });
    await expect.element(heroButton).toHaveAttribute('href', `#${offerBlock.id}`);
  });

  it('signs up and goes straight on to the checkout with the signup state', async () => {
    const signup = vi.fn(async () => ({ actionToken: 'action-token-7' }));
    const createCheckoutSession = vi.fn(async () => ({
      orderId: 'ord-7',
      clientSecret: 'test_secret_tps_7',
      provider: 'test' as const,
    }));
    const { router, services } = openCampaign({ signup, createCheckoutSession });
    await userEvent.fill(email(), 'sam@example.com');
    await userEvent.fill(zip(), '02134');
    await userEvent.click(send());

    await expect.poll(() => currentUrl(router)).toBe('/showcase/claim-offer/process');
    expect(signup).toHaveBeenCalledWith({
      email: 'sam@example.com',
      captchaToken: 'local:landing_signup',
      referral: 'showcase',
      // The page's language, which the order keeps for its emails (issue 37).
      language: 'en',
    });
    expect(router.state.location.state).toEqual({
      form: { email: 'sam@example.com', zipCode: '02134' },
      actionToken: 'action-token-7',
    });
    expect(services.analytics.events).toContainEqual({
      event: 'account_signup',
      params: { client_id: 'showcase' },
    });
    expect(services.stored.get('zipCode')).toBe('02134');
    // Step 1 of 2, the same checkout the claim-offer page's button opens.
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Step 1 of 2 Claim Discount Offer' }))
      .toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Pay $75.00' })).toBeVisible();
    expect(createCheckoutSession).toHaveBeenCalledWith(
      expect.objectContaining({ customer_email: 'sam@example.com', actionToken: 'action-token-7' }),
    );
  });

  it('stays on the page with the error alert and the answers kept when the signup fails', async () => {
    const signup = vi.fn(async () => {
      throw new ApiError(400, 'invalid_email', 'Invalid email');
    });
    const { router } = openCampaign({ signup });
    await userEvent.fill(email(), 'sam@example.com');
    await userEvent.fill(zip(), '02134');
    await userEvent.click(send());
    await expect.element(page.getByText('400: Invalid email')).toBeVisible();
    expect(currentUrl(router)).toBe('/showcase/spring-offer');
    await expect.element(email()).toHaveValue('sam@example.com');
  });
});
