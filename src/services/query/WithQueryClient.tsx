import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { createQueryClient } from './queryClient.ts';

let appQueryClient: QueryClient | undefined;

/**
 * Server data for the pages that poll or mutate (checkout, payment return). Only those pages load
 * React Query, so it stays out of the landing page's download. They share one client for the life
 * of the page (spec §9 caching); a client provided above (tests, stories) is used instead.
 */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  appQueryClient ??= createQueryClient();
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}
