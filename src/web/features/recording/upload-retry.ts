import { ApiRequestError } from '#web/lib/api-client.ts'
import { errorMessage } from '#web/lib/errors.ts'

/** 3 upload attempts, back-off 1 s, 2 s, capped at 5 s: enough for a stumble, short enough to wait through. */
export const UPLOAD_ATTEMPTS = 3
export const UPLOAD_BACKOFF_BASE_MS = 1000
export const UPLOAD_BACKOFF_CAP_MS = 5000

/** Wait before attempt `attempt + 1` after `attempt` failed (1-based): 1 s, 2 s, 4 s ... capped at 5 s. */
export function uploadBackoffMs(attempt: number): number {
  return Math.min(UPLOAD_BACKOFF_BASE_MS * 2 ** Math.max(attempt - 1, 0), UPLOAD_BACKOFF_CAP_MS)
}

/** Network failures and server errors may pass on a second try; a 4xx answer (too large, not audio, signed out) will not. */
export function isRetryableUploadError(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false
  return error.status === 0 || error.status >= 500
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
