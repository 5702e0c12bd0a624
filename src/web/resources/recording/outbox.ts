import { ERROR_CODES } from '#shared/error-codes.ts'
import { ApiRequestError } from '#web/lib/api-client.ts'
import { errorMessage } from '#web/lib/errors.ts'

/**
 * The takes on this device, from the first second recorded until the server has the message. First the take store:
 * takes that have not reached the server yet, kept in IndexedDB so that nothing recorded is lost (decision 67): the
 * audio so far while recording (a reload or a crash leaves it behind), a finished take nobody sent, and the outbox's
 * (queued while offline or failed). One row per take; the audio is a Blob, which IndexedDB stores as is. Then the
 * outbox, which sends them in order, with its retries and its wait for the connection.
 */

/**
 * recording: audio still coming in (a row left in this state was interrupted); draft: finished, not sent;
 * queued: in the outbox, goes when the connection allows; failed: the server refused it (the reason says why).
 */
export type TakeState = 'recording' | 'draft' | 'queued' | 'failed'

export type Take = {
  id: string
  /** whose device this is: another person signing in on it never sees these takes */
  ownerId: string
  contactId: string
  contactName: string
  replyTo: string | null
  blob: Blob
  durationSeconds: number
  state: TakeState
  /** why the last attempt failed, as the app shows it */
  error: string | null
  /**
   * the server could not reach its storage at the last attempt (a 503 it answers calmly): the take waits and goes by
   * itself once the store is back (decision 216); absent on takes kept before
   */
  storageAway?: boolean
  /** the upload already made for it, so a retry after a failed send does not upload twice */
  uploadId: string | null
  updatedAt: number
}

export type TakeStore = {
  put: (take: Take) => Promise<void>
  get: (id: string) => Promise<Take | null>
  list: (ownerId: string) => Promise<Take[]>
  delete: (id: string) => Promise<void>
}

const DATABASE = 'hearth-takes'
const STORE = 'takes'

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'))
  })
}

/**
 * Takes kept only while the page lives: where a browser offers no IndexedDB (some private modes) messages still send,
 * they just do not survive a reload.
 */
function createPageStore(): TakeStore {
  const rows = new Map<string, Take>()
  return {
    put: async (take) => void rows.set(take.id, take),
    get: async (id) => rows.get(id) ?? null,
    list: async (ownerId) => [...rows.values()].filter((take) => take.ownerId === ownerId).sort((a, b) => a.updatedAt - b.updatedAt),
    delete: async (id) => void rows.delete(id),
  }
}

/** The IndexedDB store of takes; `factory` is the browser's indexedDB (tests pass fake-indexeddb's). */
export function createTakeStore(factory: IDBFactory | undefined = globalThis.indexedDB): TakeStore {
  if (!factory) return createPageStore()
  let opened: Promise<IDBDatabase> | null = null
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(DATABASE, 1)
      req.onupgradeneeded = () => {
        const store = req.result.createObjectStore(STORE, { keyPath: 'id' })
        store.createIndex('ownerId', 'ownerId')
      }
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => {
        opened = null
        reject(req.error ?? new Error('IndexedDB is not available'))
      }
    })
    return opened
  }
  const withStore = async <T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open()
    return request(run(db.transaction(STORE, mode).objectStore(STORE)))
  }
  return {
    put: async (take) => {
      await withStore('readwrite', (store) => store.put(take))
    },
    get: async (id) => ((await withStore('readonly', (store) => store.get(id))) as Take | undefined) ?? null,
    list: async (ownerId) => {
      const rows = (await withStore('readonly', (store) => store.index('ownerId').getAll(ownerId))) as Take[]
      return rows.sort((a, b) => a.updatedAt - b.updatedAt)
    },
    delete: async (id) => {
      await withStore('readwrite', (store) => store.delete(id))
    },
  }
}

/**
 * What a take found on opening the app becomes: one interrupted while recording is now a draft (its audio up to the
 * last second is kept), the others stay as they were.
 */
export function recoverTake(take: Take): Take {
  return take.state === 'recording' ? { ...take, state: 'draft' } : take
}

/** How an upload reports on itself: before each attempt (1-based), and the fraction of the current one sent. */
export type UploadReport = {
  onAttempt: (attempt: number) => void
  onProgress: (fraction: number) => void
}

/** What the outbox needs from the network: store the audio, then send the message that refers to it. */
export type OutboxTransport = {
  /** `durationSeconds`: the recorder's own length of the take, which a message shows until the server measured it */
  upload: (blob: Blob, report: UploadReport, durationSeconds: number) => Promise<string>
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

/** 507 Insufficient Storage: the server's disk is at its floor until whoever runs it frees some space. */
const DISK_FULL_STATUS = 507

/**
 * Offline, a refused connection or a server error: worth another try on the next round. A 4xx answer is final, and
 * so is a full disk for now (decision 214): the take is kept as failed with the server's words, and the person sends
 * it again later instead of the outbox showing 'Sending…' until someone frees the disk.
 */
export function isTransient(error: unknown): boolean {
  // the upload's retries wrap the last answer in an UploadFailedError; its cause is that answer
  const answer = error instanceof Error && error.cause instanceof ApiRequestError ? error.cause : error
  return !(answer instanceof ApiRequestError) || answer.status === 0 || (answer.status >= 500 && answer.status !== DISK_FULL_STATUS)
}

/** The server answered that its storage cannot be reached now (decision 216): the take waits and goes later. */
export function isStorageAway(error: unknown): boolean {
  const answer = error instanceof Error && error.cause instanceof ApiRequestError ? error.cause : error
  return answer instanceof ApiRequestError && answer.status === 503 && answer.code === ERROR_CODES.storageUnavailable
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
      uploadId ??= await transport.upload(
        take.blob,
        {
          onAttempt: (attempt) => report({ id: take.id, stage: 'upload', attempt, progress: 0 }),
          onProgress: (progress) => {
            if (sending?.id === take.id && sending.stage === 'upload') report({ ...sending, progress })
          },
        },
        take.durationSeconds,
      )
      report({ id: take.id, stage: 'send' })
      await transport.send(take, uploadId)
    } catch (error) {
      sending = null
      if (isTransient(error)) {
        // stays queued with what it reached, and goes on the next flush (a store away too: never discarded)
        await save({ ...take, uploadId, error: errorMessage(error, 'Waiting for the connection'), storageAway: isStorageAway(error) })
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
      await save({ ...take, state: 'queued', error: null, storageAway: false, updatedAt: Date.now() })
      await flush()
    },
    discard: async (id) => {
      replace(null, id)
      await store.delete(id)
    },
    flush,
  }
}

// The upload's own retries, inside one send: a stumble of the network is retried at once, a few times; what still
// fails goes back to the outbox above, which tries again when the connection returns.

/** 3 upload attempts, back-off 1 s, 2 s, capped at 5 s: enough for a stumble, short enough to wait through. */
export const UPLOAD_ATTEMPTS = 3
export const UPLOAD_BACKOFF_BASE_MS = 1000
export const UPLOAD_BACKOFF_CAP_MS = 5000

/** Wait before attempt `attempt + 1` after `attempt` failed (1-based): 1 s, 2 s, 4 s ... capped at 5 s. */
export function uploadBackoffMs(attempt: number): number {
  return Math.min(UPLOAD_BACKOFF_BASE_MS * 2 ** Math.max(attempt - 1, 0), UPLOAD_BACKOFF_CAP_MS)
}

/**
 * Network failures and server errors may pass on a second try; a 4xx answer (too large, not audio, signed out) will
 * not. Nor will a full disk (507) seconds later: one attempt, and the take waits as failed (see `isTransient`).
 */
export function isRetryableUploadError(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false
  return error.status === 0 || (error.status >= 500 && error.status !== DISK_FULL_STATUS)
}

/** The last attempt's error once every attempt failed; `attempts` says how many were made. */
export class UploadFailedError extends Error {
  readonly cause: unknown
  readonly attempts: number

  constructor(cause: unknown, attempts: number) {
    super(errorMessage(cause, 'Upload failed'))
    this.name = 'UploadFailedError'
    this.cause = cause
    this.attempts = attempts
  }

  /** True when the attempts ran out on retryable errors (the user may well retry later). */
  get exhausted(): boolean {
    return this.attempts >= UPLOAD_ATTEMPTS && isRetryableUploadError(this.cause)
  }
}

type RetryOptions = {
  attempts?: number
  signal?: AbortSignal
  /** Told before each attempt (1-based), e.g. to reset progress and show "attempt 2 of 3". */
  onAttempt?: (attempt: number) => void
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted.', 'AbortError')
}

/** setTimeout as a promise that an abort signal cuts short. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError())
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(abortError())
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Runs `upload` up to 3 times, waiting 1 s then 2 s between attempts, but only after network errors and 5xx
 * answers. Throws an UploadFailedError carrying the last error; an abort rejects with the AbortError as it is.
 */
export async function uploadWithRetry<T>(upload: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = UPLOAD_ATTEMPTS, signal, onAttempt, sleep: wait = sleep } = options
  for (let attempt = 1; ; attempt += 1) {
    if (signal?.aborted) throw abortError()
    onAttempt?.(attempt)
    try {
      return await upload(attempt)
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error
      if (attempt >= attempts || !isRetryableUploadError(error)) throw new UploadFailedError(error, attempt)
      await wait(uploadBackoffMs(attempt), signal)
    }
  }
}
