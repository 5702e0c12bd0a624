import { isLocale, pickLocale, textDirection, type Locale } from '#shared/locales.ts'

/**
 * The pseudo-locale (decision 221): every English text accented and bracketed, made from en.json when it loads, so a
 * run in it shows at a glance (and to an e2e test) which text is still hard-coded English.
 */
export const PSEUDO_LOCALE = 'en-XA'
export type DisplayLocale = Locale | typeof PSEUDO_LOCALE

const PSEUDO_KEY = 'hearth.pseudo-locale'

/** The language a person reads: the one kept with their account when they chose one, else the browser's. */
export function chooseLocale(profileLanguage: Locale | null | undefined, browserLanguages: readonly string[]): Locale {
  return profileLanguage ?? pickLocale(browserLanguages)
}

/** The browser's languages, best first (`navigator.language` alone on a browser without the list). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language]
}

/**
 * Whether this tab shows the pseudo-locale: asked for with `?locale=en-XA` (kept for the tab in sessionStorage,
 * `?locale=` turns it off), and only on a local address (the dev server, the e2e run), never on a deployed Hearth.
 */
export function pseudoLocaleRequested(
  location: Pick<Location, 'hostname' | 'search'>,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
): boolean {
  if (!['localhost', '127.0.0.1', '[::1]'].includes(location.hostname)) return false
  const asked = new URLSearchParams(location.search).get('locale')
  if (asked === PSEUDO_LOCALE) storage.setItem(PSEUDO_KEY, '1')
  else if (asked !== null) storage.removeItem(PSEUDO_KEY)
  return storage.getItem(PSEUDO_KEY) === '1'
}

/** The direction of the language on screen; the pseudo-locale reads left to right, as English does. */
export function displayDirection(locale: string): 'ltr' | 'rtl' {
  return isLocale(locale) ? textDirection(locale) : 'ltr'
}
