import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { TerminalOrderStatus } from '../../../src/flows/checkout/orderStatus.ts';
import { ApiError, type CheckoutStatusResponse } from '../../../src/services/api.ts';
import { fakeClock, realClock, until } from '../support/clock.ts';
import { claimToken, cleanupApp, currentUrl, renderApp, sleep } from '../support/render.tsx';

/*
 * The polling's timing (spec §9: every 1000 ms; back-off while the connection is lost) runs on a
 * fake clock (support/clock.ts): each test moves time itself and checks each call's moment
 * exactly, so a busy machine cannot make a poll look late.
 */
afterEach(() => {
  realClock();
  cleanupApp();
});

/**
 * Moves the fake clock by `ms`, lets the page settle in real time, and checks it has made `count`
 * calls by then.
 */
async function after(ms: number, api: { calls: unknown[] }, count: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await until(() => api.calls.length >= count, `${count} calls`);
  // Anything due at this moment has run; nothing more may come before the clock moves again.
  await vi.advanceTimersByTimeAsync(0);
  expect(api.calls).toHaveLength(count);
}

/** Waits in real time for the first poll, made as the page opens. */
const firstPoll = (api: { calls: unknown[] }) =>
  until(() => api.calls.length === 1, 'the first poll');

type Step = CheckoutStatusResponse | Error;

/** checkoutStatus answering with the given steps in turn (the last one repeats). */
function scripted(...steps: Step[]) {
  const calls: { query: { orderId: string; t: string }; at: number }[] = [];
  const checkoutStatus = async (query: { orderId: string; t: string }) => {
    calls.push({ query, at: Date.now() });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)]!;
    if (step instanceof Error) throw step;
    return step;
  };
  const gaps = () => calls.slice(1).map((call, index) => call.at - calls[index]!.at);
  return { calls, checkoutStatus, gaps };
}

const returnPath = (clientId: string, search: string) =>
  `${clientId ? `/${clientId}` : ''}/claim-offer/payment-return${search}`;

const waitingHeading = () =>
  page.getByRole('heading', { level: 1, name: 'Step 1 of 2 Confirming your payment' });

describe('PaymentReturnPage: polling to the next step', () => {
  it('polls every second while open, then goes to create-home with the claim token and records report_purchase', async () => {
    fakeClock();
    const token = claimToken();
    const api = scripted(
      { status: 'open' },
      { status: 'open' },
      { status: 'completed', claimToken: token },
    );
    const { router, services } = renderApp(returnPath('demo', '?orderId=ord_1&t=tok-1'), api);

    await firstPoll(api);
    await until(() => waitingHeading().elements().length === 1, 'the waiting heading shows');
    expect(page.getByRole('status').filter({ hasText: 'Please wait' }).element()).toHaveTextContent(
      'Please wait while we confirm your payment. This usually takes a few seconds.',
    );
    expect(waitingHeading().element().closest('section')?.getAttribute('aria-busy')).toBe('true');

    // Not before a second has passed, then at a second.
    await after(999, api, 1);
    await after(1, api, 2);
    await after(1_000, api, 3);
    const next = `/demo/claim-offer/create-home?t=${encodeURIComponent(token)}`;
    await until(() => currentUrl(router) === next, 'it moves to create-home');
    expect(router.state.historyAction).toBe('REPLACE');
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Step 2 of 2 Create a Home Profile' }))
      .toBeVisible();

    expect(api.calls.map((call) => call.query)).toEqual(
      Array(3).fill({ orderId: 'ord_1', t: 'tok-1' }),
    );
    expect(api.gaps()).toEqual([1_000, 1_000]);
    expect(services.analytics.events).toEqual([
      {
        event: 'report_purchase',
        params: { client_id: 'demo', transaction_id: 'ord_1', event_id: 'purchase-ord_1' },
      },
    ]);

    // Polling has stopped.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.calls).toHaveLength(3);
  });

  it('keeps the path without a client id, and records the default partner', async () => {
    const token = claimToken({ reportID: 'r-9' });
    const api = scripted({ status: 'completed', claimToken: token });
    const { router, services } = renderApp(returnPath('', '?orderId=ord_2&t=tok-2'), api);
    await expect
      .poll(() => currentUrl(router))
      .toBe(`/claim-offer/create-home?t=${encodeURIComponent(token)}`);
    expect(services.analytics.events).toEqual([
      {
        event: 'report_purchase',
        params: { client_id: 'default', transaction_id: 'ord_2', event_id: 'purchase-ord_2' },
      },
    ]);
  });

  it('keeps polling with backoff (2 s, then 4 s) while the request fails, says it is reconnecting, and ends well', async () => {
    fakeClock();
    const token = claimToken();
    const api = scripted(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), {
      status: 'completed',
      claimToken: token,
    });
    const { router, services } = renderApp(returnPath('lowes', '?orderId=ord_3&t=tok-3'), api);
    await firstPoll(api);
    const reconnecting = page.getByText('We lost the connection for a moment. Reconnecting…');
    await until(() => reconnecting.elements().length === 1, 'it says it is reconnecting');
    expect(waitingHeading().elements()).toHaveLength(1);
    await after(1_999, api, 1);
    await after(1, api, 2);
    await after(3_999, api, 2);
    await after(1, api, 3);
    const next = `/lowes/claim-offer/create-home?t=${encodeURIComponent(token)}`;
    await until(() => currentUrl(router) === next, 'it moves to create-home');
    expect(api.gaps()).toEqual([2_000, 4_000]);
    expect(services.analytics.events).toEqual([
      {
        event: 'report_purchase',
        params: { client_id: 'lowes', transaction_id: 'ord_3', event_id: 'purchase-ord_3' },
      },
    ]);
  });
});

describe('PaymentReturnPage: endings', () => {
  const endings: [status: TerminalOrderStatus, title: string, text: string][] = [
    [
      'canceled',
      'Checkout canceled',
      'You left the checkout before paying, so you have not been charged. You can start again whenever you are ready.',
    ],
    [
      'failed',
      'The payment did not go through',
      'Your bank or card provider declined the payment and nothing was charged. Please try again, perhaps with another card.',
    ],
    [
      'expired',
      'This checkout has expired',
      'Checkout links stay open for a limited time and this one has closed. Nothing was charged. Please start again to claim the offer.',
    ],
  ];

  for (const [status, title, text] of endings) {
    it(`${status}: explains it, offers to start again, stops polling and stays`, async () => {
      fakeClock();
      const api = scripted({ status: 'open' }, { status });
      const { router, services } = renderApp(returnPath('demo', '?orderId=ord_4&t=tok-4'), api);
      await firstPoll(api);
      await after(1_000, api, 2);
      await expect
        .element(page.getByRole('heading', { level: 1, name: `Step 1 of 2 ${title}` }))
        .toBeVisible();
      await expect.element(page.getByRole('alert')).toHaveTextContent(text);
      await expect.element(page.getByText('Order number: ord_4')).toBeVisible();
      await expect
        .element(page.getByRole('link', { name: 'Start again' }))
        .toHaveAttribute('href', '/demo/#get-the-scan');
      await vi.advanceTimersByTimeAsync(10_000);
      expect(api.calls).toHaveLength(2);
      expect(currentUrl(router)).toBe('/demo/claim-offer/payment-return?orderId=ord_4&t=tok-4');
      expect(services.analytics.events).toEqual([]);
    });
  }

  it('completed without a claim token: explains it, and Try again asks once more', async () => {
    const token = claimToken();
    const api = scripted({ status: 'completed' }, { status: 'completed', claimToken: token });
    const { router, services } = renderApp(returnPath('demo', '?orderId=ord_5&t=tok-5'), api);
    await expect
      .element(
        page.getByRole('heading', {
          level: 1,
          name: 'Step 1 of 2 Payment received, one more moment needed',
        }),
      )
      .toBeVisible();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent(
        'Your payment went through, but we could not open the next step yet. Please try again in a moment; the link in your confirmation email opens it too. If it keeps happening, contact us and mention your order number.',
      );
    await expect.element(page.getByText('Order number: ord_5')).toBeVisible();
    expect(services.analytics.events).toEqual([]);
    // A completed status ends the polling; only the visitor's Try again asks again.
    await sleep(1_500);
    expect(api.calls).toHaveLength(1);

    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect
      .poll(() => currentUrl(router))
      .toBe(`/demo/claim-offer/create-home?t=${encodeURIComponent(token)}`);
    expect(api.calls).toHaveLength(2);
    expect(services.analytics.events).toEqual([
      {
        event: 'report_purchase',
        params: { client_id: 'demo', transaction_id: 'ord_5', event_id: 'purchase-ord_5' },
      },
    ]);
  });

  it('speaks of a claim, never a payment, for a free offer (cor-freedom)', async () => {
    fakeClock();
    const api = scripted({ status: 'open' }, { status: 'completed' });
    renderApp(returnPath('cor-freedom', '?orderId=ord_7&t=tok-7'), api);
    await firstPoll(api);
    const confirming = page.getByRole('heading', {
      level: 1,
      name: 'Step 1 of 2 Confirming your claim',
    });
    await until(() => confirming.elements().length === 1, 'the claim is being confirmed');
    expect(page.getByRole('status').filter({ hasText: 'Please wait' }).element()).toHaveTextContent(
      'Please wait while we confirm your free scan.',
    );
    await after(1_000, api, 2);
    await expect
      .element(
        page.getByRole('heading', {
          level: 1,
          name: 'Step 1 of 2 Claim confirmed, one more moment needed',
        }),
      )
      .toBeVisible();
    expect(document.body.textContent).not.toMatch(/pay|charge|card/i);
  });

  it('an unknown order (404) says so and stops polling', async () => {
    const api = scripted(new ApiError(404, 'order_not_found', 'Not Found'));
    renderApp(returnPath('demo', '?orderId=nope&t=tok-6'), api);
    await expect
      .element(
        page.getByRole('heading', { level: 1, name: 'Step 1 of 2 We could not find your order' }),
      )
      .toBeVisible();
    // The resend form below keeps an alert of its own in the page (empty until it has something to
    // say); this is the page's.
    await expect
      .element(page.getByRole('alert').filter({ hasText: 'The link may be incomplete.' }))
      .toHaveTextContent(
        'The link may be incomplete. If you paid, your confirmation email has a link to the next step; lost it? Ask for a new link below.',
      );
    await expect.element(page.getByRole('button', { name: 'Email me a new link' })).toBeVisible();
    await sleep(2_500);
    expect(api.calls).toHaveLength(1);
  });
});

describe('PaymentReturnPage: without the checkout link', () => {
  for (const [label, search] of [
    ['orderId', '?t=tok-7'],
    ['t', '?orderId=ord_7'],
    ['both', ''],
  ] as const) {
    it(`missing ${label}: shows a message and a way back, and asks nothing`, async () => {
      const api = scripted({ status: 'completed', claimToken: claimToken() });
      const { router } = renderApp(returnPath('demo', search), api);
      await expect
        .element(page.getByRole('heading', { level: 1, name: 'We could not find your order' }))
        .toBeVisible();
      await expect
        .element(
          page.getByText(
            'This page needs the link from the checkout. If you paid, your confirmation email has a link to the next step. Lost it? Ask for a new link below.',
          ),
        )
        .toBeVisible();
      await expect.element(page.getByRole('button', { name: 'Email me a new link' })).toBeVisible();
      await expect
        .element(page.getByRole('link', { name: 'Start again' }))
        .toHaveAttribute('href', '/demo/#get-the-scan');
      await sleep(300);
      expect(api.calls).toHaveLength(0);
      expect(router.state.location.pathname).toBe('/demo/claim-offer/payment-return');
    });
  }
});
