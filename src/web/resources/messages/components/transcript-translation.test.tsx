import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { IntlProvider, useIntl } from 'react-intl'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Message } from '#shared/messages.ts'
import english from '#web/i18n/messages/en.json'
import french from '#web/i18n/messages/fr.json'
import { testMessage } from '#web/test/fixtures.ts'

vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: { id: 'me' }, loading: false }) }))

const { TranscriptTranslation } = await import('./transcript-translation.tsx')
const { RetryTranscriptionButton } = await import('./retry-transcription-button.tsx')
const { messageText } = await import('../message-text.ts')

const config = (translationAvailable: boolean) => ({
  googleSignInEnabled: false,
  devMailboxEnabled: false,
  signUpMode: 'open',
  translationAvailable,
})

/** fetch answering /api/config and the translation with the given answers */
function stubFetch(translationAvailable: boolean, translation: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input)
    if (url === '/api/config') return Response.json(config(translationAvailable))
    return Response.json(translation.body, { status: translation.status })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function renderIn(locale: 'en' | 'fr', ui: ReactNode) {
  const messages = locale === 'fr' ? french : english
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale={locale} defaultLocale="en" messages={messages}>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </IntlProvider>
  )
  render(ui, { wrapper })
}

const spokenInEnglish = testMessage({
  id: 'm1',
  processing_status: 'completed',
  transcription: 'See you Sunday',
  transcript_language: null,
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('TranscriptTranslation', () => {
  it('offers nothing when the transcript is already in the reader’s language', async () => {
    const fetchMock = stubFetch(true, { status: 200, body: {} })
    renderIn('en', <TranscriptTranslation message={spokenInEnglish} />)
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.anything()))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('offers nothing when the server cannot translate', async () => {
    const fetchMock = stubFetch(false, { status: 200, body: {} })
    renderIn('fr', <TranscriptTranslation message={spokenInEnglish} />)
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.anything()))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('asks for the translation only when pressed, shows it with the rough note, and folds it back', async () => {
    const fetchMock = stubFetch(true, {
      status: 200,
      body: { text: 'À dimanche', language: 'fr', from: 'en', engine: 'apertium', rough: true },
    })
    renderIn('fr', <TranscriptTranslation message={spokenInEnglish} />)
    const show = await screen.findByRole('button', { name: 'Afficher en français' })
    expect(show.getAttribute('aria-expanded')).toBe('false')
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/translation'))).toBe(false)
    fireEvent.click(show)
    const text = await screen.findByText('À dimanche')
    expect(fetchMock).toHaveBeenCalledWith('/api/messages/m1/translation?to=fr', expect.anything())
    expect(text.getAttribute('lang')).toBe('fr')
    expect(text.getAttribute('dir')).toBe('auto')
    expect(screen.getByText('Traduction automatique, approximative')).toBeTruthy()
    const original = screen.getByRole('button', { name: 'Afficher l’original' })
    expect(original.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(original)
    expect(screen.queryByText('À dimanche')).toBeNull()
  })

  it('says why when the translation is refused', async () => {
    stubFetch(true, {
      status: 503,
      body: { error: { code: 'TRANSLATION_UNAVAILABLE', message: 'No translation engine is available on the server' } },
    })
    renderIn('en', <TranscriptTranslation message={{ ...spokenInEnglish, transcript_language: 'de' }} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Show in English' }))
    expect((await screen.findByRole('alert')).textContent).toBe('No translation engine is available on the server')
  })
})

describe('a language the speech engine cannot transcribe', () => {
  const unsupported: Message = testMessage({
    processing_status: 'failed',
    processing_error_code: 'language_unsupported',
    transcript_language: 'ja',
    transcription: null,
    minutesAgo: 5,
  })

  it('is said plainly in the reader’s language, and no Retry is offered', () => {
    stubFetch(false, { status: 200, body: {} })
    function Status() {
      return <p>{messageText(unsupported, useIntl()).text}</p>
    }
    renderIn('fr', <Status />)
    expect(screen.getByText('Les transcriptions ne sont pas encore disponibles en japonais sur ce Hearth')).toBeTruthy()
    expect(messageText(unsupported).text).toBe("Transcripts aren't available in Japanese on this Hearth yet")
    renderIn('en', <RetryTranscriptionButton message={unsupported} />)
    expect(screen.queryByRole('button', { name: 'Retry transcription' })).toBeNull()
    renderIn('en', <RetryTranscriptionButton message={{ ...unsupported, processing_error_code: null }} />)
    expect(screen.getByRole('button', { name: 'Retry transcription' })).toBeTruthy()
  })
})
