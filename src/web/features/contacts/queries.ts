import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  connectResultSchema,
  contactListSchema,
  contactSchema,
  type Contact,
  type ContactList,
  type ContactStatus,
} from '#shared/contacts.ts'
import { CONTACT_FETCH_TIMEOUT_MS, STALE } from '#shared/limits.ts'
import { messageRequestListSchema } from '#shared/message-requests.ts'
import { apiGet, apiSend, ApiRequestError } from '#web/lib/api-client.ts'
import { useAuth } from '#web/lib/use-auth.ts'

const root = ['contacts'] as const

/** Query keys of the signed-in person's contacts, per user so that another account never sees a cached list. */
export const contactKeys = {
  all: root,
  list: (userId: string | undefined, status: ContactStatus) => [...root, userId ?? 'anonymous', 'list', status] as const,
  detail: (userId: string | undefined, id: string) => [...root, userId ?? 'anonymous', 'detail', id] as const,
  /** message requests live under the contacts root: the events that change contacts change them too (decision 123) */
  requests: (userId: string | undefined) => [...root, userId ?? 'anonymous', 'requests'] as const,
}

export const CONTACT_TIMEOUT_CODE = 'TIMEOUT'

/** Aborts a request that takes longer than the spec's 10 s and reports it as a time-out. */
async function withTimeout<T>(signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), CONTACT_FETCH_TIMEOUT_MS)
  const forward = () => controller.abort(signal?.reason)
  signal?.addEventListener('abort', forward)
  try {
    return await run(controller.signal)
  } catch (error) {
    if (controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError') {
      throw new ApiRequestError(0, CONTACT_TIMEOUT_CODE, 'Request timeout')
    }
    throw error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', forward)
  }
}

/** GET /api/contacts?status=: active (home), inactive or archived. */
export function useContactsQuery(status: ContactStatus = 'active', { enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth()
  return useQuery({
    queryKey: contactKeys.list(user?.id, status),
    queryFn: ({ signal }) => withTimeout(signal, (timed) => apiGet(`/api/contacts?status=${status}`, contactListSchema, { signal: timed })),
    enabled: Boolean(user) && enabled,
    staleTime: STALE.default,
  })
}

/** GET /api/contacts/{id}: one contact of the signed-in person, any status. */
export function useContactQuery(id: string | undefined) {
  const { user } = useAuth()
  return useQuery({
    queryKey: contactKeys.detail(user?.id, id ?? ''),
    queryFn: ({ signal }) => apiGet(`/api/contacts/${encodeURIComponent(id ?? '')}`, contactSchema, { signal }),
    enabled: Boolean(user && id),
    staleTime: STALE.default,
  })
}

export function invalidateContacts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: contactKeys.all })
}

/** PUT /api/contacts/order, optimistic: the grid shows the new order at once and the list is refetched after. */
export function useReorderContactsMutation() {
  const queryClient = useQueryClient()
  const { user } = useAuth()
  const key = contactKeys.list(user?.id, 'active')
  return useMutation({
    mutationFn: (orderedIds: string[]) => apiSend('PUT', '/api/contacts/order', { contact_ids: orderedIds }, z.undefined()),
    onMutate: async (orderedIds) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<ContactList>(key)
      if (previous) {
        const byId = new Map(previous.contacts.map((c) => [c.id, c]))
        const reordered = orderedIds.flatMap((id, index) => {
          const contact = byId.get(id)
          return contact ? [{ ...contact, display_order: index + 1 }] : []
        })
        queryClient.setQueryData<ContactList>(key, { contacts: reordered })
      }
      return { previous }
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
    },
    onSettled: () => invalidateContacts(queryClient),
  })
}

/** POST /api/contacts/{id}/archive: the spec's archive_contact(contact_id, should_archive). */
export function useArchiveContactMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, shouldArchive }: { id: string; shouldArchive: boolean }) =>
      apiSend('POST', `/api/contacts/${encodeURIComponent(id)}/archive`, { should_archive: shouldArchive }, contactSchema),
    onSettled: () => invalidateContacts(queryClient),
  })
}

/** POST /api/contacts/{id}/rekindle: back into the circle with a fresh 30-day window. */
export function useRekindleContactMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (contact: Pick<Contact, 'id' | 'name'>) =>
      apiSend('POST', `/api/contacts/${encodeURIComponent(contact.id)}/rekindle`, undefined, contactSchema),
    onSettled: () => invalidateContacts(queryClient),
  })
}

/** POST /api/contacts/connect: the public profile's Message button. Answers the caller's contact. */
export function useConnectMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => apiSend('POST', '/api/contacts/connect', { user_id: userId }, connectResultSchema),
    onSettled: () => invalidateContacts(queryClient),
  })
}

/** GET /api/message-requests: people who pressed Message on the signed-in person and wait to be accepted. */
export function useMessageRequestsQuery() {
  const { user } = useAuth()
  return useQuery({
    queryKey: contactKeys.requests(user?.id),
    queryFn: ({ signal }) => apiGet('/api/message-requests', messageRequestListSchema, { signal }),
    enabled: Boolean(user),
    staleTime: STALE.default,
  })
}

export type RequestAnswer = 'accept' | 'ignore' | 'block'

/**
 * POST /api/message-requests/{id}/{accept | ignore | block}. Accept answers the new contact; ignore and block answer
 * nothing. Either way the request leaves the list, and an accepted one joins the circle.
 */
export function useAnswerRequestMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: RequestAnswer }) =>
      apiSend('POST', `/api/message-requests/${encodeURIComponent(id)}/${answer}`, undefined, z.unknown()),
    onSettled: () => invalidateContacts(queryClient),
  })
}
