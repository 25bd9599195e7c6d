import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePartner } from '../../partner/PartnerContext.ts';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import { useLanguage } from '../../i18n/languageContext.tsx';
import type { SignupValues } from '../../forms/signup/SignupForm.tsx';
import type { SignupHandler, SignupNext } from '../../blocks/signupHandler.ts';
import { useServices } from '../../services/services.tsx';
import { alertAtom } from '../../state/ui.ts';
import { signupFormFor } from './signupFormFor.ts';

/** What the claim-offer pages receive as navigation state after a successful signup. */
export interface SignupNavigationState {
  form: SignupValues;
  actionToken: string;
}

/**
 * Spec §4 signup: bot check (landing_signup), POST /landing/signup without retry; on success save
 * describeHome, record account_signup with the client id and go to claim-offer; on failure an
 * error alert and the form back to idle (with the visitor's answers kept).
 *
 * `to` is where the journey goes on: the relative claim-offer route from the landing page (spec
 * §2), the claim-offer page's own absolute path from its email capture. A form that sits in the
 * offer (the offer block of a campaign page) asks for `next` "claim": the process step at once,
 * with the same navigation state the claim-offer page's button would hand it.
 */
export function useSignup({ to = 'claim-offer' }: { to?: string } = {}): SignupHandler {
  const { partner } = usePartner();
  const { api, botCheck, analytics, storage } = useServices();
  const navigate = useNavigate();
  const { process } = usePartnerPaths();
  // The order is opened in the page's language: its emails and links follow it (issue 37).
  const language = useLanguage();
  const setAlert = useSetAtom(alertAtom);

  return useCallback(
    async (values: SignupValues, next: SignupNext = 'claimOffer') => {
      try {
        const [captchaToken, attribution] = await Promise.all([
          botCheck.token('landing_signup'),
          // What brought the visitor (docs/measurement.md), from a chunk outside the first load;
          // the signup goes on without it when it cannot load.
          import('../../services/afterInteractive.ts').then(
            (after) => after.signupAttribution(),
            () => undefined,
          ),
        ]);
        const email = values.email ?? '';
        const { actionToken } = await api.signup({
          email,
          captchaToken,
          referral: partner.id,
          attribution,
          language,
        });
        if (values.describeHome) storage.saveDescribeHome(values.describeHome);
        // The zip code pre-fills the home profile's (whatever the partner named its zip field).
        const zip = signupFormFor(partner).fields.find((field) => field.type === 'zip');
        const zipCode = zip ? values[zip.name] : undefined;
        if (zipCode) storage.saveZipCode(zipCode);
        analytics.track('account_signup', { client_id: partner.id });
        const state: SignupNavigationState = { form: values, actionToken };
        await navigate(next === 'claim' ? process : to, { state });
      } catch (error) {
        console.error('Signup failed', error);
        // Its words come only when needed (the signup form fetched them ahead); without them, the
        // alert's own default sentence.
        const msg = await import('../../forms/signup/signupError.ts').then(
          (words) => words.signupErrorIn(error, language),
          () => '',
        );
        setAlert({ type: 'ERROR', msg, open: true });
      }
    },
    [analytics, api, botCheck, language, navigate, partner, process, setAlert, storage, to],
  );
}
