import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { statusPollIntervalMs } from '../../config/constants.ts';
import { ApiError } from '../../services/api.ts';
import { useServices } from '../../services/services.tsx';
import { isTerminal, pollDelay } from './orderStatus.ts';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** After this long without a final answer the page says what is happening. */
export const slowAfterMs = 20_000;

/**
 * Polls GET /stripe/api/checkout-status every second until a terminal status (spec §4, §9). A
 * dropped connection keeps polling with backoff instead of giving up.
 */
export function useOrderStatus(orderId: string, t: string) {
  const { api, slowOrderAfterMs = slowAfterMs } = useServices();
  // React Query resets fetchFailureCount at every fetch (it never passes 1 with retry off), so the
  // consecutive failed polls that drive the backoff are counted here.
  const failures = useRef(0);
  const query = useQuery({
    queryKey: ['checkout-status', orderId, t],
    queryFn: async () => {
      try {
        const status = await api.checkoutStatus({ orderId, t });
        failures.current = 0;
        return status;
      } catch (error) {
        failures.current += 1;
        throw error;
      }
    },
    retry: false,
    refetchInterval: (current) =>
      isTerminal(current.state.data?.status) || isNotFound(current.state.error)
        ? false
        : pollDelay(failures.current, statusPollIntervalMs),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: 0,
  });

  const [slow, setSlow] = useState(false);
  const done = isTerminal(query.data?.status);
  useEffect(() => {
    // setTimeout would fire an infinite delay at once: "never" is no timer at all.
    if (done || !Number.isFinite(slowOrderAfterMs)) return undefined;
    const timer = setTimeout(() => setSlow(true), slowOrderAfterMs);
    return () => clearTimeout(timer);
  }, [done, slowOrderAfterMs]);

  return {
    status: query.data?.status,
    claimToken: query.data?.claimToken,
    offline: query.isError,
    notFound: isNotFound(query.error),
    slow: slow && !done,
    retry: () => void query.refetch(),
  };
}
