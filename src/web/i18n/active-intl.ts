import { createIntl, type IntlShape, type MessageDescriptor } from 'react-intl'

let active: IntlShape | undefined

/** Called by I18nProvider with each language it shows: the language code outside components speaks. */
export function setActiveIntl(intl: IntlShape): void {
  active = intl
}

/** The language on screen, for code outside components (a toast said from a mutation's onError); none before the first render. */
export function activeIntl(): IntlShape | undefined {
  return active
}

let english: IntlShape | undefined

/**
 * A message in the language on screen, for code outside components (a callback, an effect's announcement, the lock
 * screen's titles); in English, its own words, before the provider has shown anything (and in unit tests).
 */
export function formatActive(message: MessageDescriptor, values?: Record<string, string | number>): string {
  const intl = active ?? (english ??= createIntl({ locale: 'en', messages: {} }))
  return intl.formatMessage(message, values)
}
