import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { formatActive } from '#web/i18n/active-intl.ts'
import { toast } from '#web/lib/toast.ts'
import {
  audioUploadSchema,
  DECLARED_SECONDS_HEADER,
  DECLARED_WAVEFORM_HEADER,
  DECLARED_WAVEFORM_POINTS,
  declaredWaveformHeader,
  messageSchema,
} from '#shared/messages.ts'
import { invalidateContacts } from '#web/resources/contacts/queries.ts'
import { messageKeys } from '#web/resources/messages/queries.ts'
import { apiSend, apiUpload } from '#web/lib/api-client.ts'
import { logUnexpected } from '#web/lib/errors.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { createOutbox, createTakeStore, uploadWithRetry, type Outbox, type Sending, type Take } from './outbox.ts'
import { analyseTake } from './take-analysis.ts'

// The recording resource: audio uploads, sending messages, and the takes kept on this device (drafts and the
// outbox). Any screen may import it; the app shell runs the outbox.
//
// A voice message for a contact goes one way, whatever screen recorded it (decision 135): `useKeptRecorder` keeps
// the take, `useOutbox().enqueue(take)` sends it (upload with retries, then POST /api/messages), `useTakes` and
// `useSending` show where it is. Something that makes a take outside a recorder (a shared file) builds a `Take`
// with state 'draft' and hands it to `outbox.keep` (to offer it) or `outbox.enqueue` (to send it).

type UploadAudioInput = {
  blob: Blob
  /** the recorder's own length of the take, shown until the server has measured it */
  durationSeconds?: number
  /** Upload progress from 0 to 1 of the current attempt. */
  onProgress?: (fraction: number) => void
  /** Before each attempt (1-based). */
  onAttempt?: (attempt: number) => void
  signal?: AbortSignal
}

/** What the upload declares of its take (decision 174): its length and waveform, where this browser knows them. */
async function declaredHeaders(blob: Blob, durationSeconds: number | undefined): Promise<Record<string, string>> {
  const headers: Record<string, string> = {}
  if (durationSeconds !== undefined && durationSeconds > 0) headers[DECLARED_SECONDS_HEADER] = durationSeconds.toFixed(2)
  // a take this browser cannot decode goes without a waveform; the server draws it once it has measured the audio
  const peaks = (await analyseTake(blob).catch(() => null))?.peaks
  if (peaks?.length === DECLARED_WAVEFORM_POINTS) headers[DECLARED_WAVEFORM_HEADER] = declaredWaveformHeader(peaks)
  return headers
}

/** POST /api/audio with the raw recording, up to 3 attempts with back-off on network errors and 5xx answers. */
async function uploadAudio({ blob, durationSeconds, onProgress, onAttempt, signal }: UploadAudioInput) {
  const headers = await declaredHeaders(blob, durationSeconds)
  return uploadWithRetry(
    (attempt) => {
      if (attempt > 1) onProgress?.(0)
      return apiUpload('/api/audio', blob, audioUploadSchema, { onProgress, signal, headers })
    },
    { signal, onAttempt },
  )
}

/**
 * An upload that something other than a message refers to (a welcome message, an invitation's, a session note):
 * the retries live in `uploadAudio`, so the mutation itself never retries. Fails with an UploadFailedError.
 */
export function useUploadAudioMutation() {
  return useMutation({ mutationFn: uploadAudio, retry: false })
}

/**
 * Whether the screen at `pathname` already shows that a take to `contactId` arrived: its record page (its 'Message
 * sent' panel), the conversation (the bubble) or the contact's page (their recent messages).
 */
export function screenShowsSent(pathname: string, contactId: string): boolean {
  const id = encodeURIComponent(contactId)
  return [`/record/${id}`, `/contacts/${id}`, `/contacts/profile/${id}`].includes(pathname.replace(/\/+$/, ''))
}

/** Retries queued takes this often while any wait (besides the browser's 'online' event). */
/** The toast of a take sent while its person looks at another screen, said in the language on screen. */
const SENT = {
  title: { id: 'recording.sent.title', defaultMessage: 'Message sent' },
  to: { id: 'recording.sent.to', defaultMessage: 'Sent to {name}' },
}

const OUTBOX_RETRY_MS = 30_000

let current: { ownerId: string; outbox: Outbox } | null = null

function outboxFor(ownerId: string, queryClient: QueryClient): Outbox {
  if (current?.ownerId === ownerId) return current.outbox
  const outbox = createOutbox({
    store: createTakeStore(),
    ownerId,
    isOnline: () => navigator.onLine,
    transport: {
      upload: async (blob, report, durationSeconds) => (await uploadAudio({ blob, durationSeconds, ...report })).upload_id,
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
      // the record page says 'Message sent' and the conversation shows the bubble: told only elsewhere (decision 209)
      if (!screenShowsSent(window.location.pathname, take.contactId))
        toast.success(formatActive(SENT.title), { description: formatActive(SENT.to, { name: take.contactName }) })
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

/** The take the outbox is sending right now and how far it got, or null. */
export function useSending(): Sending | null {
  const outbox = useOutbox()
  return useSyncExternalStore(outbox?.subscribe ?? noop, outbox?.getSending ?? (() => null))
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
