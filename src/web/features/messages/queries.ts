import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { messageListSchema, messageSchema } from '#shared/messages.ts'
import { STALE } from '#shared/limits.ts'
import { useAuth } from '#web/app/auth-provider.tsx'
import { invalidateContacts } from '#web/features/contacts/queries.ts'
import { apiGet, apiSend } from '#web/lib/api-client.ts'

const root = ['messages'] as const

/** Query keys of messages; realtime `message.*` events invalidate the root. */
export const messageKeys = {
  all: root,
  withContact: (userId: string | undefined, contactId: string) => [...root, userId ?? 'anonymous', 'contact', contactId] as const,
}

/** GET /api/contacts/{id}/messages: both directions, newest first, 50 at most. Audio URLs are signed for an hour. */
export function useContactMessagesQuery(contactId: string | undefined) {
  const { user } = useAuth()
  return useQuery({
    queryKey: messageKeys.withContact(user?.id, contactId ?? ''),
    queryFn: ({ signal }) => apiGet(`/api/contacts/${encodeURIComponent(contactId ?? '')}/messages`, messageListSchema, { signal }),
    enabled: Boolean(user && contactId),
    // signed audio URLs expire after an hour; refetch well before
    staleTime: Math.min(STALE.default, 30 * 60 * 1000),
  })
}

/** POST /api/messages/{id}/read: the receiver has opened (played) it. */
export function useMarkReadMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (messageId: string) => apiSend('POST', `/api/messages/${encodeURIComponent(messageId)}/read`, undefined, messageSchema),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: root })
      await invalidateContacts(queryClient)
    },
  })
}
