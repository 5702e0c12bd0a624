import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { directoryResponseSchema } from '#shared/directory.ts'
import { QUERY_RETRIES, STALE } from '#shared/limits.ts'
import { apiGet, isApiRequestError } from '#web/lib/api-client.ts'
import { isRetryable } from '#web/lib/retryable.ts'
import { useAuth } from '#web/lib/use-auth.ts'

const root = ['directory'] as const

/** Query keys of directory searches, per user so that another account never sees a cached answer. */
export const directoryKeys = {
  all: root,
  search: (userId: string | undefined, query: string) => [...root, userId ?? 'anonymous', 'search', query] as const,
}

/**
 * GET /api/directory?q=: people on Hearth by name (or one exact e-mail address). Runs only for a non-empty query;
 * while the next answer loads the previous results stay on screen (`isPlaceholderData`). A rate limit (429) is
 * not retried: asking again at once would only prolong it.
 */
export function useDirectorySearchQuery(query: string) {
  const { user } = useAuth()
  const q = query.trim()
  return useQuery({
    queryKey: directoryKeys.search(user?.id, q),
    queryFn: ({ signal }) => apiGet(`/api/directory?q=${encodeURIComponent(q)}`, directoryResponseSchema, { signal }),
    enabled: Boolean(user) && q.length > 0,
    staleTime: STALE.default,
    placeholderData: keepPreviousData,
    retry: (failureCount, error) => failureCount < QUERY_RETRIES && isRetryable(error) && !isApiRequestError(error, 429),
  })
}
