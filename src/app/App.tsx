import { Provider as JotaiProvider } from 'jotai';
import { Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { defaultServices, ServicesProvider, type Services } from '../services/services.tsx';
import { Alerts } from '../ui/Alerts/Alerts.tsx';
import { GlobalLoadingOverlay, LoadingOverlay } from '../ui/LoadingOverlay.tsx';
import { routes } from './routes.tsx';

/** The browser app: services, global UI state, the router, the alert and the loading overlay. */
export function App({ services = defaultServices() }: { services?: Services }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <JotaiProvider>
      <ServicesProvider services={services}>
        <Suspense fallback={<LoadingOverlay visible />}>
          <RouterProvider router={router} />
        </Suspense>
        <GlobalLoadingOverlay />
        <Alerts />
      </ServicesProvider>
    </JotaiProvider>
  );
}
