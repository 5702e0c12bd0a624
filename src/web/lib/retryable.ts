import { ApiRequestError } from '#web/lib/api-client.ts'

/** A 4xx answer (other than time-out or rate limit) will not change by asking again. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true
  if (error.status === 0 || error.status >= 500) return true
  return error.status === 408 || error.status === 429
}
