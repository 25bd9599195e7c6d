import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import {
  ApiError,
  type Api,
  type CheckoutSessionRequest,
  type FreeClaimConfirmRequest,
} from '../../../src/services/api.ts';
import type { Services } from '../../../src/services/services.tsx';
import type { TestPayments } from '../../../src/services/testPayments.ts';
import { cleanupApp, currentUrl, deferred, renderApp } from '../support/render.tsx';
import { openTestPayments } from '../support/testPayments.ts';

/** How often Stripe's embedded form (and with it Stripe.js) was loaded. */
const stripe = { loads: 0 };
/**
 * Stripe's form as a stand-in (the real one fetches Stripe.js from Stripe), loaded as the real one
 * is, when first drawn, counting its loads.
 */
const StripeStandIn = lazy(async () => {
  stripe.loads += 1;
  return { default: () => 'Stripe checkout (stand-in)' };
});

afterEach(cleanupApp);

const signupState = {
  form: { email: 'pat@example.com', zipCode: '02134' },
  actionToken: 'action-token-1',
};

const processAt = (clientId: string) => ({
  pathname: `/${clientId}/claim-offer/process`,
  state: signupState,
});

const returnUrl = () =>
  `${window.location.origin}/cor-freedom/claim-offer/payment-return?orderId=ord-1&t=secret-1`;

const opened = { orderId: 'ord-1', clientSecret: 'secret-1', provider: 'free' } as const;

const claimButton = () => page.getByRole('button', { name: 'Claim my free scan' });

/** The step's card (the h1's section). */
function card(): HTMLElement {
  const section = page.getByRole('heading', { level: 1 }).element().closest('section');
  if (!section) throw new Error('no card');
  return section;
}

/** The card's text as shown, whitespace collapsed. */
const cardText = () => card().innerText.replace(/\s+/g, ' ').trim();

interface Calls {
  create: CheckoutSessionRequest[];
  confirm: FreeClaimConfirmRequest[];
}

/**
 * An API recording the free claim's two calls and answering as the reference server does; a test
 * replaces an answer with `change(calls)`, whose calls it records itself.
 */
function freeClaimApi(change: (calls: Calls) => Partial<Api> = () => ({})) {
  const calls: Calls = { create: [], confirm: [] };
  const api: Partial<Api> = {
    createCheckoutSession: async (body) => {
      calls.create.push(body);
      return opened;
    },
    confirmFreeClaim: async (body) => {
      calls.confirm.push(body);
      return { returnUrl: returnUrl() };
    },
    checkoutStatus: async () => ({ status: 'open' }),
    ...change(calls),
  };
  return { api, calls };
}

describe('ProcessPage for a free offer (cor-freedom)', () => {
  it('shows a confirmation of the claim, and no payment form', async () => {
    const { api, calls } = freeClaimApi();
    renderApp(processAt('cor-freedom'), api);
    await expect.element(claimButton()).toBeVisible();
    await expect
      .element(page.getByRole('heading', { level: 1 }))
      .toHaveTextContent('Step 1 of 2 Claim Discount Offer');
    expect(cardText()).toBe(
      'STEP 1 OF 2 Claim Discount Offer This scan is free. There is no charge and no card is needed. ' +
        'Email pat@example.com Your scan Virtual Home Safety Scan covered by Cor Freedom Care ' +
        'Price Free Claim my free scan',
    );
    expect(cardText()).not.toMatch(/\bPay\b|\$/);
    await expect
      .element(claimButton())
      .toHaveAccessibleDescription('This scan is free. There is no charge and no card is needed.');
    expect([...card().querySelectorAll('button, a')].map((control) => control.textContent)).toEqual(
      ['Claim my free scan'],
    );
    // Nothing is opened until the visitor asks for it.
    expect(calls.create).toEqual([]);
  });

  it('opens and confirms the claim on the button, then goes on to the return page', async () => {
    const create = deferred<typeof opened>();
    const { api, calls } = freeClaimApi((recorded) => ({
      createCheckoutSession: (body) => {
        recorded.create.push(body);
        return create.promise;
      },
    }));
    const { router } = renderApp(processAt('cor-freedom'), api);
    await userEvent.click(claimButton());

    // Busy: said in a status, the button stays focused (aria-disabled) and a second press is ignored.
    await expect.element(claimButton()).toHaveAttribute('aria-disabled', 'true');
    await expect
      .element(page.getByRole('status').filter({ hasText: 'Confirming' }))
      .toHaveTextContent('Confirming your free scan…');
    expect(document.activeElement).toBe(claimButton().element());
    await userEvent.keyboard('{Enter}');
    expect(calls.create).toHaveLength(1);
    expect(calls.create[0]).toMatchObject({
      customer_email: 'pat@example.com',
      actionToken: 'action-token-1',
      return_url: `${window.location.origin}/cor-freedom/claim-offer/payment-return`,
      forceNewSession: true,
    });

    create.resolve(opened);
    await expect
      .poll(() => currentUrl(router))
      .toBe('/cor-freedom/claim-offer/payment-return?orderId=ord-1&t=secret-1');
    expect(calls.confirm).toEqual([{ orderId: 'ord-1', clientSecret: 'secret-1', language: 'en' }]);
  });

  it('says so in an alert and keeps the button, focused, when the claim did not go through', async () => {
    let failures = 1;
    const { api, calls } = freeClaimApi((recorded) => ({
      confirmFreeClaim: async (body) => {
        recorded.confirm.push(body);
        if (failures-- > 0) throw new TypeError('Failed to fetch');
        return { returnUrl: returnUrl() };
      },
    }));
    const { router } = renderApp(processAt('cor-freedom'), api);
    await userEvent.click(claimButton());
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent(
        'We could not reach our server, and nothing was charged. Please check your internet connection and try again.',
      );
    expect(claimButton().element().getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(claimButton().element());

    await userEvent.click(claimButton());
    await expect
      .poll(() => currentUrl(router))
      .toBe('/cor-freedom/claim-offer/payment-return?orderId=ord-1&t=secret-1');
    // The retry opened the claim again: the server answers the same order for the same signup.
    expect(calls.create).toHaveLength(2);
  });

  it('offers to start again, focused, when the claim can no longer be confirmed', async () => {
    const { api } = freeClaimApi(() => ({
      confirmFreeClaim: async () => {
        throw new ApiError(409, 'order_not_open', 'This claim has expired. Please start again.');
      },
    }));
    renderApp(processAt('cor-freedom'), api);
    await userEvent.click(claimButton());
    const startAgain = page.getByRole('link', { name: 'Start again' });
    await expect.element(startAgain).toHaveAttribute('href', '/cor-freedom/claim-offer');
    await expect.element(page.getByRole('alert')).toHaveTextContent(/Please start again/);
    expect(document.activeElement).toBe(startAgain.element());
    expect(page.getByRole('button', { name: 'Claim my free scan' }).elements()).toHaveLength(0);
  });

  it('offers to start again when the server expects a payment after all', async () => {
    const { api, calls } = freeClaimApi(() => ({
      createCheckoutSession: async () => ({ ...opened, provider: 'test' }),
    }));
    renderApp(processAt('cor-freedom'), api);
    await userEvent.click(claimButton());
    await expect.element(page.getByRole('link', { name: 'Start again' })).toBeVisible();
    expect(calls.confirm).toEqual([]);
  });
});

/** demo's test checkout (no Stripe keys), its pay, decline and cancel answered by `act`. */
function renderTestCheckout(act: TestPayments['act']) {
  const testPayments = openTestPayments(
    { id: 'demo', name: 'Demo Partner' },
    'pat@example.com',
    act,
  );
  renderApp(
    processAt('demo'),
    {
      createCheckoutSession: async () => ({
        orderId: 'ord-2',
        clientSecret: 'test_secret_tps_1',
        provider: 'test',
      }),
    },
    (services) => {
      services.testPayments = testPayments;
    },
  );
}

const payButton = () => page.getByRole('button', { name: 'Pay $75.00' });

describe('ProcessPage for a paid offer', () => {
  it('shows the test checkout unchanged for demo', async () => {
    renderTestCheckout(() => new Promise(() => undefined));
    await expect.element(payButton()).toBeVisible();
    expect(page.getByRole('button', { name: 'Claim my free scan' }).elements()).toHaveLength(0);
  });

  it('says the server could not be reached and nothing was charged when Pay gets no answer, and Pay again goes on', async () => {
    const presses: string[] = [];
    renderTestCheckout(async (sessionId, action) => {
      presses.push(`${sessionId} ${action}`);
      if (presses.length === 1) throw new TypeError('Failed to fetch');
      return new Promise(() => undefined);
    });
    await payButton().click();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent(
        'We could not reach our server, and nothing was charged. Please check your internet connection and try again.',
      );
    await expect.element(payButton()).toBeEnabled();
    await payButton().click();
    await expect.poll(() => presses).toEqual(['tps_1 pay', 'tps_1 pay']);
    // The second press is under way: the buttons wait, and the old sentence is gone.
    await expect.element(payButton()).toBeDisabled();
    expect(page.getByRole('alert').elements()).toHaveLength(0);
  });

  it('offers to start again, focused, instead of Pay when the order is no longer open', async () => {
    renderTestCheckout(async () => {
      throw new ApiError(409, 'order_not_open', 'This payment is already canceled.');
    });
    await payButton().click();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent(
        'This offer page was open too long to go on, so nothing was charged. Please start again: your email is kept.',
      );
    await expect.element(page.getByRole('link', { name: 'Start again' })).toHaveFocus();
    expect(payButton().elements()).toHaveLength(0);
  });

  it('loads Stripe.js for a paid offer only, never for a free one', async () => {
    const { api } = freeClaimApi();
    renderApp(processAt('cor-freedom'), api, withStripe);
    await expect.element(claimButton()).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stripe.loads).toBe(0);
    expect(document.body.textContent).not.toContain('Stripe checkout (stand-in)');
    cleanupApp();

    renderApp(processAt('demo'), stripeSession, withStripe);
    await expect.element(page.getByText('Stripe checkout (stand-in)')).toBeVisible();
    expect(stripe.loads).toBe(1);
  });
});

const stripeSession: Partial<Api> = {
  createCheckoutSession: async () => ({
    orderId: 'ord-3',
    clientSecret: 'cs_1',
    provider: 'stripe',
  }),
};
/** A Stripe key configured, with Stripe's form as the stand-in. */
function withStripe(services: Services) {
  services.stripePublishableKey = 'pk_test_story';
  services.StripeCheckout = StripeStandIn;
}

/*
 * Issue 30: with Stripe keys, each refusal of create-checkout-session shows its own sentence and
 * the one action that helps (the words the test checkout and the free claim share), never an empty
 * step. The session is opened before Stripe.js is fetched, so a refusal loads no Stripe at all.
 */
describe('ProcessPage with Stripe, when the checkout cannot open', () => {
  const cases = [
    {
      name: 'an expired signup (action token)',
      error: new ApiError(401, 'invalid_action_token', 'Your session has expired.'),
      text: 'This offer page was open too long to go on, so nothing was charged. Please start again: your email is kept.',
      action: ['link', 'Start again'],
    },
    {
      name: 'a closed offer',
      error: new ApiError(409, 'offer_closed', 'This offer ended on 1 May.'),
      text: 'This offer is not open at the moment, so it cannot be claimed and nothing was charged. If you have questions about it, please contact us.',
      action: ['link', 'Contact us'],
    },
    {
      name: 'the orders-per-signup limit',
      error: new ApiError(429, 'too_many_orders', 'Too many checkouts.'),
      text: 'You have opened the checkout more times than one signup allows, and nothing more was charged. If you need another scan, please contact us.',
      action: ['link', 'Contact us'],
    },
    {
      name: 'a return address the server refuses',
      error: new ApiError(400, 'invalid_return_url', 'The return address is not allowed.'),
      text: 'Our checkout cannot open from this page address, and nothing was charged. Please contact us so we can put it right.',
      action: ['link', 'Contact us'],
    },
    {
      name: 'the payment provider failing',
      error: new ApiError(502, 'payment_provider_error', 'Stripe did not answer.'),
      text: 'Our payment service is not answering right now, and nothing was charged. Please wait a minute and try again.',
      action: ['button', 'Try again'],
    },
    {
      name: 'no network',
      error: new TypeError('Failed to fetch'),
      text: 'We could not reach our server, and nothing was charged. Please check your internet connection and try again.',
      action: ['button', 'Try again'],
    },
  ] as const;

  it.each(cases)('$name: says so, with its action focused', async ({ error, text, action }) => {
    const loadsBefore = stripe.loads;
    renderApp(
      processAt('demo'),
      {
        createCheckoutSession: async () => {
          throw error;
        },
      },
      withStripe,
    );
    await expect.element(page.getByRole('alert')).toHaveTextContent(text);
    const [role, name] = action;
    const control = page.getByRole(role, { name });
    await expect.element(control).toBeVisible();
    expect(document.activeElement).toBe(control.element());
    if (name === 'Contact us') {
      expect(control.element().getAttribute('href')).toMatch(/^mailto:|^https:/);
    }
    expect(stripe.loads).toBe(loadsBefore);
    expect(document.body.textContent).not.toContain('Stripe checkout (stand-in)');
  });

  it('opens the checkout on "Try again" once the server answers', async () => {
    let failures = 1;
    renderApp(
      processAt('demo'),
      {
        createCheckoutSession: async (body) => {
          if (failures-- > 0) throw new TypeError('Failed to fetch');
          return stripeSession.createCheckoutSession?.(body) ?? Promise.reject(new Error('none'));
        },
      },
      withStripe,
    );
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect.element(page.getByText('Stripe checkout (stand-in)')).toBeVisible();
  });

  it('starts again on the offer page with the email filled in', async () => {
    const { router } = renderApp(
      processAt('demo'),
      {
        createCheckoutSession: async () => {
          throw new ApiError(401, 'invalid_action_token', 'Your session has expired.');
        },
      },
      withStripe,
    );
    await userEvent.click(page.getByRole('link', { name: 'Start again' }));
    await expect.poll(() => currentUrl(router)).toBe('/demo/claim-offer');
    await expect
      .element(page.getByRole('textbox', { name: /email/i }))
      .toHaveValue('pat@example.com');
  });
});
