import { ApiRequestError } from '#web/lib/api-client.ts'
import { errorMessage } from '#web/lib/errors.ts'
import { recoverTake, type Take, type TakeStore } from './take-store.ts'

/** How an upload reports on itself: before each attempt (1-based), and the fraction of the current one sent. */
export type UploadReport = {
  onAttempt: (attempt: number) => void
  onProgress: (fraction: number) => void
}

/** What the outbox needs from the network: store the audio, then send the message that refers to it. */
export type OutboxTransport = {
  upload: (blob: Blob, report: UploadReport) => Promise<string>
  send: (take: Take, uploadId: string) => Promise<void>
}

/** The take going out right now: its upload (with the attempt and the fraction sent), then the message. */
export type Sending = { id: string; stage: 'upload'; attempt: number; progress: number } | { id: string; stage: 'send' }

export type Outbox = {
  /** every take of the signed-in person, oldest first (drafts, queued, failed, recording) */
  getTakes: () => Take[]
  /** the take going out right now and how far it is, or null (for a progress bar) */
  getSending: () => Sending | null
  /** whether this take went out since the page loaded (a screen that handed it over learns it arrived) */
  wasSent: (id: string) => boolean
  subscribe: (listener: () => void) => () => void
  /** loads the kept takes (an interrupted recording becomes a draft) and sends what was queued */
  load: () => Promise<void>
  /** keeps a take (while recording, or a finished draft) without sending it */
  keep: (take: Take) => Promise<void>
  /** puts a take in the outbox and tries to send it now */
  enqueue: (take: Take) => Promise<void>
  discard: (id: string) => Promise<void>
  /** sends every queued take, one after the other; called again when the connection returns */
  flush: () => Promise<void>
}

/** Offline, a refused connection or a server error: worth another try later. A 4xx answer is final. */
export function isTransient(error: unknown): boolean {
  // the upload's retries wrap the last answer in an UploadFailedError; its cause is that answer
  const answer = error instanceof Error && error.cause instanceof ApiRequestError ? error.cause : error
  return !(answer instanceof ApiRequestError) || answer.status === 0 || answer.status >= 500
}

type OutboxOptions = {
  store: TakeStore
  transport: OutboxTransport
  ownerId: string
  /** whether the browser believes it is online; when not, queued takes wait for `flush` */
  isOnline?: () => boolean
  /** told after each message that went out (to refresh the conversation) */
  onSent?: (take: Take) => void
}

/**
 * The outbox, the one way a voice message leaves this device (decision 135): takes wait here while offline and go
 * out in order once the connection returns; a server refusal turns a take into a failed one that the person can
 * send again, listen to or discard. Sending happens here, not in a screen, so it carries on when the person leaves
 * the screen that recorded it.
 */
export function createOutbox({ store, transport, ownerId, isOnline = () => true, onSent }: OutboxOptions): Outbox {
  let takes: Take[] = []
  const listeners = new Set<() => void>()
  let flushing: Promise<void> | null = null
  let sending: Sending | null = null
  const sent = new Set<string>()

  const emit = () => listeners.forEach((listener) => listener())
  const replace = (take: Take | null, id: string) => {
    takes = take ? [...takes.filter((t) => t.id !== id), take].sort((a, b) => a.updatedAt - b.updatedAt) : takes.filter((t) => t.id !== id)
    emit()
  }
  const save = async (take: Take) => {
    replace(take, take.id)
    await store.put(take)
  }

  const sendOne = async (take: Take): Promise<boolean> => {
    let uploadId = take.uploadId
    const report = (next: Sending | null) => {
      sending = next
      emit()
    }
    try {
      uploadId ??= await transport.upload(take.blob, {
        onAttempt: (attempt) => report({ id: take.id, stage: 'upload', attempt, progress: 0 }),
        onProgress: (progress) => {
          if (sending?.id === take.id && sending.stage === 'upload') report({ ...sending, progress })
        },
      })
      report({ id: take.id, stage: 'send' })
      await transport.send(take, uploadId)
    } catch (error) {
      sending = null
      if (isTransient(error)) {
        // stays queued with what it reached, and goes on the next flush
        await save({ ...take, uploadId, error: errorMessage(error, 'Waiting for the connection') })
        return false
      }
      await save({ ...take, uploadId, state: 'failed', error: errorMessage(error, 'The message could not be sent') })
      return true
    }
    sending = null
    sent.add(take.id)
    replace(null, take.id)
    await store.delete(take.id)
    onSent?.(take)
    return true
  }

  const sendQueued = async () => {
    for (const take of takes.filter((t) => t.state === 'queued')) {
      if (!isOnline()) return
      // a network failure stops the round: the rest would fail the same way
      if (!(await sendOne(take))) return
    }
  }
  // one round at a time; a call during a round joins it
  const flush = (): Promise<void> => {
    flushing ??= sendQueued().finally(() => {
      flushing = null
    })
    return flushing
  }

  return {
    getTakes: () => takes,
    getSending: () => sending,
    wasSent: (id) => sent.has(id),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    load: async () => {
      const kept = await store.list(ownerId)
      const recovered = kept.map(recoverTake)
      await Promise.all(recovered.filter((take, index) => take !== kept[index]).map((take) => store.put(take)))
      takes = recovered
      emit()
      await flush()
    },
    keep: save,
    enqueue: async (take) => {
      await save({ ...take, state: 'queued', error: null, updatedAt: Date.now() })
      await flush()
    },
    discard: async (id) => {
      replace(null, id)
      await store.delete(id)
    },
    flush,
  }
}
