import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** One QueryClient configuration for the browser and for server rendering, so both read the cache alike. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change by asking again.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
}
