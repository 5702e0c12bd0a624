import type { IntlShape } from 'react-intl'
import { CONTACT_MESSAGES } from '#web/resources/contacts/contact-messages.ts'
import { CONTACT_TIMEOUT_CODE } from '#web/resources/contacts/queries.ts'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { errorMessage } from '#web/lib/errors.ts'

export type ContactsLoadError = { message: string; detail?: string }

/**
 * What the home grid says when the contact list fails (docs/product/circle.md): a time-out reads 'Request timeout', or
 * the longer connection hint when nothing is loaded yet; any other failure reads 'Failed to load contacts' with
 * the server's own message underneath.
 */
export function contactsLoadError(intl: IntlShape, error: unknown, hasContacts: boolean): ContactsLoadError {
  if (isApiRequestError(error) && error.code === CONTACT_TIMEOUT_CODE) {
    return { message: intl.formatMessage(hasContacts ? CONTACT_MESSAGES.timeout : CONTACT_MESSAGES.timeoutEmpty) }
  }
  const detail = errorMessage(error)
  return { message: intl.formatMessage(CONTACT_MESSAGES.loadFailed), detail }
}
