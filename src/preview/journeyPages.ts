/**
 * The pages of the offer journey that every partner gets as stories (Partners/<id>/Journey), each
 * in a fixed state: the address, the navigation state and what the fake API answers. Plain data
 * with no React, so the story generator (tools/storybook/generatePartnerStories.ts, run in Node)
 * reads the names from here and a page added to this list appears for every partner.
 *
 * Nothing here depends on the clock or chance: the claim tokens expire in 2100 (or expired in
 * 2000), the order number and the email are fixed.
 */
import type { CheckoutStatusResponse } from '../services/generated/api.ts';

export const storyEmail = 'visitor@example.com';
export const storyOrderId = 'ord_story_0001';

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** A signed-looking claim token (spec §3) whose payload carries reportID; the browser only reads it. */
export function storyClaimToken(expiresAtSeconds: number): string {
  const header = base64Url({ alg: 'HS256', typ: 'JWT' });
  const payload = base64Url({ reportID: 'rep_story_0001', exp: expiresAtSeconds });
  return `${header}.${payload}.c3Rvcnktc2lnbmF0dXJl`;
}

/** 2100-01-01 and 2000-01-01: far from any test run's clock. */
const validToken = storyClaimToken(4_102_444_800);
const expiredToken = storyClaimToken(946_684_800);

export interface JourneyPageSetup {
  /** Path after /<partner id>/claim-offer ('' for the claim-offer index). */
  path: string;
  search?: string;
  /** Whether the page arrives with the signup's navigation state (email and action token). */
  withSignupState?: boolean;
  /** What GET checkout-status answers on the payment return page. */
  orderStatus?: CheckoutStatusResponse;
  /**
   * The payment return page has waited long enough to say it is taking longer. Without it the
   * page never says so (the notice comes after 20 s for a visitor: a story must not depend on
   * how long the machine takes to render and screenshot it).
   */
  slow?: boolean;
  /** The story's play function submits the form empty, so every inline error shows. */
  submitEmpty?: boolean;
  /** Text the story waits for before it counts as rendered (the state the screenshot shows). */
  readyText: RegExp;
}

export const journeyPages = {
  ClaimOffer: { path: '', withSignupState: true, readyText: /Claim this offer/ },
  // A direct visit (a partner's link): the offer with the partner's signup form in its claim block.
  ClaimOfferWithoutSignup: {
    path: '',
    readyText: /you consent to .* receiving your home safety report/,
  },
  // The test checkout's Pay button, or a free offer's claim (no payment form at all). The return
  // page speaks of a payment, or of a claim for a free offer.
  Process: { path: '/process', withSignupState: true, readyText: /^(Pay |Claim my free scan$)/ },
  PaymentReturnWaiting: {
    path: '/payment-return',
    search: `?orderId=${storyOrderId}&t=story-status-token`,
    orderStatus: { status: 'open' },
    readyText: /Please wait while we confirm your (payment|free scan)/,
  },
  PaymentReturnSlow: {
    path: '/payment-return',
    search: `?orderId=${storyOrderId}&t=story-status-token`,
    orderStatus: { status: 'open' },
    slow: true,
    readyText: /This is taking longer than usual/,
  },
  PaymentReturnCanceled: {
    path: '/payment-return',
    search: `?orderId=${storyOrderId}&t=story-status-token`,
    orderStatus: { status: 'canceled' },
    readyText: /(Checkout|Claim) canceled/,
  },
  PaymentReturnFailed: {
    path: '/payment-return',
    search: `?orderId=${storyOrderId}&t=story-status-token`,
    orderStatus: { status: 'failed' },
    readyText: /The (payment|claim) did not go through/,
  },
  PaymentReturnExpired: {
    path: '/payment-return',
    search: `?orderId=${storyOrderId}&t=story-status-token`,
    orderStatus: { status: 'expired' },
    readyText: /This (checkout|claim) has expired/,
  },
  PaymentReturnNeedsRetry: {
    path: '/payment-return',
    search: `?orderId=${storyOrderId}&t=story-status-token`,
    orderStatus: { status: 'completed' },
    readyText: /one more moment needed/,
  },
  CreateHome: {
    path: '/create-home',
    search: `?t=${validToken}`,
    readyText: /Create a Home Profile/,
  },
  CreateHomeWithErrors: {
    path: '/create-home',
    search: `?t=${validToken}`,
    submitEmpty: true,
    readyText: /Please enter a name for this Home Scan\./,
  },
  // The expired link's message, and under it the form that sends a new one (loaded after it).
  CreateHomeLinkExpired: {
    path: '/create-home',
    search: `?t=${expiredToken}`,
    readyText: /Email me a new link/,
  },
  Complete: { path: '/complete', readyText: /We've set up your Discounted Home Scan/ },
  // "Send me my link again", the page the confirmation email's footer links (issue 30).
  ResendLink: { path: '/resend', readyText: /Email me a new link/ },
} satisfies Record<string, JourneyPageSetup>;

export type JourneyPage = keyof typeof journeyPages;

export const journeyPageNames = Object.keys(journeyPages) as JourneyPage[];
