import { useEffect, useState, type ReactNode } from 'react'
import { IntlProvider, useIntl } from 'react-intl'
import { SOURCE_LOCALE, type Locale } from '#shared/locales.ts'
import { logUnexpected } from '#web/lib/errors.ts'
import { browserLanguages, chooseLocale, displayDirection, PSEUDO_LOCALE, pseudoLocaleRequested, type DisplayLocale } from './locale.ts'
import { setActiveIntl } from './active-intl.ts'
import { loadCatalogue, loadedCatalogue, type Catalogue } from './messages.ts'

/** The locale this tab starts in, before the account is known: the pseudo-locale when asked for, else the browser's. */
export function initialLocale(): DisplayLocale {
  if (typeof window !== 'undefined' && pseudoLocaleRequested(window.location, window.sessionStorage)) return PSEUDO_LOCALE
  return chooseLocale(null, browserLanguages())
}

/** `<html lang dir>` follow the language on screen. */
function applyToDocument(locale: DisplayLocale) {
  const root = document.documentElement
  root.lang = locale
  root.dir = displayDirection(locale)
}

function useBrowserLanguages(): readonly string[] {
  const [languages, setLanguages] = useState(browserLanguages)
  useEffect(() => {
    const changed = () => setLanguages(browserLanguages())
    window.addEventListener('languagechange', changed)
    return () => window.removeEventListener('languagechange', changed)
  }, [])
  return languages
}

/** Hands the language on screen to the code outside components that says known texts and errors (toasts). */
function ActiveIntl() {
  const intl = useIntl()
  setActiveIntl(intl)
  return null
}

/**
 * The app's messages in the reader's language (decision 221): the account's `language` once known (`accountLanguage`,
 * null for "same as this device"), else the browser's. A change shows as soon as its catalogue has loaded; until then
 * the screen stays in the language it was in, never blank.
 */
export function I18nProvider({ accountLanguage, children }: { accountLanguage: Locale | null | undefined; children: ReactNode }) {
  const browser = useBrowserLanguages()
  const [pseudo] = useState(() => initialLocale() === PSEUDO_LOCALE)
  const wanted: DisplayLocale = pseudo ? PSEUDO_LOCALE : chooseLocale(accountLanguage, browser)
  const [shown, setShown] = useState<{ locale: DisplayLocale; messages: Catalogue }>(() => {
    const messages = loadedCatalogue(wanted)
    return messages ? { locale: wanted, messages } : { locale: SOURCE_LOCALE, messages: {} }
  })

  useEffect(() => {
    let current = true
    loadCatalogue(wanted).then(
      (messages) => {
        if (current) setShown({ locale: wanted, messages })
      },
      (error: unknown) => logUnexpected(error, `the ${wanted} messages did not load`),
    )
    return () => {
      current = false
    }
  }, [wanted])

  useEffect(() => applyToDocument(shown.locale), [shown.locale])

  return (
    <IntlProvider
      locale={shown.locale}
      defaultLocale={SOURCE_LOCALE}
      messages={shown.messages}
      onError={(error) => {
        // a screen not translated yet shows its English, as intended (README, Languages)
        if (error.code !== 'MISSING_TRANSLATION') logUnexpected(error, 'a message could not be formatted')
      }}
    >
      <ActiveIntl />
      {children}
    </IntlProvider>
  )
}
