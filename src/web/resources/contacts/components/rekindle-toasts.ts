import type { IntlShape } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { CONTACT_MESSAGES } from '#web/resources/contacts/contact-messages.ts'

/** True when the server refused because the circle already holds 10 active contacts (409). */
export function isCircleFullError(error: unknown): boolean {
  return isApiRequestError(error) && (error.code === ERROR_CODES.circleFull || error.message === CONTACT_TEXTS.circleFull)
}

/** 'Connection rekindled!' with '{name} has been restored to your active contacts.' (docs/product/circle.md). */
export function notifyRekindled(intl: IntlShape, name: string): void {
  toast.success(intl.formatMessage(CONTACT_MESSAGES.rekindled), {
    description: intl.formatMessage(CONTACT_MESSAGES.rekindledBody, { name }),
  })
}

/** 'Failed to rekindle', explained by the server when the circle is full, else the catalogue's generic sentence. */
export function notifyRekindleFailed(intl: IntlShape, error: unknown): void {
  const description =
    isCircleFullError(error) && error instanceof Error ? error.message : intl.formatMessage(CONTACT_MESSAGES.rekindleFailedBody)
  toast.error(intl.formatMessage(CONTACT_MESSAGES.rekindleFailed), { description })
}
