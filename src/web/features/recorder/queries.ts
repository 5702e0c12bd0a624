import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { toast } from '#web/lib/toast.ts'
import { audioUploadSchema, messageSchema, type SendMessage } from '#shared/messages.ts'
import { uploadWithRetry } from '#web/features/audio/upload-retry.ts'
import { invalidateContacts } from '#web/features/contacts/queries.ts'
import { messageKeys } from '#web/features/messages/queries.ts'
import { apiSend, apiUpload } from '#web/lib/api-client.ts'
import { logUnexpected } from '#web/lib/errors.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { createOutbox, type Outbox } from './outbox.ts'
import { createTakeStore, type Take } from './take-store.ts'

// The recorder resource: sending messages, and the takes kept on this device (drafts and the outbox). Any screen
// may import it; the app shell runs the outbox.

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

/** Retries queued takes this often while any wait (besides the browser's 'online' event). */
const OUTBOX_RETRY_MS = 30_000

let current: { ownerId: string; outbox: Outbox } | null = null

function outboxFor(ownerId: string, queryClient: QueryClient): Outbox {
  if (current?.ownerId === ownerId) return current.outbox
  const outbox = createOutbox({
    store: createTakeStore(),
    ownerId,
    isOnline: () => navigator.onLine,
    transport: {
      upload: async (blob) => (await uploadWithRetry(() => apiUpload('/api/audio', blob, audioUploadSchema))).upload_id,
      send: async (take, uploadId) => {
        await apiSend(
          'POST',
          '/api/messages',
          { contact_id: take.contactId, upload_id: uploadId, reply_to_id: take.replyTo },
          messageSchema,
        )
      },
    },
    onSent: (take) => {
      toast.success('Message sent', { description: `Sent to ${take.contactName}` })
      void invalidateContacts(queryClient)
      void queryClient.invalidateQueries({ queryKey: messageKeys.all })
    },
  })
  current = { ownerId, outbox }
  return outbox
}

const EMPTY: Take[] = []
const noop = () => () => {}

/** The signed-in person's outbox (null while signed out). */
export function useOutbox(): Outbox | null {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  return user ? outboxFor(user.id, queryClient) : null
}

/** The kept takes, for one contact when `contactId` is given, oldest first. */
export function useTakes(contactId?: string): Take[] {
  const outbox = useOutbox()
  const takes = useSyncExternalStore(outbox?.subscribe ?? noop, outbox?.getTakes ?? (() => EMPTY))
  return contactId ? takes.filter((take) => take.contactId === contactId) : takes
}

/**
 * Runs the outbox while someone is signed in: loads what this device kept (an interrupted recording comes back as a
 * draft), and sends what waits as soon as the connection returns, then every 30 s while anything is queued.
 */
export function useOutboxRunner(): void {
  const outbox = useOutbox()
  useEffect(() => {
    if (!outbox) return
    const flush = () => void outbox.flush().catch((error: unknown) => logUnexpected(error, 'Outbox'))
    outbox.load().catch((error: unknown) => logUnexpected(error, 'Outbox'))
    window.addEventListener('online', flush)
    const timer = window.setInterval(() => {
      if (outbox.getTakes().some((take) => take.state === 'queued')) flush()
    }, OUTBOX_RETRY_MS)
    return () => {
      window.removeEventListener('online', flush)
      window.clearInterval(timer)
    }
  }, [outbox])
}
