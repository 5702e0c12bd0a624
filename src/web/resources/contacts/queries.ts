import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Contact, ContactList, ContactStatus } from '#shared/contacts.ts'
import { CONTACT_FETCH_TIMEOUT_MS, STALE } from '#shared/limits.ts'
import { apiGet, apiSend, ApiRequestError, lazySchemas } from '#web/lib/api-client.ts'
import { useAuth } from '#web/lib/use-auth.ts'

// answers are validated with schemas that load with zod beside the first screen, not in it (decision 170)
const schema = lazySchemas(() => import('#shared/contacts.ts'))
const requestSchema = lazySchemas(() => import('#shared/message-requests.ts'))
const answerSchema = lazySchemas(() => import('#web/lib/answer-schemas.ts'))

const root = ['contacts'] as const

/** Query keys of the signed-in person's contacts, per user so that another account never sees a cached list. */
export const contactKeys = {
  all: root,
  list: (userId: string | undefined, status: ContactStatus) => [...root, userId ?? 'anonymous', 'list', status] as const,
  detail: (userId: string | undefined, id: string) => [...root, userId ?? 'anonymous', 'detail', id] as const,
  /** message requests live under the contacts root: the events that change contacts change them too (decision 123) */
  requests: (userId: string | undefined) => [...root, userId ?? 'anonymous', 'requests'] as const,
  /** the people the signed-in person blocked (decision 203), under the same root for the same reason */
  blocked: (userId: string | undefined) => [...root, userId ?? 'anonymous', 'blocked'] as const,
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
    queryFn: ({ signal }) =>
      withTimeout(signal, (timed) => apiGet(`/api/contacts?status=${status}`, schema('contactListSchema'), { signal: timed })),
    enabled: Boolean(user) && enabled,
    staleTime: STALE.default,
  })
}

/** GET /api/contacts/{id}: one contact of the signed-in person, any status. */
export function useContactQuery(id: string | undefined) {
  const { user } = useAuth()
  return useQuery({
    queryKey: contactKeys.detail(user?.id, id ?? ''),
    queryFn: ({ signal }) => apiGet(`/api/contacts/${encodeURIComponent(id ?? '')}`, schema('contactSchema'), { signal }),
    enabled: Boolean(user && id),
    staleTime: STALE.default,
  })
}

export function invalidateContacts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: contactKeys.all })
}

/** Which list a contact belongs in, as GET /api/contacts?status= sorts them. */
export function contactStatusOf(contact: Pick<Contact, 'archived_at' | 'is_active'>): ContactStatus {
  if (contact.archived_at !== null) return 'archived'
  return contact.is_active ? 'active' : 'inactive'
}

const STATUSES: ContactStatus[] = ['active', 'inactive', 'archived']

/**
 * A live update brought a contact as the server has it now (a message changed its unread count or last interaction):
 * it replaces the cached copies of it in place. A list it joins or leaves (a reply that brings it back into the circle)
 * is read again, as is a copy whose fetch is in flight and may answer with the contact as it was.
 */
export function applyContactUpdate(queryClient: QueryClient, userId: string, contact: Contact) {
  const refetch = (key: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey: key, exact: true })
  const inFlight = (key: readonly unknown[]) => queryClient.getQueryState(key)?.fetchStatus === 'fetching'
  const belongs = contactStatusOf(contact)
  for (const status of STATUSES) {
    const key = contactKeys.list(userId, status)
    const list = queryClient.getQueryData<ContactList>(key)
    if (!list) continue
    const listed = list.contacts.some((c) => c.id === contact.id)
    if (listed && status === belongs) {
      queryClient.setQueryData<ContactList>(key, { ...list, contacts: list.contacts.map((c) => (c.id === contact.id ? contact : c)) })
      if (inFlight(key)) refetch(key)
    } else if (listed || status === belongs) {
      refetch(key)
    }
  }
  const detail = contactKeys.detail(userId, contact.id)
  if (queryClient.getQueryData(detail) !== undefined) {
    queryClient.setQueryData(detail, contact)
    if (inFlight(detail)) refetch(detail)
  }
}

/**
 * POST /api/contacts/{id}/messages/seen: the conversation is open and in view (decision 206), so what the contact sent
 * no longer counts as unread (it stays new until played). Optimistic: the badge and the tab title drop it at once; the
 * contacts are read again once the server has answered, and the person's other tabs hear of it.
 */
export function useMarkSeenMutation() {
  const queryClient = useQueryClient()
  const { user } = useAuth()
  return useMutation({
    mutationFn: (contactId: string) =>
      apiSend('POST', `/api/contacts/${encodeURIComponent(contactId)}/messages/seen`, undefined, answerSchema('anyAnswerSchema')),
    onMutate: (contactId) => {
      const contact = queryClient.getQueryData<Contact>(contactKeys.detail(user?.id, contactId))
      if (user && contact) applyContactUpdate(queryClient, user.id, { ...contact, unread_count: 0 })
    },
    onSettled: () => invalidateContacts(queryClient),
  })
}

/** PUT /api/contacts/order, optimistic: the grid shows the new order at once and the list is refetched after. */
export function useReorderContactsMutation() {
  const queryClient = useQueryClient()
  const { user } = useAuth()
  const key = contactKeys.list(user?.id, 'active')
  return useMutation({
    mutationFn: (orderedIds: string[]) =>
      apiSend('PUT', '/api/contacts/order', { contact_ids: orderedIds }, answerSchema('noContentSchema')),
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
      apiSend('POST', `/api/contacts/${encodeURIComponent(id)}/archive`, { should_archive: shouldArchive }, schema('contactSchema')),
    onSettled: () => invalidateContacts(queryClient),
  })
}

/** POST /api/contacts/{id}/rekindle: back into the circle with a fresh 30-day window. */
export function useRekindleContactMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (contact: Pick<Contact, 'id' | 'name'>) =>
      apiSend('POST', `/api/contacts/${encodeURIComponent(contact.id)}/rekindle`, undefined, schema('contactSchema')),
    onSettled: () => invalidateContacts(queryClient),
  })
}

/** POST /api/contacts/connect: the public profile's Message button. Answers the caller's contact. */
export function useConnectMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => apiSend('POST', '/api/contacts/connect', { user_id: userId }, schema('connectResultSchema')),
    onSettled: () => invalidateContacts(queryClient),
  })
}

/** GET /api/message-requests: people who pressed Message on the signed-in person and wait to be accepted. */
export function useMessageRequestsQuery() {
  const { user } = useAuth()
  return useQuery({
    queryKey: contactKeys.requests(user?.id),
    queryFn: ({ signal }) => apiGet('/api/message-requests', requestSchema('messageRequestListSchema'), { signal }),
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
      apiSend('POST', `/api/message-requests/${encodeURIComponent(id)}/${answer}`, undefined, answerSchema('anyAnswerSchema')),
    onSettled: () => invalidateContacts(queryClient),
  })
}

/** GET /api/message-requests/blocked: the people the signed-in person blocked, most recently blocked first. */
export function useBlockedPeopleQuery() {
  const { user } = useAuth()
  return useQuery({
    queryKey: contactKeys.blocked(user?.id),
    queryFn: ({ signal }) => apiGet('/api/message-requests/blocked', requestSchema('blockedPeopleListSchema'), { signal }),
    enabled: Boolean(user),
    staleTime: STALE.default,
  })
}

/**
 * POST /api/message-requests/{id}/unblock (decision 203): the request is pending again. The person leaves the blocked
 * list at once and comes back if the server refuses; requests and lists are read again once it settles.
 */
export function useUnblockMutation() {
  const queryClient = useQueryClient()
  const { user } = useAuth()
  const key = contactKeys.blocked(user?.id)
  type Blocked = { blocked: { id: string }[] }
  return useMutation({
    mutationFn: (id: string) =>
      apiSend('POST', `/api/message-requests/${encodeURIComponent(id)}/unblock`, undefined, answerSchema('anyAnswerSchema')),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<Blocked>(key)
      if (before) queryClient.setQueryData<Blocked>(key, { ...before, blocked: before.blocked.filter((person) => person.id !== id) })
      return { before }
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
    },
    onSettled: () => invalidateContacts(queryClient),
  })
}
