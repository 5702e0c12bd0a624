/**
 * The languages Hearth speaks. English is the source every catalogue is translated from; the others are translated
 * for the product's tone (calm, warm, short), not word for word. Arabic is written right to left.
 */
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'ar'] as const
export type Locale = (typeof LOCALES)[number]

export const SOURCE_LOCALE: Locale = 'en'

/** Each language named in itself, as a language menu shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  ar: 'العربية',
}

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(['ar'])

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr'
}

/**
 * The first supported language among a reader's preferences, best first (`navigator.languages`, or the tags of an
 * `Accept-Language` header already ordered): 'pt-BR' is Portuguese, 'es-419' Spanish. English when none is spoken.
 */
export function pickLocale(preferences: readonly string[]): Locale {
  for (const tag of preferences) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0]
    if (isLocale(language)) return language
  }
  return SOURCE_LOCALE
}

/** The tags of an `Accept-Language` header, highest quality first (ties keep their order); q=0 means "not this". */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q === undefined ? 1 : Number(q.slice(2))
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag)
}
