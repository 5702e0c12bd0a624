import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { Locale } from '#shared/locales.ts'
import { loadKnownTexts } from './known-texts.ts'
import { PSEUDO_LOCALE, type DisplayLocale } from './locale.ts'

/** A language's messages, each compiled to its AST when the app is built (`?ast`, decision 229). */
export type Catalogue = Record<string, MessageFormatElement[]>

// English needs no catalogue at run time: every text's English is its `defaultMessage` in the code (decision 220).
// The others load as chunks of their own, only for those who read them.
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalogue }>> = {
  es: () => import('./messages/es.json?ast'),
  fr: () => import('./messages/fr.json?ast'),
  de: () => import('./messages/de.json?ast'),
  pt: () => import('./messages/pt.json?ast'),
  ar: () => import('./messages/ar.json?ast'),
}

const loaded = new Map<DisplayLocale, Catalogue>([['en', {}]])

/** The catalogue when it has loaded already (English always has). */
export function loadedCatalogue(locale: DisplayLocale): Catalogue | undefined {
  return loaded.get(locale)
}

/**
 * Loads a language's catalogue once; the pseudo-locale's is made from en.json. The known texts' table comes with any
 * but English's (known-texts.ts), so the screen never shows a language without it.
 */
export async function loadCatalogue(locale: DisplayLocale): Promise<Catalogue> {
  const known = loaded.get(locale)
  if (known) return known
  let catalogue: Catalogue
  if (locale === PSEUDO_LOCALE) {
    const [{ default: english }, { pseudoCatalogue }] = await Promise.all([
      import('./messages/en.json?ast'),
      import('./pseudo.ts'),
      loadKnownTexts(),
    ])
    catalogue = pseudoCatalogue(english)
  } else if (locale === 'en') {
    catalogue = {}
  } else {
    catalogue = (await Promise.all([LOADERS[locale](), loadKnownTexts()]))[0].default
  }
  loaded.set(locale, catalogue)
  return catalogue
}
