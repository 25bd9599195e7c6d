import { Navigate, type RouteObject } from 'react-router-dom';
import { ClaimOfferLayout } from '../pages/ClaimOffer/ClaimOfferLayout.tsx';
import { ClaimOfferPage } from '../pages/ClaimOffer/ClaimOfferPage.tsx';
import { CompletePage } from '../pages/Complete/CompletePage.tsx';
import { CreateHomePage } from '../pages/CreateHome/CreateHomePage.tsx';
import { LandingPage } from '../pages/Landing/LandingPage.tsx';
import { PaymentReturnPage } from '../pages/PaymentReturn/PaymentReturnPage.tsx';
import { ProcessPage } from '../pages/Process/ProcessPage.tsx';
import { PartnerLayout } from './PartnerLayout.tsx';

/**
 * The route table of spec §2 under the optional :clientId prefix. Without a prefix the same paths
 * work (/claim-offer/process included); the payment return page is claim-offer/payment-return.
 */
export const routes: RouteObject[] = [
  {
    path: '/:clientId?',
    element: <PartnerLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        path: 'claim-offer',
        element: <ClaimOfferLayout />,
        children: [
          { index: true, element: <ClaimOfferPage /> },
          { path: 'process', element: <ProcessPage /> },
          { path: 'payment-return', element: <PaymentReturnPage /> },
          { path: 'create-home', element: <CreateHomePage /> },
          { path: 'complete', element: <CompletePage /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];
