import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

/** Client errors (4xx) are answers, not hiccups: retrying them only wastes a shopper's data. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        retry: shouldRetry,
        // Phones switch apps constantly; refetching on every focus burns mobile data.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
