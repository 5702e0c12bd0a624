import { describe, expect, it } from 'vitest'
import { acceptLanguageTags, isLocale, pickLocale, textDirection } from './locales.ts'

describe('pickLocale', () => {
  it('takes the first spoken language, by its primary subtag', () => {
    expect(pickLocale(['pt-BR', 'en'])).toBe('pt')
    expect(pickLocale(['nl', 'es-419', 'fr'])).toBe('es')
    expect(pickLocale(['AR_eg'])).toBe('ar')
  })
  it('falls back to English', () => {
    expect(pickLocale([])).toBe('en')
    expect(pickLocale(['nl', 'ja'])).toBe('en')
  })
})

describe('acceptLanguageTags', () => {
  it('orders by quality and drops q=0 and the wildcard', () => {
    expect(acceptLanguageTags('en;q=0.5, de-CH, fr;q=0.9, *;q=0.1, es;q=0')).toEqual(['de-CH', 'fr', 'en'])
  })
  it('reads nothing from an absent or malformed header', () => {
    expect(acceptLanguageTags(undefined)).toEqual([])
    expect(acceptLanguageTags(' , ;q=1')).toEqual([])
    expect(pickLocale(acceptLanguageTags('xx;q=abc'))).toBe('en')
  })
})

describe('locales', () => {
  it('knows which are written right to left', () => {
    expect(textDirection('ar')).toBe('rtl')
    expect(textDirection('de')).toBe('ltr')
    expect(isLocale('es')).toBe(true)
    expect(isLocale('es-ES')).toBe(false)
  })
})
