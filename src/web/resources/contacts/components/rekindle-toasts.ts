import { toast } from '#web/lib/toast.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { isApiRequestError } from '#web/lib/api-client.ts'

/** True when the server refused because the circle already holds 10 active contacts (409). */
export function isCircleFullError(error: unknown): boolean {
  return isApiRequestError(error) && (error.code === ERROR_CODES.circleFull || error.message === CONTACT_TEXTS.circleFull)
}

/** 'Connection rekindled!' with '{name} has been restored to your active contacts.' (docs/product/circle.md). */
export function notifyRekindled(name: string): void {
  toast.success(CONTACT_TEXTS.rekindled, { description: CONTACT_TEXTS.rekindledBody(name) })
}

/** 'Failed to rekindle', explained by the server when the circle is full, else the catalogue's generic sentence. */
export function notifyRekindleFailed(error: unknown): void {
  const description = isCircleFullError(error) && error instanceof Error ? error.message : CONTACT_TEXTS.rekindleFailedBody
  toast.error(CONTACT_TEXTS.rekindleFailed, { description })
}
