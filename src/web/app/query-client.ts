import { QueryClient } from '@tanstack/react-query'
import { MUTATION_RETRIES, QUERY_RETRIES, QUERY_RETRY_MAX_DELAY_MS, STALE } from '#shared/limits.ts'
import { ApiRequestError } from '#web/lib/api-client.ts'

/** A 4xx answer (other than time-out or rate limit) will not change by asking again. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true
  if (error.status === 0 || error.status >= 500) return true
  return error.status === 408 || error.status === 429
}

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
