import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl'
import { activeIntl } from '#web/i18n/active-intl.ts'

/**
 * Texts that reach a screen as English strings from code the screens share with the server or with plain functions:
 * the form rules of `#shared` (zod's messages), the sign-in screens' fixed errors, and the sign-in answers of the auth
 * library. Each is shown in the reader's language; any other text (a server's message) is shown as it came.
 *
 * Their table (known-texts-table.ts) loads with a language's catalogue (messages.ts), before the screen shows that
 * language. English needs none of it, each text being its own English, so the first screen does not carry it
 * (decision 229).
 */
let table: ReadonlyMap<string, MessageDescriptor> | undefined

/** Loads the table once; called with every catalogue but English's. */
export async function loadKnownTexts(): Promise<void> {
  table ??= (await import('./known-texts-table.ts')).KNOWN_TEXTS
}

function translate(intl: IntlShape, text: string): string {
  const known = table?.get(text)
  return known ? intl.formatMessage(known) : text
}

/** `useKnownText` for code outside components (a toast helper): the language on screen. */
export function knownText(text: string): string {
  const active = activeIntl()
  return active ? translate(active, text) : text
}

/** Shows a known English text (a form rule, a sign-in error) in the reader's language; any other as it is. */
export function useKnownText(): <T extends string | undefined>(text: T) => T | string {
  const intl = useIntl()
  return (text) => (text === undefined ? text : translate(intl, text))
}
