import { parse } from '@formatjs/icu-messageformat-parser'
import { cleanup, render, screen } from '@testing-library/react'
import { FormattedMessage } from 'react-intl'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { I18nProvider } from './i18n-provider.tsx'
import { chooseLocale, PSEUDO_LOCALE, pseudoLocaleRequested } from './locale.ts'
import { loadCatalogue } from './messages.ts'
import { pseudoLocalize } from './pseudo.ts'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the language a person reads (decision 221)', () => {
  it("is the account's when it has one, else the browser's first supported one, else English", () => {
    expect(chooseLocale('de', ['es-ES', 'en'])).toBe('de')
    expect(chooseLocale('ar', [])).toBe('ar')
    expect(chooseLocale(null, ['ja', 'pt-BR', 'en'])).toBe('pt')
    expect(chooseLocale(undefined, ['es-419'])).toBe('es')
    expect(chooseLocale(null, ['ja', 'zh-CN'])).toBe('en')
  })

  it('shows in the account language over the browser, and sets <html lang dir> with it', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['es-ES'], language: 'es-ES' })
    const { rerender } = render(
      <I18nProvider accountLanguage={null}>
        <FormattedMessage id="settings.language.label" defaultMessage="Language" />
      </I18nProvider>,
    )
    expect(await screen.findByText('Idioma')).toBeTruthy()
    expect(document.documentElement.lang).toBe('es')
    expect(document.documentElement.dir).toBe('ltr')

    rerender(
      <I18nProvider accountLanguage="ar">
        <FormattedMessage id="settings.language.label" defaultMessage="Language" />
      </I18nProvider>,
    )
    expect(await screen.findByText('اللغة')).toBeTruthy()
    expect(document.documentElement.lang).toBe('ar')
    expect(document.documentElement.dir).toBe('rtl')
  })

  it('offers the pseudo-locale on a local address only, for the tab that asked', () => {
    const storage = new Map<string, string>()
    const session = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    }
    expect(pseudoLocaleRequested({ hostname: 'hearth.example', search: '?locale=en-XA' }, session)).toBe(false)
    expect(pseudoLocaleRequested({ hostname: '127.0.0.1', search: '?locale=en-XA' }, session)).toBe(true)
    expect(pseudoLocaleRequested({ hostname: '127.0.0.1', search: '' }, session)).toBe(true)
    expect(pseudoLocaleRequested({ hostname: '127.0.0.1', search: '?locale=' }, session)).toBe(false)
  })

  it('writes the pseudo-locale with every letter accented and every argument kept', () => {
    const message = parse('Hi {name}, {count, plural, one {# message} other {# messages}} <b>{when, date}</b>')
    expect(pseudoLocalize(message)).toEqual(parse('[Ĥí {name}, {count, plural, one {# ɱéššáĝé} other {# ɱéššáĝéš}} <b>{when, date}</b>]'))
    expect(pseudoLocalize(parse('Retry'))).toEqual([{ type: 0, value: '[Ŕéţŕý]' }])
  })

  it('makes the pseudo-locale from the English catalogue as the build compiles it (decision 229)', async () => {
    const catalogue = await loadCatalogue(PSEUDO_LOCALE)
    expect(catalogue['settings.language.label']).toEqual([{ type: 0, value: '[Ļáñĝúáĝé]' }])
  })
})
