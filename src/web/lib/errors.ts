import { INVALID_RESPONSE_CODE, isApiRequestError } from '#web/lib/api-client.ts'

/** The text to show for a failure: the error's own message when it has one, otherwise `fallback`. */
export function errorMessage(error: unknown, fallback: string): string
export function errorMessage(error: unknown): string | undefined
export function errorMessage(error: unknown, fallback?: string): string | undefined {
  return error instanceof Error && error.message ? error.message : fallback
}

/**
 * "Log unexpected errors, but not plain network failures", applied one way everywhere. A failed
 * connection, a refusal (4xx) and a server failure (5xx, which the server logs itself) are outcomes the screen already
 * explains to the person. An answer that does not match its schema, or anything thrown that is not an API error, is a
 * bug in the app and goes to the console.
 */
export function logUnexpected(error: unknown, what: string): void {
  if (isApiRequestError(error) && error.code !== INVALID_RESPONSE_CODE) return
  console.error(what, error)
}
