import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import { defineMessages, useIntl } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import type { Message, MessageList, UnheardMessages } from '#shared/messages.ts'
import { MESSAGES_PAGE_LIMIT } from '#shared/limits.ts'
import type { Locale } from '#shared/locales.ts'
import { STALE } from '#shared/limits.ts'
import { awaitingSpeech, MESSAGE_STATUS_POLL_MS } from '#shared/speech.ts'
import { invalidateContacts } from '#web/resources/contacts/queries.ts'
import { apiGet, apiSend, isApiRequestError, lazySchemas } from '#web/lib/api-client.ts'
import { errorMessage, logUnexpected } from '#web/lib/errors.ts'
import { useRealtimeOpen } from '#web/lib/realtime-status.ts'
import { useAuth } from '#web/lib/use-auth.ts'

// answers are validated with schemas that load with zod beside the first screen, not in it (decision 170)
const schema = lazySchemas(() => import('#shared/messages.ts'))
const translationSchemas = lazySchemas(() => import('#shared/translation.ts'))

const root = ['messages'] as const

/** Query keys of messages; realtime `message.*` events update the entries they concern (src/web/app/realtime-sync.tsx). */
export const messageKeys = {
  all: root,
  withContact: (userId: string | undefined, contactId: string) => [...root, userId ?? 'anonymous', 'contact', contactId] as const,
  detail: (userId: string | undefined, id: string) => [...root, userId ?? 'anonymous', 'detail', id] as const,
  /** the conversation screen's pages (a different shape from `withContact`, so a different key) */
  conversation: (userId: string | undefined, contactId: string) => [...root, userId ?? 'anonymous', 'conversation', contactId] as const,
  /** what the person has not heard yet, across their circle (Play all new) */
  unheard: (userId: string | undefined) => [...root, userId ?? 'anonymous', 'unheard'] as const,
  /** a message's transcript read in another language (decision 228) */
  translation: (userId: string | undefined, id: string, to: Locale) => [...root, userId ?? 'anonymous', 'translation', id, to] as const,
}

/** The toasts of the mutations below, in the reader's language (SPEECH_TEXTS and CONFIDENCE_TEXTS of #shared say the same in English). */
const QUERY_TEXTS = defineMessages({
  likeFailed: { id: 'messages.like.failed', defaultMessage: 'Could not update like' },
  likeFailedBody: { id: 'messages.like.failedBody', defaultMessage: 'Please try again.' },
  retranscribing: { id: 'messages.retranscribe.started', defaultMessage: 'Transcribing again...' },
  retranscribeFailed: { id: 'messages.retranscribe.failed', defaultMessage: 'Could not transcribe again' },
  retryingTitle: { id: 'messages.retry.started', defaultMessage: 'Transcription retrying' },
  retryingBody: { id: 'messages.retry.startedBody', defaultMessage: 'Processing your message again...' },
  retryFailed: { id: 'messages.retry.failed', defaultMessage: 'Could not retry transcription' },
})

// signed audio URLs expire after an hour; refetch well before
const MESSAGE_STALE = Math.min(STALE.default, 30 * 60 * 1000)

/**
 * GET /api/messages/{id}/translation?to={locale}: the transcript in the reader's language, asked only once `enabled`
 * (the reader pressed 'Show in …'). A refusal (no transcript yet, no engine) is an answer to show, not to retry.
 */
export function useMessageTranslationQuery(messageId: string, to: Locale, enabled: boolean) {
  const { user } = useAuth()
  return useQuery({
    queryKey: messageKeys.translation(user?.id, messageId, to),
    queryFn: ({ signal }) =>
      apiGet(
        `/api/messages/${encodeURIComponent(messageId)}/translation?${new URLSearchParams({ to })}`,
        translationSchemas('translationSchema'),
        { signal },
      ),
    enabled: Boolean(user) && enabled,
    staleTime: STALE.default,
    retry: false,
  })
}

/** GET /api/contacts/{id}/messages: both directions, newest first, 50 at most. Audio URLs are signed for an hour. */
export function useContactMessagesQuery(contactId: string | undefined) {
  const { user } = useAuth()
  const live = useRealtimeOpen()
  return useQuery({
    queryKey: messageKeys.withContact(user?.id, contactId ?? ''),
    queryFn: ({ signal }) =>
      apiGet(`/api/contacts/${encodeURIComponent(contactId ?? '')}/messages`, schema('messageListSchema'), { signal }),
    enabled: Boolean(user && contactId),
    staleTime: MESSAGE_STALE,
    // live updates normally bring transcripts and tags; without the socket, ask again while any is on its way
    refetchInterval: live ? false : (query) => (query.state.data?.messages.some(awaitingSpeech) ? MESSAGE_STATUS_POLL_MS : false),
  })
}

/**
 * The conversation screen's messages, page by page: the first call is GET /api/contacts/{id}/messages (the newest 50),
 * each older page `?before={cursor}&limit=50` with the cursor the page before answered. No cursor (null, or a server
 * that does not page yet) means there is nothing older.
 */
export function useConversationQuery(contactId: string | undefined) {
  const { user } = useAuth()
  const live = useRealtimeOpen()
  const path = `/api/contacts/${encodeURIComponent(contactId ?? '')}/messages`
  return useInfiniteQuery({
    queryKey: messageKeys.conversation(user?.id, contactId ?? ''),
    queryFn: ({ signal, pageParam }) =>
      apiGet(
        pageParam ? `${path}?${new URLSearchParams({ before: pageParam, limit: String(MESSAGES_PAGE_LIMIT) })}` : path,
        schema('messageListSchema'),
        {
          signal,
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? null,
    enabled: Boolean(user && contactId),
    staleTime: MESSAGE_STALE,
    refetchInterval: live
      ? false
      : (query) => (query.state.data?.pages.some((page) => page.messages.some(awaitingSpeech)) ? MESSAGE_STATUS_POLL_MS : false),
  })
}

/** The loaded pages as a chat reads them: oldest to newest, each message once (a page may overlap the next after new arrivals). */
export function chatOrder(data: InfiniteData<MessageList> | undefined): Message[] {
  const seen = new Map<string, Message>()
  for (const page of data?.pages ?? []) for (const message of page.messages) if (!seen.has(message.id)) seen.set(message.id, message)
  return [...seen.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
}

const fetchUnheard = (signal?: AbortSignal) => apiGet('/api/messages/unheard', schema('unheardMessagesSchema'), { signal })

/**
 * GET /api/messages/unheard: every message the person received and has not heard, from their circle, oldest first
 * (Play all new). Realtime `message.*` events and marking read invalidate it with the root.
 */
export function useUnheardMessagesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth()
  return useQuery({
    queryKey: messageKeys.unheard(user?.id),
    queryFn: ({ signal }) => fetchUnheard(signal),
    enabled: enabled && Boolean(user),
    staleTime: MESSAGE_STALE,
  })
}

/** The unheard messages as the server has them now (play-next asks when a message ends). */
export function fetchUnheardMessages(queryClient: QueryClient, userId: string | undefined): Promise<UnheardMessages> {
  return queryClient.fetchQuery({ queryKey: messageKeys.unheard(userId), queryFn: ({ signal }) => fetchUnheard(signal), staleTime: 0 })
}

/** GET /api/messages/{id}: one message the signed-in person sent or received; 404 for anyone else's. */
export function useMessageQuery(id: string | undefined) {
  const { user } = useAuth()
  const live = useRealtimeOpen()
  return useQuery({
    queryKey: messageKeys.detail(user?.id, id ?? ''),
    queryFn: ({ signal }) => apiGet(`/api/messages/${encodeURIComponent(id ?? '')}`, schema('messageSchema'), { signal }),
    enabled: Boolean(user && id),
    staleTime: MESSAGE_STALE,
    refetchInterval: live ? false : (query) => (query.state.data && awaitingSpeech(query.state.data) ? MESSAGE_STATUS_POLL_MS : false),
    // a missing message will not appear by asking again
    retry: (failureCount, error) => !isApiRequestError(error, 404) && failureCount < 2,
  })
}

/**
 * A fresh signed audio URL for a message: GET /api/messages/{id} again (the player asks when the URL it has is
 * about to expire or was refused), written back into every cached copy of the message.
 */
export async function fetchFreshAudioUrl(queryClient: QueryClient, userId: string | undefined, id: string): Promise<string> {
  const message = await queryClient.fetchQuery({
    queryKey: messageKeys.detail(userId, id),
    queryFn: ({ signal }) => apiGet(`/api/messages/${encodeURIComponent(id)}`, schema('messageSchema'), { signal }),
    staleTime: 0,
  })
  patchCachedMessage(queryClient, id, { audio_url: message.audio_url })
  return message.audio_url
}

type MessageCache = Message | { messages: Message[] } | InfiniteData<MessageList>

function isMessagePages(data: unknown): data is InfiniteData<MessageList> {
  return typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages)
}

function isMessageList(data: unknown): data is { messages: Message[] } {
  return typeof data === 'object' && data !== null && Array.isArray((data as { messages?: unknown }).messages)
}

function isMessage(data: unknown): data is Message {
  return typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'string' && 'liked' in data
}

/**
 * Applies `change` to the message with this id wherever it is cached under `scope` (conversation lists, the unheard
 * list, the overview's pages and the detail) and answers the previous entries, for a rollback with
 * `restoreMessageCaches`.
 */
export function patchCachedMessage(
  queryClient: QueryClient,
  id: string,
  change: Partial<Message>,
  scope: QueryKey = root,
): Array<[QueryKey, unknown]> {
  const previous = queryClient.getQueriesData<MessageCache>({ queryKey: scope })
  for (const [key, data] of previous) {
    if (isMessagePages(data)) {
      if (!data.pages.some((page) => page.messages.some((m) => m.id === id))) continue
      queryClient.setQueryData(key, {
        ...data,
        pages: data.pages.map((page) => ({ ...page, messages: page.messages.map((m) => (m.id === id ? { ...m, ...change } : m)) })),
      })
    } else if (isMessageList(data)) {
      if (!data.messages.some((m) => m.id === id)) continue
      queryClient.setQueryData(key, { ...data, messages: data.messages.map((m) => (m.id === id ? { ...m, ...change } : m)) })
    } else if (isMessage(data) && data.id === id) {
      queryClient.setQueryData(key, { ...data, ...change })
    }
  }
  return previous
}

/**
 * A query whose fetch is in flight may answer with what the server had before this change and overwrite it: such a
 * query is asked again once more (the only refetch a live update costs it).
 */
function refetchIfInFlight(queryClient: QueryClient, key: QueryKey) {
  if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') void queryClient.invalidateQueries({ queryKey: key, exact: true })
}

/**
 * A live update changed a message (`message.updated`): the change is written into every cached copy of it that this
 * person has. Answers whether any cache held it.
 */
export function applyMessageChanges(queryClient: QueryClient, userId: string, id: string, changes: Partial<Message>): boolean {
  const scope = [...root, userId]
  const before = new Map(queryClient.getQueriesData({ queryKey: scope }))
  patchCachedMessage(queryClient, id, changes, scope)
  let found = false
  for (const [key, data] of queryClient.getQueriesData({ queryKey: scope })) {
    if (data === before.get(key)) continue
    found = true
    refetchIfInFlight(queryClient, key)
  }
  // a message heard leaves the unheard list
  if (changes.is_read === true) {
    const key = messageKeys.unheard(userId)
    const unheard = queryClient.getQueryData<UnheardMessages>(key)
    if (unheard?.messages.some((m) => m.id === id)) {
      queryClient.setQueryData<UnheardMessages>(key, { ...unheard, messages: unheard.messages.filter((m) => m.id !== id) })
      refetchIfInFlight(queryClient, key)
    }
  }
  return found
}

/**
 * A live update brought a new message of the conversation with this contact (`message.created`): it joins the newest
 * page of the cached conversation, and the conversation's total grows by one. Nothing to do when the conversation is
 * not cached: it is read when opened.
 */
export function addConversationMessage(queryClient: QueryClient, userId: string, contactId: string, message: Message) {
  const key = messageKeys.conversation(userId, contactId)
  const data = queryClient.getQueryData<InfiniteData<MessageList>>(key)
  if (!data) return
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) {
    patchCachedMessage(queryClient, message.id, message, key)
  } else {
    queryClient.setQueryData<InfiniteData<MessageList>>(key, {
      ...data,
      pages: data.pages.map((page, index) => ({
        ...page,
        messages: index === 0 ? [message, ...page.messages] : page.messages,
        total: page.total + 1,
      })),
    })
  }
  refetchIfInFlight(queryClient, key)
}

export function restoreMessageCaches(queryClient: QueryClient, previous: Array<[QueryKey, unknown]>) {
  for (const [key, data] of previous) queryClient.setQueryData(key, data)
}

/** POST /api/messages/{id}/like: either participant toggles it. Optimistic; a failure rolls back and says so. */
export function useLikeMessageMutation() {
  const queryClient = useQueryClient()
  const intl = useIntl()
  return useMutation({
    mutationFn: ({ id, liked }: { id: string; liked: boolean }) =>
      apiSend('POST', `/api/messages/${encodeURIComponent(id)}/like`, { liked }, schema('messageSchema')),
    onMutate: async ({ id, liked }) => {
      await queryClient.cancelQueries({ queryKey: root })
      return { previous: patchCachedMessage(queryClient, id, { liked }) }
    },
    onError: (error, _variables, context) => {
      if (context) restoreMessageCaches(queryClient, context.previous)
      logUnexpected(error, 'like failed')
      toast.error(intl.formatMessage(QUERY_TEXTS.likeFailed), { description: intl.formatMessage(QUERY_TEXTS.likeFailedBody) })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: root }),
  })
}

const postRead = (messageId: string) =>
  apiSend('POST', `/api/messages/${encodeURIComponent(messageId)}/read`, undefined, schema('messageSchema'))

async function invalidateAfterRead(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: root })
  await invalidateContacts(queryClient)
}

/** POST /api/messages/{id}/read: the receiver has opened (played) it. */
export function useMarkReadMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postRead,
    onSettled: () => invalidateAfterRead(queryClient),
  })
}

/** The same, from outside a component: the player marks a received message heard when it starts playing. */
export async function markMessageRead(queryClient: QueryClient, messageId: string): Promise<void> {
  try {
    await postRead(messageId)
  } catch (error) {
    logUnexpected(error, 'mark read failed')
  } finally {
    await invalidateAfterRead(queryClient)
  }
}

/**
 * POST /api/messages/{id}/retry-transcription (the spec's retry_failed_transcription). Shows the message as
 * processing at once and says so; the server's answer and the live updates that follow take over.
 */
/**
 * Transcribe a message again with the stronger engine the server runs now (decision 93). The old words stay until
 * the new ones arrive (over realtime); the button goes at once.
 */
export function useRetranscribeMutation() {
  const queryClient = useQueryClient()
  const intl = useIntl()
  return useMutation({
    mutationFn: (id: string) => apiSend('POST', `/api/messages/${encodeURIComponent(id)}/retranscribe`, undefined, schema('messageSchema')),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: root })
      toast(intl.formatMessage(QUERY_TEXTS.retranscribing))
      return { previous: patchCachedMessage(queryClient, id, { can_retranscribe: false }) }
    },
    onError: (error, _id, context) => {
      if (context) restoreMessageCaches(queryClient, context.previous)
      logUnexpected(error, 'retranscribe failed')
      toast.error(intl.formatMessage(QUERY_TEXTS.retranscribeFailed), { description: errorMessage(error) })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: root }),
  })
}

export function useRetryTranscriptionMutation() {
  const queryClient = useQueryClient()
  const intl = useIntl()
  return useMutation({
    mutationFn: (id: string) =>
      apiSend('POST', `/api/messages/${encodeURIComponent(id)}/retry-transcription`, undefined, schema('messageSchema')),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: root })
      toast(intl.formatMessage(QUERY_TEXTS.retryingTitle), { description: intl.formatMessage(QUERY_TEXTS.retryingBody) })
      return { previous: patchCachedMessage(queryClient, id, { processing_status: 'processing', processing_error: null }) }
    },
    onError: (error, _id, context) => {
      if (context) restoreMessageCaches(queryClient, context.previous)
      logUnexpected(error, 'retry failed')
      toast.error(intl.formatMessage(QUERY_TEXTS.retryFailed), { description: errorMessage(error) })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: root }),
  })
}
