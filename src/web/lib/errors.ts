import { useIntl, type IntlShape } from 'react-intl'
import { activeIntl } from '#web/i18n/active-intl.ts'
import { INVALID_RESPONSE_CODE, isApiRequestError } from '#web/lib/api-client.ts'

/**
 * An error's words for a person, in the reader's language (decision 230). An API error whose `reason` the language's
 * catalogue holds is said in it (`error.invitations.used`, `error.web.network`); any other error by its own message
 * (the server's English, which is also what English says for a reason); an error without words by `fallback`.
 */
function errorText(intl: IntlShape | undefined, error: unknown, fallback?: string): string | undefined {
  if (!(error instanceof Error) || !error.message) return fallback
  if (intl && isApiRequestError(error) && error.reason && Object.hasOwn(intl.messages, error.reason))
    return intl.formatMessage({ id: error.reason }, { status: error.status })
  return error.message
}

/**
 * The text to show for a failure, in the language on screen: its reason's words, else the error's own message, else
 * `fallback`. For code outside components (a mutation's onError); a component uses `useErrorMessage`.
 */
export function errorMessage(error: unknown, fallback: string): string
export function errorMessage(error: unknown): string | undefined
export function errorMessage(error: unknown, fallback?: string): string | undefined {
  return errorText(activeIntl(), error, fallback)
}

/** `errorMessage` for a component: it renders again when the language changes. */
export function useErrorMessage(): typeof errorMessage {
  const intl = useIntl()
  function say(error: unknown, fallback: string): string
  function say(error: unknown): string | undefined
  function say(error: unknown, fallback?: string): string | undefined {
    return errorText(intl, error, fallback)
  }
  return say
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
