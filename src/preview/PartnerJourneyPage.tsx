import { useMemo } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { routes } from '../app/routes.tsx';
import type { PartnerConfig } from '../config/generated/partner.ts';
import { partnerAsShown } from '../config/partnerAsShown.ts';
import type { SignupNavigationState } from '../flows/signup/useSignup.ts';
import type { Services } from '../services/services.tsx';
import type { TestPayments } from '../services/testPayments.ts';
import {
  journeyPages,
  storyEmail,
  storyOrderId,
  type JourneyPage,
  type JourneyPageSetup,
} from './journeyPages.ts';
import { PreviewProviders, previewServices } from './PreviewProviders.tsx';

/** The claim-offer branch of the app's real route table, so the stories follow it. */
const claimOfferRoute = routes[0]?.children?.find((route) => route.path === 'claim-offer');

/** What the reference server charges this partner: the offer's amount. */
const amountCents = (partner: PartnerConfig): number => partner.offer.amountCents;

/** A promise that never settles: a story's checkout and claim buttons never leave the page. */
const never = <T,>() => new Promise<T>(() => undefined);

/** Fake services for one page: fixed answers, no network, nothing that leaves the story. */
function servicesFor(partner: PartnerConfig, setup: JourneyPageSetup): Services {
  const testPayments: TestPayments = {
    session: async () => ({
      email: storyEmail,
      amountCents: amountCents(partner),
      currency: 'usd',
      partnerId: partner.id,
      partnerName: partner.name,
      status: 'open',
    }),
    act: () => never(),
  };
  return {
    ...previewServices,
    api: {
      ...previewServices.api,
      // A free offer is claimed without a payment provider, as the reference server answers.
      createCheckoutSession: async () =>
        amountCents(partner) === 0
          ? { clientSecret: 'story-claim-secret', orderId: storyOrderId, provider: 'free' }
          : { clientSecret: 'test_secret_story_session', orderId: storyOrderId, provider: 'test' },
      confirmFreeClaim: () => never(),
      checkoutStatus: async () => setup.orderStatus ?? { status: 'open' },
      complete: () => never(),
    },
    testPayments,
    slowOrderAfterMs: setup.slow ? 0 : Infinity,
  };
}

const signupState = (partner: PartnerConfig): SignupNavigationState => ({
  form: {
    email: storyEmail,
    ...(partner.form.fields.some((field) => field.name === 'zipCode') && { zipCode: '02139' }),
    ...(partner.form.fields.some((field) => field.name === 'describeHome') && {
      describeHome: 'resident',
    }),
  },
  actionToken: 'story-action-token',
});

/** The partner layout of the app without its host-name lookup (Storybook runs on localhost). */
function JourneyRoutes() {
  const tree: RouteObject[] = [
    {
      path: '/:clientId',
      element: (
        <>
          <a className="skip-link" href="#main">
            Skip to main content
          </a>
          <Outlet />
        </>
      ),
      children: claimOfferRoute ? [claimOfferRoute] : [],
    },
  ];
  return useRoutes(tree);
}

/**
 * One journey page for a partner given as data (the Partner Studio previews an unsaved draft with
 * it), with the same fake services and navigation state as the stories.
 */
export function PartnerJourneyPage({
  partner: file,
  page,
}: {
  partner: PartnerConfig;
  page: JourneyPage;
}) {
  // URL-driven copy shows its defaults, as for a visitor whose address has no parameter.
  const partner = useMemo(() => partnerAsShown(file), [file]);
  const setup: JourneyPageSetup = journeyPages[page];
  const services = useMemo(() => servicesFor(partner, setup), [partner, setup]);
  const entry = {
    pathname: `/${partner.id}/claim-offer${setup.path}`,
    search: setup.search ?? '',
    state: setup.withSignupState ? signupState(partner) : null,
  };
  return (
    <PreviewProviders partner={partner} services={services} initialEntries={[entry]}>
      <JourneyRoutes />
    </PreviewProviders>
  );
}
