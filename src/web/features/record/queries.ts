import { useMutation, useQueryClient } from '@tanstack/react-query'
import { messageSchema, type SendMessage } from '#shared/messages.ts'
import { invalidateContacts } from '#web/features/contacts/queries.ts'
import { apiSend } from '#web/lib/api-client.ts'

/**
 * POST /api/messages with a stored upload. Never retried by itself: the person decides with 'Try sending again',
 * which reuses the same upload. Contacts are refetched afterwards, since the unanswered count changed.
 */
export function useSendMessageMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SendMessage) => apiSend('POST', '/api/messages', input, messageSchema),
    retry: false,
    onSettled: () => invalidateContacts(queryClient),
  })
}
