import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePartner } from '../../partner/PartnerContext.ts';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import { useLanguage } from '../../i18n/languageContext.tsx';
import type { CheckoutSessionRequest } from '../../services/api.ts';
import { useServices } from '../../services/services.tsx';
import type { SignupNavigationState } from '../signup/useSignup.ts';
import { campaignIdFor } from '../../config/offer.ts';

/** Spec §7 create-checkout-session: the request body for this signup. */
export function useCheckoutRequest(state: SignupNavigationState) {
  const { partner } = usePartner();
  const { environment } = useServices();
  const paths = usePartnerPaths();
  // The payment page and the order follow the page's language (the visitor may have switched).
  const language = useLanguage();

  const request = useCallback(
    (): CheckoutSessionRequest => ({
      customer_email: state.form.email ?? '',
      customerId: null,
      return_url: new URL(paths.paymentReturn, window.location.origin).toString(),
      campaignId: campaignIdFor(partner, environment),
      actionToken: state.actionToken,
      forceNewSession: true,
      language,
    }),
    [environment, language, partner, paths.paymentReturn, state],
  );

  return { request };
}

/**
 * The checkout session of this signup, opened by us before any payment form shows, so that a
 * refusal (expired signup, closed offer, limits, the provider down, no network) is explained in
 * our words (checkoutFailure.ts) rather than leaving the payment form empty. One per signup: the
 * cache keeps React's double effects from opening two; `refetch` is the visitor's "Try again".
 */
export function useCheckoutSession(request: () => CheckoutSessionRequest) {
  const { api } = useServices();
  const body = request();
  return useQuery({
    queryKey: ['checkout-session', body.actionToken],
    queryFn: () => api.createCheckoutSession(body),
    staleTime: Infinity,
    retry: false,
  });
}
