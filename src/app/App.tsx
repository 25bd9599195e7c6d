import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { defaultServices, ServicesProvider, type Services } from '../services/services.tsx';
import { Alerts } from '../ui/Alerts/Alerts.tsx';
import { GlobalLoadingOverlay, LoadingOverlay } from '../ui/LoadingOverlay.tsx';
import { createQueryClient } from './queryClient.ts';
import { routes } from './routes.tsx';

/** The browser app: services, global UI state, the router, the alert and the loading overlay. */
export function App({ services = defaultServices() }: { services?: Services }) {
  const [router] = useState(() => createBrowserRouter(routes));
  const [queryClient] = useState(createQueryClient);
  return (
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <ServicesProvider services={services}>
          <Suspense fallback={<LoadingOverlay visible />}>
            <RouterProvider router={router} />
          </Suspense>
          <GlobalLoadingOverlay />
          <Alerts />
        </ServicesProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
