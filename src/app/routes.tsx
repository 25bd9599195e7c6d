import { Navigate, type RouteObject } from 'react-router-dom';
import { LandingPage } from '../pages/Landing/LandingPage.tsx';
import { PartnerLayout } from './PartnerLayout.tsx';

/** The route table of spec §2, under the optional :clientId prefix. */
export const routes: RouteObject[] = [
  {
    path: '/:clientId?',
    element: <PartnerLayout />,
    children: [{ index: true, element: <LandingPage /> }],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];
