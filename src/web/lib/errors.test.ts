import { createElement, type ReactNode } from 'react'
import { createIntl, IntlProvider } from 'react-intl'
import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setActiveIntl } from '#web/i18n/active-intl.ts'
import arabic from '#web/i18n/messages/ar.json'
import spanish from '#web/i18n/messages/es.json'
import { ApiRequestError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE } from '#web/lib/api-client.ts'
import { errorMessage, logUnexpected, useErrorMessage } from './errors.ts'

const used = () => new ApiRequestError(409, 'CONFLICT', 'This invitation has already been used.', 'error.invitations.used')
const inSpanish = createIntl({ locale: 'es', defaultLocale: 'en', messages: spanish })
const inEnglish = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} })

describe('errorMessage', () => {
  afterEach(() => setActiveIntl(inEnglish))

  it("uses the error's own message, or the fallback", () => {
    expect(errorMessage(new Error('Circle is full'), 'Please try again.')).toBe('Circle is full')
    expect(errorMessage(new Error(''), 'Please try again.')).toBe('Please try again.')
    expect(errorMessage('not an error', 'Please try again.')).toBe('Please try again.')
    expect(errorMessage(new Error(''))).toBeUndefined()
  })

  it("says a refusal's reason in the language on screen", () => {
    // before the app's I18nProvider has rendered, the server's English
    expect(errorMessage(used())).toBe('This invitation has already been used.')
    setActiveIntl(inSpanish)
    expect(errorMessage(used())).toBe('Esta invitación ya se ha usado.')
    expect(errorMessage(used(), 'Inténtalo de nuevo.')).toBe('Esta invitación ya se ha usado.')
    setActiveIntl(inEnglish)
    expect(errorMessage(used())).toBe('This invitation has already been used.')
  })

  it("shows the server's words when there is no reason, or one the catalogue does not know", () => {
    setActiveIntl(inSpanish)
    expect(errorMessage(new ApiRequestError(400, 'VALIDATION_ERROR', 'name: Too long'))).toBe('name: Too long')
    expect(errorMessage(new ApiRequestError(409, 'CONFLICT', 'A newer refusal', 'error.later.added'))).toBe('A newer refusal')
    expect(errorMessage(new Error('Upload failed'))).toBe('Upload failed')
  })

  it("says the client's own failures in the language on screen, with their status", () => {
    setActiveIntl(inSpanish)
    expect(errorMessage(new ApiRequestError(0, NETWORK_ERROR_CODE, 'Network error.', 'error.web.network'))).toBe(
      'Error de red. Comprueba tu conexión y vuelve a intentarlo.',
    )
    expect(errorMessage(new ApiRequestError(502, 'HTTP_502', 'Request failed (502).', 'error.web.requestFailed'))).toBe(
      'La solicitud falló (502).',
    )
  })
})

describe('useErrorMessage', () => {
  const inLanguage =
    (locale: string, messages: Record<string, string>) =>
    ({ children }: { children: ReactNode }) =>
      createElement(IntlProvider, { locale, defaultLocale: 'en', messages }, children)

  it("says a refusal's reason in the component's language, and English as the server wrote it", () => {
    const { result: arabicText } = renderHook(() => useErrorMessage(), { wrapper: inLanguage('ar', arabic) })
    expect(arabicText.current(used())).toBe('استُخدمت هذه الدعوة من قبل.')
    expect(arabicText.current(undefined, 'fallback')).toBe('fallback')
    const { result: englishText } = renderHook(() => useErrorMessage())
    expect(englishText.current(used())).toBe('This invitation has already been used.')
  })
})

describe('logUnexpected', () => {
  afterEach(() => vi.restoreAllMocks())

  it('stays quiet about network failures, refusals and server failures', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    logUnexpected(new ApiRequestError(0, NETWORK_ERROR_CODE, 'Network error'), 'like failed')
    logUnexpected(new ApiRequestError(409, 'CONFLICT', 'Already in your circle'), 'connect failed')
    logUnexpected(new ApiRequestError(429, 'RATE_LIMITED', 'Slow down'), 'retry failed')
    logUnexpected(new ApiRequestError(503, 'UNAVAILABLE', 'Database is asleep'), 'like failed')
    expect(log).not.toHaveBeenCalled()
  })

  it('logs answers that do not match their schema and anything else thrown', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const badAnswer = new ApiRequestError(200, INVALID_RESPONSE_CODE, 'x')
    const bug = new TypeError('x is undefined')
    logUnexpected(badAnswer, 'like failed')
    logUnexpected(bug, 'sign-out failed')
    expect(log.mock.calls).toEqual([
      ['like failed', badAnswer],
      ['sign-out failed', bug],
    ])
  })
})
