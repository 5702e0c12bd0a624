import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { CONTACT_TIMEOUT_CODE } from '#web/resources/contacts/queries.ts'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { errorMessage } from '#web/lib/errors.ts'

export type ContactsLoadError = { message: string; detail?: string }

/**
 * What the home grid says when the contact list fails (docs/product/circle.md): a time-out reads 'Request timeout', or
 * the longer connection hint when nothing is loaded yet; any other failure reads 'Failed to load contacts' with
 * the server's own message underneath.
 */
export function contactsLoadError(error: unknown, hasContacts: boolean): ContactsLoadError {
  if (isApiRequestError(error) && error.code === CONTACT_TIMEOUT_CODE) {
    return { message: hasContacts ? CONTACT_TEXTS.timeout : CONTACT_TEXTS.timeoutEmpty }
  }
  const detail = errorMessage(error)
  return { message: CONTACT_TEXTS.loadFailed, detail }
}
