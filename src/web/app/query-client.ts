import { QueryClient } from '@tanstack/react-query'
import { MUTATION_RETRIES, QUERY_RETRIES, QUERY_RETRY_MAX_DELAY_MS, STALE } from '#shared/limits.ts'
import { ApiRequestError } from '#web/lib/api-client.ts'

/** The spec's cache settings: fresh 5 min, kept 30 min, 2 retries with back-off up to 30 s, 1 mutation retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE.default,
        gcTime: STALE.gc,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change by asking again.
        retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < QUERY_RETRIES,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, QUERY_RETRY_MAX_DELAY_MS),
      },
      mutations: {
        retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < MUTATION_RETRIES,
      },
    },
  })
}
