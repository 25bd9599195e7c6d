import { QueryClient } from '@tanstack/react-query';
import { serverDataFreshMs } from '../../config/constants.ts';

/** Spec §9: server data is fresh for one hour and is not refetched on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: serverDataFreshMs, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
