import { QueryClient } from '@tanstack/react-query'
import { MUTATION_RETRIES, QUERY_RETRIES, QUERY_RETRY_MAX_DELAY_MS, STALE } from '#shared/limits.ts'
import { isRetryable } from '#web/lib/retryable.ts'

/** Exponential back-off: 1 s, 2 s, 4 s ... capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_RETRY_MAX_DELAY_MS)
}

/** The spec's cache settings: fresh 5 min, kept 30 min, 2 query retries, 1 mutation retry, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE.default,
        gcTime: STALE.gc,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < QUERY_RETRIES && isRetryable(error),
        retryDelay,
      },
      mutations: {
        retry: (failureCount, error) => failureCount < MUTATION_RETRIES && isRetryable(error),
        retryDelay,
      },
    },
  })
}
