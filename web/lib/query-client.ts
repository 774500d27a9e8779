import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api.ts';

/**
 * The data cache: no refetch interval, no refetch on window focus, data never goes stale, no retries. Screens see
 * fresh data because every change refreshes what it makes out of date (each feature's invalidation lists).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
