import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import { acceptLanguageTags, isLocale, pickLocale, SOURCE_LOCALE, type Locale } from '#shared/locales.ts'
import type { Executor } from '#server/db/client.ts'
import { getLanguageOf } from './i18n.queries.ts'
import ar from './messages/ar.json' with { type: 'json' }
import de from './messages/de.json' with { type: 'json' }
import en from './messages/en.json' with { type: 'json' }
import es from './messages/es.json' with { type: 'json' }
import fr from './messages/fr.json' with { type: 'json' }
import pt from './messages/pt.json' with { type: 'json' }

/** The server's catalogues, one flat `{ id: ICU text }` per language (decision 222). */
export const SERVER_CATALOGUES: Record<Locale, Record<string, string>> = { en, es, fr, de, pt, ar }

export type ServerIntl = IntlShape<string>

const cache = createIntlCache()
const intls = new Map<Locale, ServerIntl>()

/**
 * The FormatJS intl of a language, made once and kept: its messages, plurals, lists and numbers. A text missing from
 * a catalogue falls back to its English default (the catalogue check keeps that from happening unnoticed), so a
 * mail never fails for want of a translation.
 */
export function intlOf(locale: Locale): ServerIntl {
  let intl = intls.get(locale)
  if (!intl) {
    intl = createIntl(
      { locale, defaultLocale: SOURCE_LOCALE, messages: SERVER_CATALOGUES[locale], onError: () => {}, onWarn: () => {} },
      cache,
    )
    intls.set(locale, intl)
  }
  return intl
}

/** A person's language as `profiles.language` keeps it: null (not known yet) or anything else reads as English. */
export function localeOf(language: string | null | undefined): Locale {
  return isLocale(language) ? language : SOURCE_LOCALE
}

/** The language a visitor's browser asks for (`Accept-Language`), among the ones Hearth speaks; English otherwise. */
export function localeOfRequest(acceptLanguage: string | null | undefined): Locale {
  return pickLocale(acceptLanguageTags(acceptLanguage ?? undefined))
}

/**
 * The intl of the person a job or service writes to, in one query (their `profiles.language`); English for someone
 * whose language is not known yet, or who has no profile.
 */
export async function intlOfPerson(db: Executor, userId: string): Promise<ServerIntl> {
  return intlOf(localeOf(await getLanguageOf(db, userId)))
}
