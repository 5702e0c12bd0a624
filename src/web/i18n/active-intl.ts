import type { IntlShape, MessageDescriptor } from 'react-intl'

let active: IntlShape | undefined

/** Called by I18nProvider with each language it shows: the language code outside components speaks. */
export function setActiveIntl(intl: IntlShape): void {
  active = intl
}

/** The language on screen, for code outside components (a toast said from a mutation's onError); none before the first render. */
export function activeIntl(): IntlShape | undefined {
  return active
}

/** A message in the language on screen, for code outside components (a callback, an effect's announcement). */
export function formatActive(message: MessageDescriptor): string {
  return activeIntl()?.formatMessage(message) ?? String(message.defaultMessage)
}
