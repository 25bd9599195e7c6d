import { Navigate, type RouteObject } from 'react-router-dom';
import { LandingPage } from '../pages/Landing/LandingPage.tsx';
import { lazyPage } from './lazyPage.tsx';
import { PartnerLayout } from './PartnerLayout.tsx';
import { defaultLanguage, languages, type Language } from '../i18n/languages.ts';

/*
 * Only the landing page is in the first download. The claim-offer steps are fetched when their
 * route renders: the layout, offer and confirmation share one small chunk; the checkout (Stripe or
 * the test checkout), the payment return (polling) and the home profile (rjsf) are one each.
 */
const claimOffer = () => import('../pages/ClaimOffer/index.ts');
const ClaimOfferLayout = lazyPage(claimOffer, 'ClaimOfferLayout');
const ClaimOfferPage = lazyPage(claimOffer, 'ClaimOfferPage');
const CompletePage = lazyPage(claimOffer, 'CompletePage');
const ProcessPage = lazyPage(() => import('../pages/Process/ProcessPage.tsx'), 'ProcessPage');
const PaymentReturnPage = lazyPage(
  () => import('../pages/PaymentReturn/PaymentReturnPage.tsx'),
  'PaymentReturnPage',
);
const CampaignPage = lazyPage(() => import('../pages/Campaign/CampaignPage.tsx'), 'CampaignPage');
// Step 2 and "send me my link again" share a chunk (src/pages/CreateHome/index.ts).
const createHome = () => import('../pages/CreateHome/index.ts');
const CreateHomePage = lazyPage(createHome, 'CreateHomePage');
const ResendLinkPage = lazyPage(createHome, 'ResendLinkPage');

/**
 * The route table of spec §2 under the optional :clientId prefix, once per language (issue 37):
 * English at today's addresses, another language under its code (/demo/es/claim-offer, or
 * /es/claim-offer on a partner's own host). Without a prefix the same paths work
 * (/claim-offer/process included); the payment return page is claim-offer/payment-return.
 */
const journey = (language: Language): RouteObject => ({
  path: language === defaultLanguage ? '/:clientId?' : `/:clientId?/${language}`,
  element: <PartnerLayout language={language} />,
  children: [
    { index: true, element: <LandingPage /> },
    // A partner's extra campaign pages (/demo/spring-offer); claim-offer below outranks it.
    { path: ':slug', element: <CampaignPage /> },
    {
      path: 'claim-offer',
      element: <ClaimOfferLayout />,
      children: [
        { index: true, element: <ClaimOfferPage /> },
        { path: 'process', element: <ProcessPage /> },
        { path: 'payment-return', element: <PaymentReturnPage /> },
        { path: 'create-home', element: <CreateHomePage /> },
        { path: 'complete', element: <CompletePage /> },
        // "Send me my link again", linked from the confirmation email's footer.
        { path: 'resend', element: <ResendLinkPage /> },
      ],
    },
  ],
});

export const routes: RouteObject[] = [
  ...languages.map(journey),
  { path: '*', element: <Navigate to="/" replace /> },
];
