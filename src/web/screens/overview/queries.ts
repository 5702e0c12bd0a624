import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import { STALE } from '#shared/limits.ts'
import { messageSearchResultSchema, type MessageSearchResult, type OverviewMessage } from '#shared/message-search.ts'
import { apiGet } from '#web/lib/api-client.ts'
import { useAuth } from '#web/lib/use-auth.ts'

// Under the messages root, so that every message mutation refreshes the overview (and live updates patch it).
const root = ['messages'] as const

const mine = (userId: string | undefined) => [...root, userId ?? 'anonymous', 'overview'] as const

export const overviewKeys = {
  all: [...root] as const,
  /** every search of one person's overview */
  mine,
  search: (userId: string | undefined, q: string) => [...mine(userId), q] as const,
}

type OverviewPages = InfiniteData<MessageSearchResult, string | null>

/**
 * GET /api/messages?q=&cursor=: the person's messages, newest first, 50 a page, searched on the server (transcript,
 * emotions and topics, every word as a prefix). `q` is the debounced search text.
 */
export function useMessageSearchQuery(q: string) {
  const { user } = useAuth()
  const query = q.trim()
  return useInfiniteQuery({
    queryKey: overviewKeys.search(user?.id, query),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams()
      if (query) params.set('q', query)
      if (pageParam) params.set('cursor', pageParam)
      const search = params.toString()
      return apiGet(`/api/messages${search ? `?${search}` : ''}`, messageSearchResultSchema, { signal })
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: Boolean(user),
    staleTime: STALE.default,
    // while the next search runs, the cards of the previous one stay
    placeholderData: (previous) => previous,
  })
}

/**
 * Applies `change` to a message in every cached overview page (the like mutation of the messages module patches
 * conversation lists and details; the overview's pages have their own shape). The mutation's invalidation then
 * brings the server's word.
 */
export function patchOverviewMessage(queryClient: QueryClient, id: string, change: Partial<OverviewMessage>) {
  for (const [key, data] of queryClient.getQueriesData<OverviewPages>({ queryKey: root })) {
    if (!isOverviewPages(data)) continue
    if (!data.pages.some((page) => page.messages.some((m) => m.id === id))) continue
    queryClient.setQueryData<OverviewPages>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, messages: page.messages.map((m) => (m.id === id ? { ...m, ...change } : m)) })),
    })
  }
}

function isOverviewPages(data: unknown): data is OverviewPages {
  if (typeof data !== 'object' || data === null) return false
  const pages = (data as { pages?: unknown }).pages
  return (
    Array.isArray(pages) &&
    pages.every((page) => typeof page === 'object' && page !== null && Array.isArray((page as { messages?: unknown }).messages))
  )
}
