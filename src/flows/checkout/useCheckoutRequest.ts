import { useCallback } from 'react';
import { usePartner } from '../../partner/PartnerContext.ts';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import type { CheckoutSessionRequest } from '../../services/api.ts';
import { useServices } from '../../services/services.tsx';
import type { SignupNavigationState } from '../signup/useSignup.ts';
import { campaignIdFor } from '../../config/offer.ts';

/** Spec §7 create-checkout-session: the request body, and the call that returns the secret. */
export function useCheckoutRequest(state: SignupNavigationState) {
  const { partner } = usePartner();
  const { api, environment } = useServices();
  const paths = usePartnerPaths();

  const request = useCallback(
    (): CheckoutSessionRequest => ({
      customer_email: state.form.email ?? '',
      customerId: null,
      return_url: new URL(paths.paymentReturn, window.location.origin).toString(),
      campaignId: campaignIdFor(partner, environment),
      actionToken: state.actionToken,
      forceNewSession: true,
    }),
    [environment, partner, paths.paymentReturn, state],
  );

  const fetchClientSecret = useCallback(
    async () => (await api.createCheckoutSession(request())).clientSecret,
    [api, request],
  );

  return { request, fetchClientSecret };
}
